// An order's build stages. The one table of allowed moves is api/src/contracts/stages.ts; this file
// enforces it (409 otherwise), keeps the legacy status columns in step for the documented payloads,
// writes the timeline (order_events) and e-mails the customer through the outbox, all in the caller's
// transaction so that a stage, its timeline row and its e-mail exist together or not at all.
// A staff move can be undone for a short while (env STAGE_UNDO_MS): its e-mail waits in the outbox until
// then, and the undo withdraws it and puts the order back without e-mailing anyone. Everything the undo
// needs is in the move's timeline row (data.undo), so any process may answer it.
import { type Executor, rowsOf, schema } from "@ch/db";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
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
import { type Actor, recordAudit } from "../audit";
import { markLeadWonForOrder } from "../leads";
import { ledger } from "../ledger";
import { composeEmail, type EmailBlock, enqueue, paymentInstructions, withdrawBeforeDue } from "../notifications";
import { settingsIn, siteUrlOf } from "../settings";
import { emitWebhookEvent } from "../webhooks";

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
  /**
   * No stage e-mail: the caller's own e-mail tells the customer (a payment's receipt names the stage it
   * reached; a delivery whose balance is already paid goes on to "balance paid", which has the e-mail).
   */
  silent?: boolean;
  /**
   * The move may be undone until `until`: the customer's e-mail waits until then. Moves of one staff
   * command share a `group` (delivered and the balance paid it leads to) and are undone together, back to
   * `back` (the stage before the command) as it stood since `backSince`; both default to this move's own.
   */
  undoable?: { group: string; until: Date; back?: OrderStage; backSince?: Date };
}

/** What a move's timeline row keeps for its undo (order_events.data.undo). */
interface UndoRecord {
  group: string;
  until: string;
  back: OrderStage;
  backSince: string;
  emailIds: number[];
}

const undoRecordOf = (data: unknown): UndoRecord | null => {
  const undo = (data as { undo?: UndoRecord } | null)?.undo;
  return undo && typeof undo.group === "string" && typeof undo.until === "string" ? undo : null;
};

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
export const STAGE_SENTENCES: Record<OrderStage, string> = {
  awaiting_deposit: "Your order is waiting for its deposit.",
  deposit_received: "We have received your deposit. Your build is scheduled for production.",
  in_production: "Your home is now in production at our yard.",
  quality_check: "Your home is through production and in our quality check.",
  ready_for_delivery:
    "Your home has passed its quality check and is ready for delivery. We will call you to schedule the day.",
  delivered: "Your home has been delivered.",
  balance_paid: "Your home is delivered and your order is paid in full. Thank you!",
  completed: "Your order is complete. Thank you for building with us!",
  cancelled: "Your order has been cancelled.",
};

const usdFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usd = (cents: number) => usdFormat.format(cents / 100);

interface StageOrder {
  id: number;
  orderNumber: string;
  firstName: string;
  email: string;
  paymentMethod: string;
  proposalId: number | null;
  accessToken: string | null;
}

/**
 * The customer's e-mail about a stage. It greets them by name once the address is known to be theirs:
 * every stage after the deposit follows money they sent, and a proposal's order was addressed by staff.
 * Only a cancellation of a checkout order still awaiting its deposit stays nameless (nobody has proven
 * the typed address is the visitor's). "Delivered" states the balance now due, from the ledger, and how
 * to pay it. Everything is read through `db` (the caller's transaction).
 */
async function stageEmail(
  db: Executor,
  deps: StageDeps,
  order: StageOrder,
  from: OrderStage,
  to: OrderStage,
  reason: string | null,
) {
  const settings = await settingsIn(db, deps);
  const { company } = settings;
  const proven = order.proposalId !== null || from !== "awaiting_deposit" || to !== "cancelled";
  const hello = proven && order.firstName.trim() ? `Hello ${order.firstName.trim()},` : "Hello,";
  const site = siteUrlOf(deps.env);
  const statusUrl = order.accessToken
    ? `${site}/order-status?order=${encodeURIComponent(order.orderNumber)}&t=${encodeURIComponent(order.accessToken)}`
    : `${site}/order-status?order=${encodeURIComponent(order.orderNumber)}`;
  const label = ORDER_STAGE_LABELS[to];
  const sentence = STAGE_SENTENCES[to];
  let balance: EmailBlock[] = [];
  if (to === "delivered") {
    const l = await ledger(db, order.id);
    const owed = Math.max(0, l.dueCents - l.recordedCents);
    const next = l.allocations.find((a) => a.status === "open" || a.status === "partially_paid");
    if (owed > 0 && next) {
      const pay = paymentInstructions(
        order.paymentMethod,
        {
          reference: next.invoice.reference,
          outstandingCents: next.invoice.amountCents - next.paidCents,
          usdtAmountMicro: next.invoice.usdtAmountMicro,
        },
        deps.env,
        settings,
      );
      balance = [{ strong: `The balance of ${usd(owed)} is now due.` }, ...pay];
    }
  }
  const { bodyText: text, bodyHtml: html } = composeEmail(company, [
    { heading: `Order ${order.orderNumber}: ${label}` },
    hello,
    sentence,
    ...(reason ? [{ lead: "Reason:", text: reason }] : []),
    ...balance,
    {
      href: statusUrl,
      label: "Follow your order",
      text: `Follow your order${order.accessToken ? "" : " (look it up with your order number and this e-mail address)"}:`,
      ...(order.accessToken ? {} : { after: " (look it up with your order number and this e-mail address)" }),
    },
  ]);
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
): Promise<{ stage: OrderStage; stageChangedAt: Date; from: OrderStage; fromSince: Date }> {
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
      paymentMethod: orders.paymentMethod,
      proposalId: orders.proposalId,
      accessToken: orders.accessToken,
      stage: orders.stage,
      stageChangedAt: orders.stageChangedAt,
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
  const emailIds = await enqueue(
    db,
    deps.env,
    input.silent ? [] : [await stageEmail(db, deps, order, from, to, reason)],
    input.undoable ? { notBefore: input.undoable.until } : {},
  );
  const undo: UndoRecord | null = input.undoable
    ? {
        group: input.undoable.group,
        until: input.undoable.until.toISOString(),
        back: input.undoable.back ?? from,
        backSince: (input.undoable.backSince ?? order.stageChangedAt).toISOString(),
        emailIds,
      }
    : null;
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
    data: { ...(reason ? { reason } : {}), ...(undo ? { undo } : {}) },
    at: now,
  });
  await recordAudit(db, { id: input.actorId ?? null, username: input.actor }, "order.stage", "order", order.id, {
    orderNumber: order.orderNumber,
    from,
    to,
    ...(reason ? { reason } : {}),
  });
  if (to === "completed") await markLeadWonForOrder(db, order.id);
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
  return { stage: to, stageChangedAt: now, from, fromSince: order.stageChangedAt };
}

