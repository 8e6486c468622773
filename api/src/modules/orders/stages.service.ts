// An order's build stages. The one table of allowed moves is api/src/contracts/stages.ts; this file
// enforces it (409 otherwise), keeps the legacy status columns in step for the documented payloads,
// writes the timeline (order_events) and e-mails the customer through the outbox, all in the caller's
// transaction so that a stage, its timeline row and its e-mail exist together or not at all.
import { type Executor, rowsOf, schema } from "@ch/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  canMoveStage,
  ORDER_STAGE_LABELS,
  ORDER_STAGES,
  type OrderStage,
  PAYMENT_DRIVEN_STAGES,
  staffMoves,
} from "../../contracts/stages";
import type { Deps } from "../../lib/deps";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { recordAudit } from "../audit/audit.service";
import { markLeadWonForOrder } from "../leads/leads.service";
import { escapeHtml } from "../notifications/messages";
import { enqueue } from "../notifications/outbox";
import { defaultSettings, siteUrlOf } from "../settings/settings.service";
import { emitWebhookEvent } from "../webhooks/events";

const { orders, orderEvents } = schema;

/** The legacy `orders.status` each stage reads as (the documented order payloads still carry it). */
export const LEGACY_STATUS: Record<OrderStage, string> = {
  awaiting_deposit: "pending",
  deposit_received: "confirmed",
  in_production: "in_production",
  quality_check: "in_production",
  ready_for_delivery: "in_production",
  delivered: "delivered",
  balance_paid: "delivered",
  completed: "delivered",
  cancelled: "cancelled",
};

export type StageDeps = Pick<Deps, "db" | "env" | "log" | "clock">;

export interface MoveStageInput {
  orderId: number;
  to: OrderStage;
  /** Who moves it: a staff username (or "api key …"), "customer" or "system" (the ledger). */
  actor: string;
  /** The staff account's id, for the audit log (null for the customer and the system). */
  actorId?: number | null;
  /** Required when cancelling. */
  reason?: string | undefined;
  /** Only the payment ledger (as the system) may move the payment stages (deposit_received, balance_paid). */
  bySystem?: boolean;
}

export interface OrderEventInput {
  orderId: number;
  kind: string;
  actor: string;
  fromStage?: string | null;
  toStage?: string | null;
  data?: Record<string, unknown>;
  at?: Date;
}

/** Adds one row to the order's timeline. */
export async function recordOrderEvent(db: Executor, event: OrderEventInput): Promise<void> {
  await db.insert(orderEvents).values({
    orderId: event.orderId,
    kind: event.kind,
    actor: event.actor,
    fromStage: event.fromStage ?? null,
    toStage: event.toStage ?? null,
    data: event.data ?? {},
    ...(event.at ? { createdAt: event.at } : {}),
  });
}

const isStage = (value: string): value is OrderStage => (ORDER_STAGES as readonly string[]).includes(value);

/** What the customer reads when their order reaches a stage. */
const STAGE_SENTENCES: Record<OrderStage, string> = {
  awaiting_deposit: "Your order is waiting for its deposit.",
  deposit_received: "We have received your deposit. Your build is scheduled for production.",
  in_production: "Your home is now in production at our yard.",
  quality_check: "Your home is through production and in our quality check.",
  ready_for_delivery:
    "Your home has passed its quality check and is ready for delivery. We will call you to schedule the day.",
  delivered: "Your home has been delivered. The balance is now due.",
  balance_paid: "We have received your balance payment. Thank you!",
  completed: "Your order is complete. Thank you for building with us!",
  cancelled: "Your order has been cancelled.",
};

/**
 * The business's name and contacts, read through `db` (the caller's transaction: on the embedded
 * database a read outside it would wait for it to end).
 */
async function companyOf(db: Executor, deps: StageDeps) {
  const defaults = defaultSettings(deps.env).company;
  const [row] = rowsOf<{ data: { company?: Partial<typeof defaults> } | null }>(
    await db.execute(sql`select data from business_settings where id = 1`),
  );
  return { ...defaults, ...(row?.data?.company ?? {}) };
}

