// An order's build stages. The one table of allowed moves is contracts/src/stages.ts; this file
// enforces it (409 otherwise), keeps the legacy status columns in step for the documented payloads,
// writes the timeline (order_events) and e-mails the customer through the outbox, all in the caller's
// transaction so that a stage, its timeline row and its e-mail exist together or not at all.
// A staff move can be undone for a short while (env STAGE_UNDO_MS): its e-mail waits in the outbox until
// then, and the undo withdraws it and puts the order back without e-mailing anyone. Everything the undo
// needs is in the move's timeline row (data.undo), so any process may answer it.

import { canMoveStage, ORDER_STAGE_LABELS, type OrderStage, PAYMENT_DRIVEN_STAGES } from "@ch/contracts/stages";
import { type Executor, schema } from "@ch/db";
import { and, desc, eq } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { badRequest, conflict } from "../../lib/errors";
import { lockedRow } from "../../lib/locked-row";
import { type Actor, recordAudit } from "../audit";
import { markLeadWonForOrder } from "../leads";
import { markInvoicesDue } from "../ledger";
import { enqueue, withdrawBeforeDue } from "../notifications";
import { emitWebhookEvent } from "../webhooks";

import { type StageDeps, stageEmail } from "./stage-email";
import { isStage, recordOrderEvent, type UndoRecord, undoRecordOf } from "./stage-timeline";

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

/** The order, locked for the move; 404 when there is none. */
async function lockStageOrder(db: Executor, orderId: number) {
  return lockedRow(
    db
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
      .where(eq(orders.id, orderId))
      .limit(1),
    "Order not found",
  );
}

type LockedStageOrder = Awaited<ReturnType<typeof lockStageOrder>>;

/** The order in `to` since `since` (its legacy status follows), and the move's timeline row. */
async function storeStage(
  db: Executor,
  move: {
    orderId: number;
    from: OrderStage;
    to: OrderStage;
    since: Date;
    actor: string;
    data: Record<string, unknown>;
    cancelReason?: string | null;
  },
  now: Date,
) {
  await db
    .update(orders)
    .set({
      stage: move.to,
      stageChangedAt: move.since,
      status: LEGACY_STATUS[move.to],
      ...(move.cancelReason !== undefined ? { cancelReason: move.cancelReason } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, move.orderId));
  await recordOrderEvent(db, {
    orderId: move.orderId,
    kind: "stage",
    actor: move.actor,
    fromStage: move.from,
    toStage: move.to,
    data: move.data,
    at: now,
  });
}

/** Writes the move: the order's stage, its timeline row (with the undo record), the audit, the lead, the webhook. */
async function writeMove(
  db: Executor,
  input: MoveStageInput,
  move: { order: LockedStageOrder; from: OrderStage; to: OrderStage; reason: string | null; undo: UndoRecord | null },
  now: Date,
) {
  const { order, from, to, reason, undo } = move;
  const data = { ...(reason ? { reason } : {}), ...(undo ? { undo } : {}) };
  const cancelled = to === "cancelled" ? { cancelReason: reason } : {};
  await storeStage(db, { orderId: order.id, from, to, since: now, actor: input.actor, data, ...cancelled }, now);
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
  const order = await lockStageOrder(db, input.orderId);
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
  const fellDue = (await markInvoicesDue(db, order.id, to, now)).map((i) => i.id);
  const emailIds = await enqueue(
    db,
    deps.env,
    input.silent ? [] : [await stageEmail(db, deps, order, from, to, reason, fellDue)],
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
  await writeMove(db, input, { order, from, to, reason, undo }, now);
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
    const order = await lockedRow(
      tx
        .select({ id: orders.id, orderNumber: orders.orderNumber, stage: orders.stage })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1),
      "Order not found",
    );
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
    const data = { undoes: group.map((e) => e.id) };
    const uncancelled = stage === "cancelled" ? { cancelReason: null } : {};
    await storeStage(
      tx,
      { orderId: order.id, from: stage, to: back, since: backSince, actor: actor.username, data, ...uncancelled },
      now,
    );
    // a milestone of the stage undone is not due any more (its e-mail was withdrawn above)
    await markInvoicesDue(tx, order.id, back, now);
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

// the timeline, the customer's e-mail and the board live in their own files; the module imports them from here
export { pipelineBoard } from "./pipeline-board";
export { STAGE_SENTENCES, type StageDeps } from "./stage-email";
export { listStageEvents, type OrderEventInput, recordOrderEvent, stageHistory } from "./stage-timeline";
