import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { buttonClass, Spinner, TitledSection } from "../../components/ui";
import { deleteLastOrder, readLastOrder } from "../../lib/last-order";
import { useSiteConfig } from "../../lib/site-config";
import { invoiceToPay, paidInFull } from "./amount-due";
import { NextSteps, NoReceipt, OrderDetails, ThankYou } from "./confirmation-sections";
import { useOrderReceipt } from "./order-link";
import { OrderFigures } from "./order-summary";
import { PaymentPanel } from "./payment-panel";

/**
 * The receipt to thank for: the server's, read with the order's link, else the one checkout kept in this
 * browser (read once and deleted; put in the address when it came without the link).
 */
function useConfirmedOrder(orderNumber: string | undefined, token: string | undefined) {
  // read once, then delete: a reload reads the link, or shows the empty state rather than a stale order
  const [local] = useState(readLastOrder);
  const config = useSiteConfig();
  const navigate = useNavigate();
  const linked = Boolean(orderNumber && token);
  const kept = local && (!linked || local.receipt.orderNumber === orderNumber?.trim().toUpperCase()) ? local : null;
  const server = useOrderReceipt(orderNumber, token, kept?.receipt);
  useEffect(() => {
    if (local) deleteLastOrder();
  }, [local]);
  // reached without the link (an older checkout): put it in the address, so that a reload keeps the page
  const keptToken = kept?.receipt.accessToken;
  const keptNumber = kept?.receipt.orderNumber;
  useEffect(() => {
    if (!linked && keptNumber && keptToken) {
      void navigate({ to: "/order-confirmation", search: { order: keptNumber, t: keptToken }, replace: true });
    }
  }, [linked, keptNumber, keptToken, navigate]);

  const receipt = (linked ? server.data : undefined) ?? kept?.receipt;
  return { config, linked, kept, server, receipt };
}

/**
 * The thank-you page. With the order's own link (?order=…&t=…, where checkout lands) it reads the receipt
 * from the server, so it survives a reload or a new tab; the answer checkout kept in this browser
 * (`lastOrderDetails`, read once and deleted) shows meanwhile, and is the page's only source without a link.
 */
export function ConfirmationPage({
  orderNumber,
  token,
}: {
  orderNumber?: string | undefined;
  token?: string | undefined;
}) {
  const { config, linked, kept, server, receipt } = useConfirmedOrder(orderNumber, token);

  if (!receipt) {
    if (linked && server.isPending) return <Spinner label="Loading your order" />;
    return (
      <NoReceipt linked={linked} failed={server.isError} error={server.error} refetch={() => void server.refetch()} />
    );
  }

  // the payment step while the deposit is unpaid (a receipt kept from before invoices has none: unpaid)
  const depositDue = receipt.payment?.invoices.length
    ? invoiceToPay(receipt.payment)?.kind === "deposit"
    : !paidInFull(receipt.payment);
  const linkToken = receipt.accessToken ?? token;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6" data-testid="order-confirmation">
      <ThankYou receipt={receipt} linkToken={linkToken} />
      <PaymentPanel receipt={receipt} />
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <OrderDetails receipt={receipt} kept={kept} />
        <TitledSection id="figures-title" title="Order Summary" titleClassName="mb-2 text-lg font-bold text-slate-900">
          <OrderFigures receipt={receipt} />
        </TitledSection>
      </div>
      <NextSteps receipt={receipt} config={config} depositDue={depositDue} />
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to="/order-status"
          search={linkToken ? { order: receipt.orderNumber, t: linkToken } : { order: receipt.orderNumber }}
          className={buttonClass.dark}
        >
          Track Your Order
        </Link>
        <Link to="/" className={buttonClass.outline}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
