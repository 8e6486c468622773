import { cancellationTerms, deliveryWindow, formatWeeks, yearsLabel } from "@ch/api/contracts/business-facts";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { CheckIcon } from "../../components/icons";
import { buttonClass, Spinner } from "../../components/ui";
import { ApiError } from "../../lib/api";
import { formatDate } from "../../lib/format";
import { deleteLastOrder, readLastOrder } from "../../lib/last-order";
import { type SiteConfig, useSiteConfig } from "../../lib/site-config";
import { invoiceToPay, paidInFull } from "./amount-due";
import { useOrderReceipt } from "./order-link";
import { OrderFigures, paymentLabel } from "./order-summary";
import { PaymentPanel } from "./payment-panel";

/** The steps after payment; the lead times, cancellation window and warranty are the business settings'. */
function nextSteps(config: SiteConfig | undefined): string[] {
  const cancellation = config ? cancellationTerms(config.cancellation) : null;
  return [
    "Your project manager will contact you within 2-3 business days.",
    ...(config && cancellation
      ? [
          `Production of your container home takes ${formatWeeks(config.production)}; delivery is ${deliveryWindow(config)}.`,
          cancellation.window ?? cancellation.beforeProduction,
          `Every home carries a ${yearsLabel(config.warranty.structuralYears)} structural warranty.`,
        ]
      : []),
  ];
}

/** The first step while the deposit is unpaid: how its payment reaches us, per method. */
function payStep(paymentMethod: string, reference: string | undefined, bankReady: boolean): string {
  if (paymentMethod === "usdt") {
    return "Send the exact amount due now in USDT on the TRC20 network, if you haven't already: it is recorded automatically once the transfer confirms, and we e-mail you.";
  }
  const ref = reference ? ` with the reference ${reference}` : "";
  return bankReady
    ? `Make the bank transfer shown above${ref}: we match it to your order and e-mail you when it is recorded.`
    : `Watch your inbox for our bank details, then make the transfer${ref}: we match it to your order and e-mail you when it is recorded.`;
}

function Missing({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/order-status" className={buttonClass.primary}>
          Check Order Status
        </Link>
        <Link to="/products/{-$category}" params={{ category: undefined }} className={buttonClass.outline}>
          Browse Products
        </Link>
      </div>
    </div>
  );
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
  if (!receipt) {
    if (linked && server.isPending) return <Spinner label="Loading your order" />;
    if (linked && server.isError) {
      return server.error instanceof ApiError && server.error.status === 404 ? (
        <Missing
          title="Order Not Found"
          text="This link does not open an order. Please check the link in your e-mail, or look your order up with its number and your e-mail address."
        />
      ) : (
        <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
          <h1 className="text-3xl font-bold text-slate-900">Order Unavailable</h1>
          <p className="mt-3 text-slate-600">We couldn't load your order right now. Please try again in a moment.</p>
          <button type="button" className={`${buttonClass.primary} mt-8`} onClick={() => void server.refetch()}>
            Try Again
          </button>
        </div>
      );
    }
    return (
      <Missing
        title="No Recent Order"
        text="We couldn't find an order placed from this browser just now. If you placed one, look it up with your order number and e-mail address."
      />
    );
  }

  // the payment step while the deposit is unpaid (a receipt kept from before invoices has none: unpaid)
  const depositDue = receipt.payment?.invoices.length
    ? invoiceToPay(receipt.payment)?.kind === "deposit"
    : !paidInFull(receipt.payment);
  const linkToken = receipt.accessToken ?? token;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6" data-testid="order-confirmation">
      <div className="text-center">
        <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-green-100 text-green-700">
          <CheckIcon className="h-8 w-8" />
        </span>
        <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">Thank You for Your Order!</h1>
        <p className="mt-3 text-slate-600">
          We have received order <strong className="font-mono text-slate-900">{receipt.orderNumber}</strong> and will
          keep you updated at <strong>{receipt.email}</strong>.
        </p>
        {linkToken ? (
          <p className="mt-2 text-sm text-slate-600">
            Keep this page's address: it opens your order again, in any browser.
          </p>
        ) : null}
      </div>
      <PaymentPanel receipt={receipt} />
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="details-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
          <h2 id="details-title" className="text-lg font-bold text-slate-900">
            Order Details
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Order number</dt>
              <dd className="font-mono font-bold text-slate-900" data-testid="order-number">
                {receipt.orderNumber}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Order date</dt>
              <dd>{formatDate(receipt.createdAt)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Payment method</dt>
              <dd>{paymentLabel(receipt.paymentMethod)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Estimated delivery</dt>
              <dd>{formatDate(receipt.estimatedDelivery)}</dd>
            </div>
            {/* the address is known only to the browser that placed the order (the link's answer has none) */}
            {kept && kept.receipt.orderNumber === receipt.orderNumber ? (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">Deliver to</dt>
                <dd className="text-right">
                  {kept.firstName} {kept.lastName}
                  <br />
                  {kept.address}, {kept.city}, {kept.state} {kept.zipCode}
                </dd>
              </div>
            ) : (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">Customer</dt>
                <dd className="text-right">
                  {receipt.firstName} {receipt.lastName}
                </dd>
              </div>
            )}
          </dl>
        </section>
        <section aria-labelledby="figures-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
          <h2 id="figures-title" className="mb-2 text-lg font-bold text-slate-900">
            Order Summary
          </h2>
          <OrderFigures receipt={receipt} />
        </section>
      </div>
      <section aria-labelledby="next-title" className="mt-6 rounded-2xl bg-slate-900 p-6 text-white sm:p-8">
        <h2 id="next-title" className="text-xl font-bold">
          Next Steps
        </h2>
        <ol className="mt-4 space-y-3">
          {depositDue ? (
            <li className="flex gap-3">
              <span className="font-bold text-amber-400">1.</span>
              <span data-testid="pay-step">
                {payStep(
                  receipt.paymentMethod,
                  invoiceToPay(receipt.payment)?.reference,
                  Boolean(receipt.payment?.bankAccount),
                )}
              </span>
            </li>
          ) : null}
          {nextSteps(config).map((step, i) => (
            <li key={step} className="flex gap-3">
              <span className="font-bold text-amber-400">{i + (depositDue ? 2 : 1)}.</span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </section>
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
