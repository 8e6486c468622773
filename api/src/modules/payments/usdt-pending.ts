// Pending claims: hashes TronGrid did not show yet, which the watcher checks again until they expire.
import { type Executor, schema } from "@ch/db";
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { type Actor, recordAudit, WATCHER } from "../audit";
import { lookupTransaction } from "./trongrid";
import { expiredReason, noteClaimClosed, type Settlement } from "./usdt-common";
import { settleTransfer } from "./usdt-settle";

const { orders, payments } = schema;

/** Pending hash submissions, oldest first (the watcher checks them again). */
export async function pendingSubmissions(db: Executor) {
  return db
    .select({
      id: payments.id,
      txHash: payments.txHash,
      orderId: payments.orderId,
      createdAt: orders.createdAt,
      claimedAt: payments.createdAt,
      checkAttempts: payments.checkAttempts,
      nextCheckAt: payments.nextCheckAt,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, "pending_verification"), isNotNull(payments.txHash)))
    .orderBy(asc(payments.id));
}

/** Counts checks of pending submissions (shown to staff) and says when to look again. */
export async function notePendingChecked(db: Executor, ids: number[], nextCheckAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(payments)
    .set({ checkAttempts: sql`${payments.checkAttempts} + 1`, nextCheckAt })
    .where(and(inArray(payments.id, ids), eq(payments.status, "pending_verification")));
}

/** Marks claims expired (with why) and notes it on their orders' timelines. */
export async function expireClaims(
  tx: Executor,
  deps: Deps,
  where: ReturnType<typeof and>,
  reason: string,
  actor: Actor,
) {
  const rows = await tx
    .update(payments)
    .set({ status: "expired", reason, nextCheckAt: null })
    .where(and(eq(payments.status, "pending_verification"), where))
    .returning();
  for (const row of rows) {
    await noteClaimClosed(tx, deps, row, "payment_expired", reason, actor);
    await recordAudit(tx, actor, "usdt-claim.expire", "order", row.orderId, {
      paymentId: row.id,
      txHash: row.txHash,
      reason,
    });
  }
  return rows;
}

/** Pending claims older than USDT_CLAIM_TTL_MS become expired; returns how many. */
export async function expirePendingClaims(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.env.USDT_CLAIM_TTL_MS);
  const rows = await deps.db.transaction((tx) =>
    expireClaims(
      tx,
      deps,
      and(eq(payments.method, "usdt"), lte(payments.createdAt, cutoff)),
      expiredReason(deps),
      WATCHER,
    ),
  );
  return rows.length;
}

/**
 * The watcher looks a pending claim's hash up again: confirmed → settled (rule 1); shown but not a USDT
 * transfer to the shop's wallet → expired with that reason; not seen → unseen. Throws TronApiError.
 */
export async function recheckClaim(
  deps: Deps,
  claim: { id: number; txHash: string | null },
  signal?: AbortSignal,
): Promise<Settlement | "unseen" | "expired"> {
  if (!claim.txHash) return "unseen";
  const found = await lookupTransaction(deps.env, claim.txHash, signal);
  if (found.kind === "unseen") return "unseen";
  if (found.kind === "invalid") {
    await deps.db.transaction((tx) => expireClaims(tx, deps, eq(payments.id, claim.id), found.reason, WATCHER));
    return "expired";
  }
  return settleTransfer(deps, found.transfer, { by: "watcher" });
}
