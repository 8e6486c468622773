import { cancellationTerms, deliveryWindow } from "@ch/contracts/business-facts";
import type { MutableRefObject } from "react";
import { buttonClass, DetailRow, FormMessage, TitledSection } from "../../components/ui";
import { formatAmount } from "../../lib/format";
import { depositTerms } from "../../lib/site-config";
import type { OrderQuoteDto } from "./quote";
import type { Checkout, Deposit } from "./use-checkout";

const cents = (n: number) => n / 100;
const ENTER_ADDRESS = "Enter your delivery state and ZIP to see delivery and tax";

function SummaryLines({ checkout: { figures, lines } }: { checkout: Checkout }) {
  return (
    <ul className="mt-4 space-y-3 text-sm">
      {(figures
        ? figures.lines.map((l) => ({ key: l.productId, name: l.name, quantity: l.quantity, total: l.lineTotal }))
        : lines.map((l) => ({
            key: l.id,
            name: l.name,
            quantity: l.quantity,
            total: cents(Math.round(l.price * 100) * l.quantity),
          }))
      ).map((line) => (
        <li key={line.key} className="flex justify-between gap-3" data-testid="checkout-line">
          <span className="text-slate-700">
            {line.name} × {line.quantity}
          </span>
          <span className="font-medium whitespace-nowrap">{formatAmount(line.total)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Delivery, tax, total and the deposit split, once the server has priced the cart. */
function QuotedFigures({
  figures,
  deposit: { deposit, dueNow, balance },
  reviewTotal,
}: {
  figures: OrderQuoteDto;
  deposit: Deposit;
  reviewTotal: MutableRefObject<boolean>;
}) {
  return (
    <>
      <DetailRow
        term={
          <>
            Delivery ({figures.deliveryLabel}
            {figures.miles === null ? "" : `, ${figures.miles.toLocaleString("en-US")} mi`})
          </>
        }
        className="flex justify-between gap-3"
        valueTestId="checkout-delivery"
      >
        {formatAmount(figures.shipping)}
      </DetailRow>
      {figures.taxLines.map((t) => (
        <div key={t.taxClass} className="flex justify-between gap-3" data-testid="checkout-tax-line">
          <dt className="text-slate-600">{t.label}</dt>
          <dd>{formatAmount(t.tax)}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-bold">
        <dt>Total</dt>
        <dd
          data-testid="checkout-total"
          tabIndex={-1}
          ref={(el) => {
            if (el && reviewTotal.current) {
              reviewTotal.current = false;
              el.focus();
            }
          }}
        >
          {formatAmount(figures.totalAmount)}
        </dd>
      </div>
      {deposit && balance ? (
        <>
          <DetailRow
            term={<>Due now ({deposit.depositPercent}% deposit)</>}
            className="flex justify-between font-semibold"
            emphasis
            valueTestId="checkout-due-now"
          >
            {dueNow}
          </DetailRow>
          <DetailRow term="Balance on delivery" className="flex justify-between">
            {balance}
          </DetailRow>
        </>
      ) : null}
    </>
  );
}

function SummaryFigures({ checkout, deposit }: { checkout: Checkout; deposit: Deposit }) {
  const { figures, quoteProblem, quote, pricing, cartSubtotalCents, reviewTotal } = checkout;
  return (
    <div aria-live="polite" className="mt-4 border-t border-slate-200 pt-4 text-sm">
      <dl className="space-y-2">
        <DetailRow term="Subtotal" className="flex justify-between">
          {formatAmount(figures ? figures.subtotal : cents(cartSubtotalCents))}
        </DetailRow>
        {figures ? <QuotedFigures figures={figures} deposit={deposit} reviewTotal={reviewTotal} /> : null}
      </dl>
      {figures ? null : (
        // outside the <dl>: a definition list holds only its term and description groups
        <div data-testid="checkout-quote-note" className="pt-3 text-slate-700">
          {quoteProblem ? (
            <p role="alert" className="text-red-800">
              {quoteProblem}
            </p>
          ) : quote.isFetching || pricing ? (
            <p>Pricing delivery and tax…</p>
          ) : (
            <p>{ENTER_ADDRESS}.</p>
          )}
        </div>
      )}
    </div>
  );
}

export function CheckoutSummary({ checkout, deposit }: { checkout: Checkout; deposit: Deposit }) {
  const { config, errors, submitting, pricing } = checkout;
  return (
    <TitledSection
      id="checkout-summary"
      title="Order Summary"
      as="aside"
      className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm lg:sticky lg:top-24"
      titleClassName="text-xl font-bold text-slate-900"
    >
      <SummaryLines checkout={checkout} />
      <SummaryFigures checkout={checkout} deposit={deposit} />
      <FormMessage message={errors.message} className="mt-6" />
      <button
        type="submit"
        className={`${buttonClass.primary} mt-6 w-full py-3 text-base`}
        disabled={submitting || pricing}
      >
        {submitting ? "Processing..." : "Place Order"}
      </button>
      {config ? (
        <p className="mt-3 text-xs text-slate-600">
          Estimated delivery {deliveryWindow(config)}. {depositTerms(config)}.{" "}
          {cancellationTerms(config.cancellation).window ?? cancellationTerms(config.cancellation).beforeProduction}
        </p>
      ) : null}
    </TitledSection>
  );
}
