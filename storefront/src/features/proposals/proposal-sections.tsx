// The proposal as the customer reads it: heading, state, lines, totals and terms.
import type { PublicProposalDto } from "@ch/contracts/proposals";
import { MILESTONE_DUE_LABELS } from "@ch/contracts/totals";
import { Link } from "@tanstack/react-router";
import { Fragment } from "react";
import { TableHead } from "../../components/ui";
import { longDate, money, percent } from "./proposal-format";

export function ProposalHeader({ p }: { p: PublicProposalDto }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">{p.company.name}</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900">Your Proposal</h1>
        <p className="mt-2 text-slate-600">
          Prepared for <strong className="text-slate-900">{p.customerName}</strong>
          {p.deliverTo ? <> · Delivery to {p.deliverTo}</> : null}
        </p>
      </div>
      <div className="text-sm text-slate-600 sm:text-right">
        <p>Version {p.version}</p>
        <p>
          Valid until <strong className="text-slate-900">{longDate(p.validUntil)}</strong>
        </p>
        <button type="button" className="no-print mt-2 text-orange-700 underline" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
    </header>
  );
}

export function StateBanner({ p }: { p: PublicProposalDto }) {
  if (p.state === "expired") {
    return (
      <p role="status" className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900" data-testid="proposal-state">
        This proposal expired on {longDate(p.validUntil)}. Please contact us at {p.company.phone} or {p.company.email}{" "}
        for an updated proposal.
      </p>
    );
  }
  if (p.state === "accepted") {
    return (
      <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 text-green-900" data-testid="proposal-state">
        Accepted by {p.acceptedBy}
        {p.acceptedAt ? ` on ${new Date(p.acceptedAt).toLocaleDateString("en-US", { dateStyle: "long" })}` : ""}.
        {p.orderNumber ? (
          <>
            {" "}
            Your order number is <strong>{p.orderNumber}</strong>:{" "}
            <Link to="/order-status" search={{ order: p.orderNumber }} className="underline">
              follow your order
            </Link>
            .
          </>
        ) : null}
      </p>
    );
  }
  return null;
}

function LinesTable({ lines }: { lines: PublicProposalDto["lines"] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <TableHead columns={LINE_COLUMNS} className="border-b border-slate-200 text-slate-500" />
        <tbody>
          {lines.map((l, i) => (
            <tr key={`${i}-${l.name}`} className="border-b border-slate-100">
              <td className="py-3 pr-4 text-slate-900">{l.name}</td>
              <td className="py-3 pr-4 text-right tabular-nums">{l.quantity}</td>
              <td className="py-3 pr-4 text-right tabular-nums">{money(l.unitPriceCents)}</td>
              <td className="py-3 text-right tabular-nums">{money(l.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const LINE_COLUMNS = [
  ["Item", "py-2 pr-4 font-medium"],
  ["Qty", "py-2 pr-4 text-right font-medium"],
  ["Unit price", "py-2 pr-4 text-right font-medium"],
  ["Amount", "py-2 text-right font-medium"],
] as const;

function ProposalTotals({ p }: { p: PublicProposalDto }) {
  return (
    <dl
      className="ml-auto mt-6 grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm"
      data-testid="proposal-totals"
    >
      <dt className="text-slate-600">Subtotal</dt>
      <dd className="text-right tabular-nums">{money(p.subtotalCents)}</dd>
      {p.discountCents > 0 ? (
        <>
          <dt className="text-slate-600">Discount</dt>
          <dd className="text-right tabular-nums">−{money(p.discountCents)}</dd>
        </>
      ) : null}
      <dt className="text-slate-600">Delivery{p.deliveryLabel ? ` (${p.deliveryLabel})` : ""}</dt>
      <dd className="text-right tabular-nums">{money(p.deliveryCents)}</dd>
      {p.taxLines.length > 0 ? (
        p.taxLines.map((t) => (
          <Fragment key={t.taxClass}>
            <dt className="text-slate-600">{t.label}</dt>
            <dd className="text-right tabular-nums">{money(t.taxCents)}</dd>
          </Fragment>
        ))
      ) : (
        <>
          <dt className="text-slate-600">
            Sales tax ({p.taxState} {percent(p.taxRateBasisPoints)})
          </dt>
          <dd className="text-right tabular-nums">{money(p.taxCents)}</dd>
        </>
      )}
      <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-900">Total</dt>
      <dd className="border-t border-slate-200 pt-2 text-right font-semibold tabular-nums" data-testid="proposal-total">
        {money(p.totalCents)}
      </dd>
      {p.paymentSchedule.map((m, i) => (
        <Fragment key={`${m.dueOn}-${m.label}`}>
          <dt className={i === 0 ? "font-semibold text-orange-800" : "text-slate-600"}>
            {m.label} due {MILESTONE_DUE_LABELS[m.dueOn]} ({m.percent}%)
          </dt>
          <dd
            className={`text-right tabular-nums ${i === 0 ? "font-semibold text-orange-800" : ""}`}
            data-testid={i === 0 ? "proposal-deposit" : "proposal-milestone"}
          >
            {money(m.amountCents)}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function ProposalLines({ p }: { p: PublicProposalDto }) {
  return (
    <section aria-labelledby="lines-title" className="mt-8">
      <h2 id="lines-title" className="sr-only">
        Lines
      </h2>
      <LinesTable lines={p.lines} />
      <ProposalTotals p={p} />
    </section>
  );
}

export function ProposalTerms({ terms }: { terms: PublicProposalDto["terms"] }) {
  return terms ? (
    <section aria-labelledby="terms-title" className="mt-8 rounded-xl bg-slate-50 p-5">
      <h2 id="terms-title" className="text-lg font-semibold text-slate-900">
        Terms
      </h2>
      <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{terms}</p>
    </section>
  ) : null;
}
