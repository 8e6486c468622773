// A submitted hash, the customer's or staff's (rule 3 of usdt-transfers.ts): settled when TronGrid shows it, else a
// pending claim; answered with what it means for the order that submitted it.

import type { AdminPaymentDto, SubmitPaymentAnswer } from "@ch/contracts/payments";
import { type Executor, schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../lib/deps";
import { AppError, conflict, notFound } from "../../lib/errors";
import { formatUsdt } from "../../lib/usdt";
import { type Actor, recordAudit, WATCHER } from "../audit";
import { adminPaymentDto, paymentDto } from "../ledger";
import { customerOrderRow } from "../orders";
import { lookupTransaction, type TransactionLookup, TronApiError, type TronTransfer } from "./trongrid";
import {
  actorOf,
  expiredReason,
  type OrderRow,
  type PaymentRow,
  type Settlement,
  type TransferRow,
  type TransferSource,
  ttlText,
  unprocessable,
} from "./usdt-common";
import { expireClaims } from "./usdt-pending";
import { settleTransfer } from "./usdt-settle";

const { orders, payments, orderEvents, usdtTransfers } = schema;

type ClaimResult =
  | { kind: "recorded"; payment: PaymentRow }
  | { kind: "pending"; payment: PaymentRow }
  | { kind: "in_review"; transfer: TransferRow };

async function lookupOrNull(deps: Deps, hash: string): Promise<TransactionLookup | null> {
  try {
    return await lookupTransaction(deps.env, hash);
  } catch (error) {
    if (!(error instanceof TronApiError)) throw error;
    deps.log.warn({ err: error.message }, "TronGrid unavailable; the submitted hash waits for verification");
    return null;
  }
}

async function orderOfPayment(db: Executor, paymentId: number | null): Promise<number | null> {
  if (paymentId === null) return null;
  const [p] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  return p?.orderId ?? null;
}

const alreadyRecorded = (mine: boolean) =>
  conflict(
    mine
      ? "That transaction is already recorded for this order"
      : "That transaction is already recorded for another order",
  );

/** What a settled transfer means for the order that submitted its hash. */
async function forClaimant(deps: Deps, order: OrderRow, settled: Settlement): Promise<ClaimResult> {
  if (settled.outcome === "unmatched") return { kind: "in_review", transfer: settled.transfer };
  if (settled.outcome === "credited") {
    if (settled.order.id === order.id) return { kind: "recorded", payment: settled.payment };
    throw conflict("That transaction pays another order's invoice: it is recorded there, not for this order");
  }
  const owner = await orderOfPayment(deps.db, settled.transfer.paymentId);
  throw alreadyRecorded(owner === order.id);
}

async function insertPending(
  deps: Deps,
  order: OrderRow,
  hash: string,
  source: TransferSource,
): Promise<PaymentRow | null> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        method: "usdt",
        status: "pending_verification",
        amountCents: 0,
        txHash: hash,
        note: source.by === "staff" ? (source.note ?? null) : null,
        recordedBy: source.by === "staff" ? source.actor.username : "customer",
        nextCheckAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: "payment_submitted",
      data: { paymentId: row.id, txHash: hash },
      actor: actorOf(source).username,
      createdAt: now,
    });
    await recordAudit(tx, actorOf(source), "usdt-claim.submit", "order", order.id, { paymentId: row.id, txHash: hash });
    return row;
  });
}

/**
 * A hash submitted for `order` (rule 3). Settles it when TronGrid shows it; else keeps a pending claim.
 * Throws 409 (already credited, or it pays another order) and 422 (not a USDT transfer to the shop's wallet,
 * or a claim that expired unseen).
 */
