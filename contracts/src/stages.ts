// The order's build stages and the moves allowed between them: one table read by the server (which
// enforces it, 409 otherwise), the back office (which offers only allowed moves) and the tests.
// No imports here: the storefront's order-status page shows the stages.

export const ORDER_STAGES = [
  "awaiting_deposit",
  "deposit_received",
  "in_production",
  "quality_check",
  "ready_for_delivery",
  "delivered",
  "balance_paid",
  "completed",
  "cancelled",
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export const ORDER_STAGE_LABELS: Record<OrderStage, string> = {
  awaiting_deposit: "Awaiting deposit",
  deposit_received: "Deposit received",
  in_production: "In production",
  quality_check: "Quality check",
  ready_for_delivery: "Ready for delivery",
  delivered: "Delivered",
  balance_paid: "Balance paid",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** Stages that payments move (recorded by the payment ledger), not staff. */
export const PAYMENT_DRIVEN_STAGES: readonly OrderStage[] = ["deposit_received", "balance_paid"];

/** Cancelling (with a reason) is allowed from any stage before delivered. */
const CANCELLABLE: readonly OrderStage[] = [
  "awaiting_deposit",
  "deposit_received",
  "in_production",
  "quality_check",
  "ready_for_delivery",
];

export const STAGE_MOVES: Record<OrderStage, readonly OrderStage[]> = {
  awaiting_deposit: ["deposit_received", "cancelled"],
  deposit_received: ["in_production", "cancelled"],
  in_production: ["quality_check", "cancelled"],
  quality_check: ["ready_for_delivery", "in_production", "cancelled"],
  ready_for_delivery: ["delivered", "cancelled"],
  delivered: ["balance_paid"],
  balance_paid: ["completed"],
  completed: [],
  cancelled: [],
};

export function canMoveStage(from: OrderStage, to: OrderStage): boolean {
  if (to === "cancelled") return CANCELLABLE.includes(from);
  return STAGE_MOVES[from].includes(to);
}

/** The moves staff may make from a stage (the payment stages follow the ledger). */
export function staffMoves(from: OrderStage): OrderStage[] {
  return ORDER_STAGES.filter((to) => canMoveStage(from, to) && !PAYMENT_DRIVEN_STAGES.includes(to));
}
