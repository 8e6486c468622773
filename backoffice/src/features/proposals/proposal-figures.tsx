// A proposal's figures as the pricing engine computed them: a saved version's (the detail) or the
// editor's running total (proposals.preview, before saving). Nothing is added up here.
import type { ProposalFiguresDto, ProposalLineDto } from "@ch/contracts/proposals";
import { MILESTONE_DUE_LABELS } from "@ch/contracts/totals";
import { formatCents as money } from "../../lib/format";

export interface FiguresView {
  lines: ProposalLineDto[];
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  deliveryLabel: string;
  taxState: string;
  taxLines: { taxClass: string; label: string; taxCents: number }[];
  taxCents: number;
  totalCents: number;
  /** Each milestone with its amount, as the server split the total (the first is the deposit). */
  paymentSchedule: ProposalFiguresDto["paymentSchedule"];
}

export function ProposalFigures({ v, testId = "proposal-figures" }: { v: FiguresView; testId?: string }) {
  return (
    <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid={testId}>
      {v.lines.map((l, i) => (
        <div key={i} className="contents">
          <dt>
            {l.name} × {l.quantity}
          </dt>
          <dd className="text-right tabular-nums">{money(l.lineTotalCents)}</dd>
        </div>
      ))}
      <dt className="border-t pt-1">Subtotal</dt>
      <dd className="border-t pt-1 text-right tabular-nums">{money(v.subtotalCents)}</dd>
      <dt>Discount</dt>
      <dd className="text-right tabular-nums">−{money(v.discountCents)}</dd>
      <dt>Delivery {v.deliveryLabel ? `(${v.deliveryLabel})` : ""}</dt>
      <dd className="text-right tabular-nums">{money(v.deliveryCents)}</dd>
      {v.taxLines.length > 0 ? (
        v.taxLines.map((t) => (
          <div key={t.taxClass} className="contents">
            <dt>{t.label}</dt>
            <dd className="text-right tabular-nums">{money(t.taxCents)}</dd>
          </div>
        ))
      ) : (
        <>
          <dt>Tax ({v.taxState})</dt>
          <dd className="text-right tabular-nums">{money(v.taxCents)}</dd>
        </>
      )}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid={`${testId}-total`}>
        {money(v.totalCents)}
      </dd>
      {v.paymentSchedule.map((m, i) => (
        <div key={i} className="contents" data-testid={`${testId}-milestone`}>
          <dt className={i === 0 ? "border-t pt-1" : ""}>
            {m.label} ({m.percent}%), due {MILESTONE_DUE_LABELS[m.dueOn]}
          </dt>
          <dd className={`text-right tabular-nums ${i === 0 ? "border-t pt-1" : ""}`}>{money(m.amountCents)}</dd>
        </div>
      ))}
    </dl>
  );
}