const tooLate = (stage: OrderStage) =>
  conflict(`Too late to undo: the customer has been e-mailed that the order is "${ORDER_STAGE_LABELS[stage]}"`, {
    stage,
  });

/**
 * Undoes the order's last staff move while its window lasts (409 after it, or when the order has moved on
 * since): the waiting e-mails are withdrawn from the outbox (409 if a worker has taken one: the window is
 * over) and the order goes back to the stage before the move, with its date. Nobody is e-mailed; the
 * timeline, the audit log and the webhooks record the undo.
 */
export async function undoStageMove(deps: Deps, actor: Actor, orderId: number) {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, orderNumber: orders.orderNumber, stage: orders.stage })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    if (!order) throw notFound("Order not found");
    const stage = order.stage as OrderStage;
    const recent = await tx
      .select({ id: orderEvents.id, toStage: orderEvents.toStage, data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "stage")))
      .orderBy(desc(orderEvents.id))
      .limit(10);
    const last = recent[0];
    const undo = undoRecordOf(last?.data);
    if (!last || !undo || last.toStage !== stage) {
      throw conflict("This order has no stage move to undo", { stage });
    }
    const now = deps.clock.now();
    if (now.getTime() >= Date.parse(undo.until)) throw tooLate(stage);
    // the command's moves: the latest rows of the same group
    const group: typeof recent = [];
    for (const event of recent) {
      if (undoRecordOf(event.data)?.group !== undo.group) break;
      group.push(event);
    }
    const emailIds = group.flatMap((e) => undoRecordOf(e.data)?.emailIds ?? []);
    const withdrawn = await withdrawBeforeDue(tx, emailIds, now);
    // a worker took one: the transaction rolls back and the order stays
    if (withdrawn.length !== emailIds.length) throw tooLate(stage);
    const back = undo.back;
    const backSince = new Date(undo.backSince);
    await tx
      .update(orders)
      .set({
        stage: back,
        stageChangedAt: backSince,
        status: LEGACY_STATUS[back],
        ...(stage === "cancelled" ? { cancelReason: null } : {}),
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "stage",
      actor: actor.username,
      fromStage: stage,
      toStage: back,
      data: { undoes: group.map((e) => e.id) },
      at: now,
    });
    await recordAudit(tx, actor, "order.stage.undo", "order", order.id, {
      orderNumber: order.orderNumber,
      from: stage,
      to: back,
    });
    await emitWebhookEvent(
      tx,
      "order.stage_changed",
      {
        orderId: order.id,
        orderNumber: order.orderNumber,
        from: stage,
        to: back,
        reason: null,
        by: actor.username,
        changedAt: now.toISOString(),
        undo: true,
      },
      now,
    );
    return { stage: back, stageChangedAt: backSince };
  });
}

/**
 * The order's stage history (oldest first): when each stage was reached and who moved it. A move that was
 * undone, and its undo, are left out.
 */
export async function listStageEvents(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const events = await db
    .select({
      id: orderEvents.id,
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
  const undoneIds = (data: Record<string, unknown>) => (Array.isArray(data.undoes) ? (data.undoes as number[]) : []);
  const undone = new Set(events.flatMap((e) => undoneIds(e.data)));
  return events.filter((e) => !undone.has(e.id) && undoneIds(e.data).length === 0);
}

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

/** The stages an order has reached, with their dates, for the customer's order-status page. */
export async function stageHistory(db: Executor, orderId: number) {
  const events = await listStageEvents(db, [orderId]);
  return events.map((e) => ({ stage: e.toStage, at: e.createdAt.toISOString() }));
}
