// The pieces the USDT transfer files share: who brought a transfer in, what settling it gave, the texts of
// the claim TTL, and closing a claim whose hash a transfer no longer leaves to it. The rules: usdt-transfers.ts.
import { type Executor, schema } from "@ch/db";
import { eq } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { type Actor, CUSTOMER, WATCHER } from "../audit";

const { orders, payments, orderEvents, usdtTransfers } = schema;

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type TransferRow = typeof usdtTransfers.$inferSelect;

/** Who brought the transfer in: the watcher's wallet read, or a hash submitted for an order. */
export type TransferSource =
  | { by: "watcher" }
  | { by: "customer"; order: OrderRow }
  | { by: "staff"; order: OrderRow; actor: Actor; note?: string | null };

export type Settlement =
  /** Credited now, to `order` (not necessarily the claimant's). */
  | { outcome: "credited"; transfer: TransferRow; payment: PaymentRow; order: OrderRow }
  /** Credited or attached before. */
  | { outcome: "duplicate"; transfer: TransferRow }
  /** In the unmatched queue (`fresh`: it entered it now). */
  | { outcome: "unmatched"; transfer: TransferRow; fresh: boolean };

export const OPEN_STATUSES = ["open", "partially_paid"];
export const actorOf = (source: TransferSource): Actor =>
  source.by === "watcher" ? WATCHER : source.by === "customer" ? CUSTOMER : source.actor;
export const claimantOf = (source: TransferSource): OrderRow | null => (source.by === "watcher" ? null : source.order);

export function ttlText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The reason of an expired claim, and of the 422 its hash answers from then on. */
export const expiredReason = (deps: Pick<Deps, "env">) =>
  `it is not a USDT transfer to the shop's wallet seen within ${ttlText(deps.env.USDT_CLAIM_TTL_MS)}`;

export const unprocessable = (reason: string) =>
  new AppError(422, `That transaction cannot pay this order: ${reason}`, [{ path: ["txHash"], message: reason }]);

/** The order's timeline row of a claim closed without a payment (released or expired). */
export async function noteClaimClosed(
  tx: Executor,
  deps: Pick<Deps, "clock">,
  claim: { id: number; orderId: number; txHash: string | null },
  kind: "payment_claim_closed" | "payment_expired",
  reason: string,
  actor: Actor,
) {
  await tx.insert(orderEvents).values({
    orderId: claim.orderId,
    kind,
    data: { paymentId: claim.id, txHash: claim.txHash, reason },
    actor: actor.username,
    createdAt: deps.clock.now(),
  });
}

/**
 * Takes a submitted claim's hash off its ledger row (a pending claim becomes rejected) so that the transfer
 * can be recorded where its amount says; the hash stays in the row's reason and in the order's timeline.
 */
export async function releaseClaim(tx: Executor, deps: Deps, claim: PaymentRow, reason: string, actor: Actor) {
  await tx
    .update(payments)
    .set({
      status: claim.status === "pending_verification" ? "rejected" : claim.status,
      txHash: null,
      // an earlier reason (staff's rejection, the expiry) is kept before this one
      reason: `${claim.reason ? `${claim.reason}; then ` : ""}${reason} (transaction ${claim.txHash})`,
      nextCheckAt: null,
    })
    .where(eq(payments.id, claim.id));
  await noteClaimClosed(tx, deps, claim, "payment_claim_closed", reason, actor);
}

export function flagsFor(
  allocation: { invoice: { amountCents: number; validUntil: Date | null }; paidCents: number },
  amountCents: number,
  blockTimestamp: number,
): string[] {
  const owed = allocation.invoice.amountCents - allocation.paidCents;
  const flags: string[] = [];
  if (amountCents < owed) flags.push("partial");
  if (amountCents > owed) flags.push("excess");
  if (allocation.invoice.validUntil && blockTimestamp > allocation.invoice.validUntil.getTime()) flags.push("late");
  return flags;
}
