// A proposal's figures as the pricing engine computed them: a saved version's (the detail) or the
// editor's running total (proposals.preview, before saving). Nothing is added up here.
import type { ProposalLineDto } from "@ch/contracts/proposals";
import { splitDeposit } from "@ch/contracts/totals";
import { formatUsd } from "../../lib/format";

const money = (cents: number) => formatUsd(cents / 100);

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
  depositPercent: number;
  /** The engine's split when it gave one (a preview); a saved version's is split by the shared rule. */
  depositCents?: number;
}

export function ProposalFigures({ v, testId = "proposal-figures" }: { v: FiguresView; testId?: string }) {
  const deposit = v.depositCents ?? splitDeposit(v.totalCents, v.depositPercent).depositCents;
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
      <dt>Deposit ({v.depositPercent}%)</dt>
      <dd className="text-right tabular-nums">{money(deposit)}</dd>
    </dl>
  );
}