async function claimTransfer(deps: Deps, order: OrderRow, hash: string, source: TransferSource): Promise<ClaimResult> {
  for (let attempt = 0; ; attempt++) {
    const [seen] = await deps.db.select().from(usdtTransfers).where(eq(usdtTransfers.txHash, hash)).limit(1);
    if (seen) {
      if (seen.status !== "unmatched")
        throw alreadyRecorded((await orderOfPayment(deps.db, seen.paymentId)) === order.id);
      const transfer: TronTransfer = {
        txId: seen.txHash,
        from: seen.fromAddress,
        to: deps.env.USDT_WALLET_ADDRESS ?? "",
        valueMicro: seen.valueMicro,
        blockTimestamp: seen.blockTimestamp.getTime(),
      };
      return forClaimant(deps, order, await settleTransfer(deps, transfer, source));
    }

    let [claim] = await deps.db.select().from(payments).where(eq(payments.txHash, hash)).limit(1);
    if (claim?.status === "recorded") throw alreadyRecorded(claim.orderId === order.id);
    if (
      claim?.status === "pending_verification" &&
      claim.createdAt.getTime() + deps.env.USDT_CLAIM_TTL_MS <= deps.clock.now().getTime()
    ) {
      const id = claim.id;
      await deps.db.transaction((tx) => expireClaims(tx, deps, eq(payments.id, id), expiredReason(deps), WATCHER));
      [claim] = await deps.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    }

    const found = await lookupOrNull(deps, hash);
    if (found?.kind === "invalid") {
      if (claim?.status === "pending_verification") {
        const id = claim.id;
        await deps.db.transaction((tx) => expireClaims(tx, deps, eq(payments.id, id), found.reason, WATCHER));
      }
      throw unprocessable(found.reason);
    }
    if (found?.kind === "confirmed")
      return forClaimant(deps, order, await settleTransfer(deps, found.transfer, source));

    // TronGrid does not show it (or could not be asked)
    if (claim) {
      if (claim.status === "expired") throw unprocessable(claim.reason ?? expiredReason(deps));
      if (claim.status === "rejected") {
        throw conflict(
          claim.orderId === order.id
            ? "That transaction was rejected for this order by our team"
            : "That transaction is already claimed by another order",
        );
      }
      throw conflict(
        claim.orderId === order.id
          ? "That transaction was already submitted for this order and is waiting for verification"
          : "That transaction was submitted for another order and is waiting for verification; once confirmed, it is recorded for the invoice whose exact amount it carries",
      );
    }
    const pending = await insertPending(deps, order, hash, source);
    if (pending) return { kind: "pending", payment: pending };
    // someone submitted the same hash at this moment: answer as for their claim
    if (attempt >= 1) throw conflict("That transaction was just submitted; please try again in a moment");
  }
}

/**
 * The customer's hash (order number + e-mail as for the look-up; the same 404 for a wrong pair): 201
 * recorded, 202 pending_verification or in_review, 409, 422 (rule 3).
 */
export async function submitTransactionHash(
  deps: Deps,
  orderNumber: string,
  email: string,
  hash: string,
): Promise<{ status: 201 | 202; body: SubmitPaymentAnswer }> {
  const order = await customerOrderRow(deps.db, orderNumber, email);
  if (!deps.env.USDT_WALLET_ADDRESS) throw conflict("USDT payments are not available at the moment");
  const result = await claimTransfer(deps, order, hash.toLowerCase(), { by: "customer", order });
  if (result.kind === "recorded") {
    return {
      status: 201,
      body: {
        status: "recorded",
        payment: paymentDto(result.payment),
        message: "Thank you: your payment is recorded.",
      },
    };
  }
  if (result.kind === "pending") {
    return {
      status: 202,
      body: {
        status: "pending_verification",
        payment: paymentDto(result.payment),
        message: `The TRON network does not show this transaction as a confirmed USDT transfer to our wallet yet. We check it again for ${ttlText(
          deps.env.USDT_CLAIM_TTL_MS,
        )}; once confirmed, it is recorded for the invoice whose exact amount it carries.`,
      },
    };
  }
  return {
    status: 202,
    body: {
      status: "in_review",
      transfer: {
        txHash: result.transfer.txHash,
        usdtAmount: formatUsdt(result.transfer.valueMicro),
        receivedAt: result.transfer.blockTimestamp.toISOString(),
      },
      message:
        "This transfer reached our wallet but does not match the exact amount of an open invoice (more, less, or an amount already paid). Our team will match it by hand and contact you.",
    },
  };
}

/**
 * Staff record a USDT payment for an order by its hash (recordStaffPayment calls it for method "usdt"):
 * verified on chain like a customer's (rule 3): credited only when it pays this order's invoice; 409 when it
 * pays another order's or is already recorded, and when it matches no invoice exactly (it waits in the
 * unmatched queue: attach it there with a reason); 422 when it is not a USDT transfer to the shop's wallet;
 * not seen yet → a pending claim. Audited with the actor.
 */
export async function recordStaffUsdtPayment(
  deps: Deps,
  actor: Actor,
  orderId: number,
  input: { txHash?: string | null | undefined; note?: string | null | undefined },
): Promise<AdminPaymentDto> {
  const parsed = z
    .string()
    .trim()
    .transform((v) => v.replace(/^0x/i, "").toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{64}$/))
    .safeParse(input.txHash ?? "");
  if (!parsed.success) {
    throw new AppError(400, "A USDT payment needs its transaction hash", [
      { path: ["txHash"], message: "must be a transaction hash: 64 hexadecimal characters" },
    ]);
  }
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound("Order not found");
  if (!deps.env.USDT_WALLET_ADDRESS) throw conflict("USDT payments are not available: no wallet is configured");
  const hash = parsed.data;
  const result = await claimTransfer(deps, order, hash, { by: "staff", order, actor, note: input.note ?? null });
  if (result.kind === "in_review") {
    throw conflict(
      `That transfer of ${formatUsdt(result.transfer.valueMicro)} USDT matches no open invoice's exact amount; it waits under Unmatched transfers: attach it to an invoice there, with a reason`,
      { txHash: hash },
    );
  }
  // audited: a recorded one by the ledger (payment.record), a pending claim as usdt-claim.submit
  return adminPaymentDto(result.payment);
}
