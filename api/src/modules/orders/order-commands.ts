// What staff (or an integrator's key) may do to an order's state. The stage is the order's one state:
// the spec's PUT …/status and PUT …/payment are commands over the stage moves and the ledger, never
// writes of their own. They sit above both stages.service and the ledger (modules/ledger), which do not
// import each other.
import { randomUUID } from "node:crypto";
import type { AdminOrderDto } from "@ch/contracts/admin";
import type { OrderStatus, PaymentStatus } from "@ch/contracts/constants";
import { ORDER_STAGE_LABELS, type OrderStage, PAYMENT_DRIVEN_STAGES, staffMoves } from "@ch/contracts/stages";
import { schema } from "@ch/db";
import { asc, eq } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { conflict, notFound } from "../../lib/errors";
import type { Actor } from "../audit";
import { orderFullyPaid } from "../ledger";
import { toAdminOrder } from "./orders.service";
import { LEGACY_STATUS, moveOrderStage } from "./stages.service";

const { orders, orderLines } = schema;

/** The stage each documented status asks for ("shipped" is on its way: ready for delivery). */
const STAGE_OF_STATUS: Record<OrderStatus, OrderStage> = {
  pending: "awaiting_deposit",
  confirmed: "deposit_received",
  in_production: "in_production",
  shipped: "ready_for_delivery",
  delivered: "delivered",
  cancelled: "cancelled",
};

/**
 * A staff member moves an order (PUT /api/admin/orders/{id}/stage). An order whose balance was paid
 * before delivery goes on to balance paid as the system, in the same transaction: payments move the
 * payment stages, and recording the balance earlier could not (the table allows it only after delivery).
 * The move can be undone until `undoUntil` (env STAGE_UNDO_MS; stages.service undoStageMove): the
 * customer's e-mail waits until then. Null when undo is off.
 */
export async function moveOrderStageByStaff(
  deps: Deps,
  actor: Actor,
  orderId: number,
  input: { stage: OrderStage; reason?: string | undefined },
): Promise<{ stage: OrderStage; stageChangedAt: Date; undoUntil: Date | null }> {
  const until = deps.env.STAGE_UNDO_MS > 0 ? new Date(deps.clock.now().getTime() + deps.env.STAGE_UNDO_MS) : null;
  const group = randomUUID();
  return deps.db.transaction(async (tx) => {
    // delivered with the balance already paid goes on to balance paid: one e-mail (that one) says both
    const paidAlready = input.stage === "delivered" && (await orderFullyPaid(tx, orderId));
    const moved = await moveOrderStage(
      tx,
      {
        orderId,
        to: input.stage,
        actor: actor.username,
        actorId: actor.id,
        reason: input.reason,
        silent: paidAlready,
        ...(until ? { undoable: { group, until } } : {}),
      },
      deps,
    );
    if (moved.stage === "delivered" && paidAlready) {
      const undoable = until ? { group, until, back: moved.from, backSince: moved.fromSince } : undefined;
      const paid = await moveOrderStage(
        tx,
        { orderId, to: "balance_paid", actor: "system", bySystem: true, ...(undoable ? { undoable } : {}) },
        deps,
      );
      return { stage: paid.stage, stageChangedAt: paid.stageChangedAt, undoUntil: until };
    }
    return { stage: moved.stage, stageChangedAt: moved.stageChangedAt, undoUntil: until };
  });
}

async function loadOrder(deps: Deps, id: number) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw notFound("Order not found");
  return order;
}

async function adminOrder(deps: Deps, id: number): Promise<AdminOrderDto> {
  const order = await loadOrder(deps, id);
  const lines = await deps.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
  return toAdminOrder(order, lines);
}

/**
 * PUT /api/admin/orders/{id}/status: the status names a stage; the order moves there when the stages
 * table allows it (as PUT …/stage would), stays when it already reads so, and is refused with 409 naming
 * the moves it allows otherwise (a payment stage is the ledger's).
 */
export async function setOrderStatusByStaff(
  deps: Deps,
  actor: Actor,
  id: number,
  input: { status: OrderStatus; reason?: string | null | undefined },
): Promise<AdminOrderDto> {
  const order = await loadOrder(deps, id);
  const from = order.stage as OrderStage;
  if (LEGACY_STATUS[from] === input.status) return adminOrder(deps, id);
  const to = STAGE_OF_STATUS[input.status];
  const allowed = staffMoves(from);
  if (!allowed.includes(to)) {
    const why = PAYMENT_DRIVEN_STAGES.includes(to)
      ? `"${ORDER_STAGE_LABELS[to]}" follows from the payments recorded (POST /api/admin/orders/${id}/payments)`
      : `An order at "${ORDER_STAGE_LABELS[from]}" cannot become ${input.status}`;
    throw conflict(
      `${why}; allowed now: ${allowed.map((s) => `${LEGACY_STATUS[s]} (${ORDER_STAGE_LABELS[s]})`).join(", ") || "none"}`,
      {
        stage: from,
        allowedStatuses: [...new Set(allowed.map((s) => LEGACY_STATUS[s]))],
        allowedStages: allowed,
      },
    );
  }
  await moveOrderStageByStaff(deps, actor, id, { stage: to, reason: input.reason ?? undefined });
  return adminOrder(deps, id);
}

/**
 * PUT /api/admin/orders/{id}/payment: the payment status is the ledger's. Asking for what the ledger
 * already says changes nothing; anything else is 409 pointing to the payments path.
 */
export async function setPaymentStatusByStaff(
  deps: Deps,
  _actor: Actor,
  id: number,
  input: { paymentStatus: PaymentStatus },
): Promise<AdminOrderDto> {
  const order = await loadOrder(deps, id);
  if (order.paymentStatus === input.paymentStatus) return adminOrder(deps, id);
  throw conflict(
    input.paymentStatus === "paid"
      ? `The ledger does not say this order is paid: record the payment with POST /api/admin/orders/${id}/payments`
      : `The payment status follows the ledger (now "${order.paymentStatus}"): record a payment or a refund with POST /api/admin/orders/${id}/payments`,
    { paymentStatus: order.paymentStatus, paymentsPath: `/api/admin/orders/${id}/payments` },
  );
}
