// The pipeline board of the back office: orders by stage, with what they owe and the moves staff may make.

import { type OrderStage, staffMoves } from "@ch/contracts/stages";
import { type Executor, rowsOf } from "@ch/db";
import { sql } from "drizzle-orm";

import { isStage, undoRecordOf } from "./stage-timeline";

/**
 * The pipeline board: orders by stage (newest stage change first, at most 500), each with its total and
 * what is still outstanding (invoiced − recorded payments, from the ledger), the moves staff may make,
 * and the last move while it may still be undone (until when, and back to which stage).
 */
export async function pipelineBoard(db: Executor, now: Date) {
  const rows = rowsOf<{
    id: number;
    order_number: string;
    first_name: string;
    last_name: string;
    stage: string;
    stage_changed_at: string | Date;
    total_cents: number | string;
    invoiced_cents: number | string;
    paid_cents: number | string;
    cancel_reason: string | null;
    proposal_id: number | null;
    last_move: { to_stage: string | null; data: unknown } | null;
  }>(
    await db.execute(sql`
      select o.id, o.order_number, o.first_name, o.last_name, o.stage, o.stage_changed_at, o.total_cents,
        o.cancel_reason, o.proposal_id,
        (select json_build_object('to_stage', e.to_stage, 'data', e.data) from order_events e
          where e.order_id = o.id and e.kind = 'stage' order by e.id desc limit 1) as last_move,
        coalesce((select sum(i.amount_cents) from invoices i where i.order_id = o.id and i.status <> 'void'), 0)::bigint as invoiced_cents,
        coalesce((select sum(p.amount_cents) from payments p where p.order_id = o.id and p.status = 'recorded'), 0)::bigint as paid_cents
      from orders o
      order by o.stage_changed_at desc, o.id desc
      limit 500`),
  );
  return rows.map((row) => {
    // money columns are bigint: postgres.js reads them as strings, PGlite as numbers
    const r = {
      ...row,
      total_cents: Number(row.total_cents),
      invoiced_cents: Number(row.invoiced_cents),
      paid_cents: Number(row.paid_cents),
    };
    const stage = (isStage(r.stage) ? r.stage : "awaiting_deposit") as OrderStage;
    // postgres.js hands json as a string when it cannot tell the type
    const last = typeof r.last_move === "string" ? JSON.parse(r.last_move) : r.last_move;
    const undo = last?.to_stage === stage ? undoRecordOf(last.data) : null;
    return {
      id: r.id,
      orderNumber: r.order_number,
      customer: `${r.first_name} ${r.last_name}`.trim(),
      stage,
      stageChangedAt: new Date(r.stage_changed_at).toISOString(),
      totalCents: r.total_cents,
      paidCents: r.paid_cents,
      // an order placed before invoices existed owes its total
      outstandingCents: (r.invoiced_cents > 0 ? r.invoiced_cents : r.total_cents) - r.paid_cents,
      cancelReason: r.cancel_reason,
      proposalId: r.proposal_id,
      moves: staffMoves(stage),
      undo: undo && Date.parse(undo.until) > now.getTime() ? { until: undo.until, back: undo.back } : null,
    };
  });
}
