import type { PublicProposalDto } from "@ch/contracts/proposals";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { buttonClass } from "../../components/ui";
import { AmountDue } from "../orders/amount-due";
import { useOrderReceipt } from "../orders/order-link";
import { type AcceptAnswer, money, type PaymentMethod } from "./proposal-format";

/**
 * The order the acceptance created: its number, what is due now (the deposit: for USDT its exact amount,
 * the wallet with copy buttons and the QR code; for a bank transfer its reference), and a link to the
 * order's confirmation page. The amounts come with the answer; an answer without them is completed from
 * the order's own link (GET /api/orders/{orderNumber}/receipt?t=…).
 */
export function AcceptedOrder({
  answer,
  paymentMethod,
  p,
}: {
  answer: AcceptAnswer;
  paymentMethod: PaymentMethod;
  p: PublicProposalDto;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const fetched = useOrderReceipt(
    answer.payment ? undefined : answer.orderNumber,
    answer.payment ? undefined : answer.accessToken,
  );
  const payment = answer.payment ?? fetched.data?.payment;
  const method = fetched.data?.paymentMethod ?? paymentMethod;
  return (
    <section
      aria-labelledby="accepted-title"
      className="no-print mt-10 rounded-2xl border border-green-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="proposal-accepted"
    >
      <h2 id="accepted-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        Thank you: your order <span className="font-mono">{answer.orderNumber}</span> is placed
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We sent the details to <strong>{answer.email}</strong>.{" "}
        {p.paymentSchedule.length > 2
          ? `The rest, ${money(answer.balanceCents)}, falls due by the payment schedule above.`
          : `The balance of ${money(answer.balanceCents)} is due on delivery.`}
      </p>
      <div className="mt-4">
        {payment ? (
          <AmountDue paymentMethod={method} payment={payment} depositPercent={p.depositPercent} />
        ) : (
          <div className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="amount-due">
            <p className="flex flex-wrap items-baseline justify-between gap-2 font-semibold text-slate-900">
              <span>Due now · Deposit ({p.depositPercent}%)</span>
              <span className="text-2xl font-bold tabular-nums">{money(answer.depositCents)}</span>
            </p>
            {answer.accessToken && fetched.isPending ? (
              <p role="status" className="mt-2 text-sm text-slate-700">
                Loading the payment details…
              </p>
            ) : (
              <p className="mt-2 text-sm text-slate-700">
                We e-mail you how to pay it{method === "usdt" ? ", with the exact USDT amount and our wallet" : ""}.
              </p>
            )}
          </div>
        )}
      </div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {answer.accessToken ? (
          <Link
            to="/order-confirmation"
            search={{ order: answer.orderNumber, t: answer.accessToken }}
            className={buttonClass.primary}
          >
            View Your Order
          </Link>
        ) : (
          <Link to="/order-status" search={{ order: answer.orderNumber }} className={buttonClass.primary}>
            Follow Your Order
          </Link>
        )}
      </div>
    </section>
  );
}
