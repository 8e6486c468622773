// The thank-you page's parts: the empty and failed states, the heading, the order's details and the next steps.
import { cancellationTerms, deliveryWindow, formatWeeks, yearsLabel } from "@ch/contracts/business-facts";
import type { OrderReceiptDto } from "@ch/contracts/orders";
import { Link } from "@tanstack/react-router";
import { CheckIcon } from "../../components/icons";
import { buttonClass, DetailRow, TitledSection } from "../../components/ui";
import { ApiError } from "../../lib/api";
import { formatDate } from "../../lib/format";
import type { LastOrder } from "../../lib/last-order";
import type { SiteConfig } from "../../lib/site-config";
import { invoiceToPay } from "./amount-due";
import { paymentLabel } from "./order-summary";

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

export function Missing({ title, text }: { title: string; text: string }) {
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

/** No receipt to show: the link's order is missing or failed to load, or this browser placed none. */
export function NoReceipt({
  linked,
  failed,
  error,
  refetch,
}: {
  linked: boolean;
  failed: boolean;
  error: unknown;
  refetch: () => void;
}) {
  if (linked && failed) {
    return error instanceof ApiError && error.status === 404 ? (
      <Missing
        title="Order Not Found"
        text="This link does not open an order. Please check the link in your e-mail, or look your order up with its number and your e-mail address."
      />
    ) : (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
        <h1 className="text-3xl font-bold text-slate-900">Order Unavailable</h1>
        <p className="mt-3 text-slate-600">We couldn't load your order right now. Please try again in a moment.</p>
        <button type="button" className={`${buttonClass.primary} mt-8`} onClick={refetch}>
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

export function ThankYou({ receipt, linkToken }: { receipt: OrderReceiptDto; linkToken: string | undefined }) {
  return (
    <div className="text-center">
      <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-green-100 text-green-700">
        <CheckIcon className="h-8 w-8" />
      </span>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">Thank You for Your Order!</h1>
      <p className="mt-3 text-slate-600">
        We have received order <strong className="font-mono text-slate-900">{receipt.orderNumber}</strong> and will keep
        you updated at <strong>{receipt.email}</strong>.
      </p>
      {linkToken ? (
        <p className="mt-2 text-sm text-slate-600">
          Keep this page's address: it opens your order again, in any browser.
        </p>
      ) : null}
    </div>
  );
}

export function OrderDetails({ receipt, kept }: { receipt: OrderReceiptDto; kept: LastOrder | null }) {
  return (
    <TitledSection id="details-title" title="Order Details">
      <dl className="mt-4 space-y-3 text-sm">
        <DetailRow
          term="Order number"
          className="flex justify-between gap-4"
          valueClassName="font-mono font-bold text-slate-900"
          valueTestId="order-number"
        >
          {receipt.orderNumber}
        </DetailRow>
        <DetailRow term="Order date" className="flex justify-between gap-4">
          {formatDate(receipt.createdAt)}
        </DetailRow>
        <DetailRow term="Payment method" className="flex justify-between gap-4">
          {paymentLabel(receipt.paymentMethod)}
        </DetailRow>
        <DetailRow term="Estimated delivery" className="flex justify-between gap-4">
          {formatDate(receipt.estimatedDelivery)}
        </DetailRow>
        {/* the address is known only to the browser that placed the order (the link's answer has none) */}
        {kept && kept.receipt.orderNumber === receipt.orderNumber ? (
          <DetailRow term="Deliver to" className="flex justify-between gap-4" valueClassName="text-right">
            {kept.firstName} {kept.lastName}
            <br />
            {kept.address}, {kept.city}, {kept.state} {kept.zipCode}
          </DetailRow>
        ) : (
          <DetailRow term="Customer" className="flex justify-between gap-4" valueClassName="text-right">
            {receipt.firstName} {receipt.lastName}
          </DetailRow>
        )}
      </dl>
    </TitledSection>
  );
}

export function NextSteps({
  receipt,
  config,
  depositDue,
}: {
  receipt: OrderReceiptDto;
  config: SiteConfig | undefined;
  depositDue: boolean;
}) {
  return (
    <TitledSection
      id="next-title"
      title="Next Steps"
      className="mt-6 rounded-2xl bg-slate-900 p-6 text-white sm:p-8"
      titleClassName="text-xl font-bold"
    >
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
    </TitledSection>
  );
}
