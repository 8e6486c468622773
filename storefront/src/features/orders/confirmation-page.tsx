import { formatWeeks, yearsLabel } from "@ch/api/contracts/business-facts";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { CheckIcon } from "../../components/icons";
import { buttonClass } from "../../components/ui";
import { formatDate } from "../../lib/format";
import { deleteLastOrder, readLastOrder } from "../../lib/last-order";
import { type SiteConfig, useSiteConfig } from "../../lib/site-config";
import { OrderFigures, paymentLabel } from "./order-summary";
import { PaymentPanel } from "./payment-panel";

/** The steps after payment; the lead time and warranty are the business settings'. */
function nextSteps(config: SiteConfig | undefined): string[] {
  return [
    "Your project manager will contact you within 2-3 business days.",
    ...(config
      ? [
          `Production of your container home takes ${formatWeeks(config.production)}.`,
          `Every home carries a ${yearsLabel(config.warranty.structuralYears)} structural warranty.`,
        ]
      : []),
  ];
}

export function ConfirmationPage() {
  // read once, then delete: a reload shows the empty state rather than a stale order
  const [order] = useState(readLastOrder);
  const config = useSiteConfig();
  useEffect(() => {
    if (order) deleteLastOrder();
  }, [order]);

  if (!order) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">No Recent Order</h1>
        <p className="mt-3 text-slate-600">
          We couldn't find an order placed from this browser just now. If you placed one, look it up with your order
          number and e-mail address.
        </p>
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

  const { receipt } = order;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <div className="text-center">
        <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-green-100 text-green-700">
          <CheckIcon className="h-8 w-8" />
        </span>
        <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">Thank You for Your Order!</h1>
        <p className="mt-3 text-slate-600">
          We have received your order and will keep you updated at <strong>{receipt.email}</strong>.
        </p>
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
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
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Deliver to</dt>
              <dd className="text-right">
                {order.firstName} {order.lastName}
                <br />
                {order.address}, {order.city}, {order.state} {order.zipCode}
              </dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="figures-title" className="rounded-2xl border border-slate-200 p-6 shadow-sm">
          <h2 id="figures-title" className="mb-2 text-lg font-bold text-slate-900">
            Order Summary
          </h2>
          <OrderFigures receipt={receipt} />
        </section>
      </div>
      <PaymentPanel receipt={receipt} />
      <section aria-labelledby="next-title" className="mt-6 rounded-2xl bg-slate-900 p-6 text-white sm:p-8">
        <h2 id="next-title" className="text-xl font-bold">
          Next Steps
        </h2>
        <ol className="mt-4 space-y-3">
          <li className="flex gap-3">
            <span className="font-bold text-amber-400">1.</span>
            <span>
              {receipt.paymentMethod === "usdt"
                ? "Send the amount due now in USDT on the TRC20 network, if you haven't already,"
                : "Watch your inbox: an agent will e-mail our bank details within 1 business hour. Make the transfer"}{" "}
              and e-mail your receipt with order number {receipt.orderNumber} to{" "}
              {config ? (
                <a href={`mailto:${config.company.email}`} className="font-semibold text-amber-400 underline">
                  {config.company.email}
                </a>
              ) : (
                "our team"
              )}
              .
            </span>
          </li>
          {nextSteps(config).map((step, i) => (
            <li key={step} className="flex gap-3">
              <span className="font-bold text-amber-400">{i + 2}.</span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </section>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/order-status" search={{ order: receipt.orderNumber }} className={buttonClass.dark}>
          Track Your Order
        </Link>
        <Link to="/" className={buttonClass.outline}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