async function stageEmail(
  db: Executor,
  deps: StageDeps,
  order: { id: number; orderNumber: string; firstName: string; email: string },
  to: OrderStage,
  reason: string | null,
) {
  const company = await companyOf(db, deps);
  const statusUrl = `${siteUrlOf(deps.env)}/order-status?order=${encodeURIComponent(order.orderNumber)}`;
  const label = ORDER_STAGE_LABELS[to];
  const sentence = STAGE_SENTENCES[to];
  const text = [
    // no name: the address was typed into the checkout form and nobody has proven it is the visitor's
    "Hello,",
    "",
    `Order ${order.orderNumber}: ${label}.`,
    sentence,
    ...(reason ? [`Reason: ${reason}`] : []),
    "",
    `Follow your order: ${statusUrl}`,
    "(look it up with your order number and this e-mail address)",
    "",
    `${company.name} · ${company.phone} · ${company.email}`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<h1 style="font-size:20px;margin:0 0 12px">Order ${escapeHtml(order.orderNumber)}: ${escapeHtml(label)}</h1>
<p>Hello,</p>
<p>${escapeHtml(sentence)}</p>
${reason ? `<p><strong>Reason:</strong> ${escapeHtml(reason)}</p>` : ""}
<p><a href="${escapeHtml(statusUrl)}">Follow your order</a> (look it up with your order number and this e-mail address)</p>
<p style="margin-top:24px;font-size:13px;color:#57534e">${escapeHtml(company.name)} · ${escapeHtml(company.phone)} · ${escapeHtml(company.email)}</p>
</div></body></html>`;
  return {
    channel: "email" as const,
    kind: `order-stage-${to}`,
    recipient: order.email,
    subject: `Your order ${order.orderNumber}: ${label}`,
    bodyText: text,
    bodyHtml: html,
    entityType: "order",
    entityId: order.id,
    payload: { stage: to },
  };
}

/**
 * Moves an order to another stage, in `db` (pass the caller's transaction). Refuses (409) a move the
 * stages table does not allow, and a payment stage asked by staff; a cancel needs a reason (400).
 * Returns the order's stage after the move.
 */
export async function moveOrderStage(
  db: Executor,
  input: MoveStageInput,
  deps: StageDeps,
): Promise<{ stage: OrderStage; stageChangedAt: Date }> {
  const to = input.to;
  if (!isStage(to)) throw badRequest("Unknown stage", [{ path: ["stage"], message: `Unknown stage "${String(to)}"` }]);
  const reason = input.reason?.trim() || null;
  if (to === "cancelled" && !reason) {
    throw badRequest("A cancellation needs a reason", [
      { path: ["reason"], message: "Say why the order is cancelled" },
    ]);
  }
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      firstName: orders.firstName,
      email: orders.email,
      stage: orders.stage,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for("update")
    .limit(1);
  if (!order) throw notFound("Order not found");
  const from = order.stage as OrderStage;
  if (PAYMENT_DRIVEN_STAGES.includes(to) && !input.bySystem) {
    throw conflict(`"${ORDER_STAGE_LABELS[to]}" is set by the payments recorded, not by hand`, { stage: from });
  }
  if (!isStage(from) || !canMoveStage(from, to)) {
    throw conflict(
      `An order cannot move from "${isStage(from) ? ORDER_STAGE_LABELS[from] : from}" to "${ORDER_STAGE_LABELS[to]}"`,
      { stage: from },
    );
  }
  const now = deps.clock.now();
  await db
    .update(orders)
    .set({
      stage: to,
      stageChangedAt: now,
      status: LEGACY_STATUS[to],
      ...(to === "cancelled" ? { cancelReason: reason } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
  await recordOrderEvent(db, {
    orderId: order.id,
    kind: "stage",
    actor: input.actor,
    fromStage: from,
    toStage: to,
    data: reason ? { reason } : {},
    at: now,
  });
  await recordAudit(db, { id: input.actorId ?? null, username: input.actor }, "order.stage", "order", order.id, {
    orderNumber: order.orderNumber,
    from,
    to,
    ...(reason ? { reason } : {}),
  });
  if (to === "completed") await markLeadWonForOrder(db, order.id);
  await enqueue(db, deps.env, [await stageEmail(db, deps, order, to, reason)]);
  await emitWebhookEvent(
    db,
    "order.stage_changed",
    {
      orderId: order.id,
      orderNumber: order.orderNumber,
      from,
      to,
      reason,
      by: input.actor,
      changedAt: now.toISOString(),
    },
    now,
  );
  return { stage: to, stageChangedAt: now };
}

/** The order's stage history (oldest first): when each stage was reached and who moved it. */
export async function listStageEvents(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderEvents.orderId,
      fromStage: orderEvents.fromStage,
      toStage: orderEvents.toStage,
      actor: orderEvents.actor,
      data: orderEvents.data,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.kind, "stage")))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/**
 * The pipeline board: orders by stage (newest stage change first, at most 500), each with its total and
 * what is still outstanding (invoiced − recorded payments, from the ledger), and the moves staff may make.
 */
export async function pipelineBoard(db: Executor) {
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
  }>(
    await db.execute(sql`
      select o.id, o.order_number, o.first_name, o.last_name, o.stage, o.stage_changed_at, o.total_cents,
        o.cancel_reason, o.proposal_id,
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
    };
  });
}

/** The stages an order has reached, with their dates, for the customer's order-status page. */
export async function stageHistory(db: Executor, orderId: number) {
  const events = await listStageEvents(db, [orderId]);
  return events.map((e) => ({ stage: e.toStage, at: e.createdAt.toISOString() }));
}
