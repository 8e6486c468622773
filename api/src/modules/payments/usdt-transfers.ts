// USDT transfers: the customer's transaction hash, the watcher's confirmed transfers, and which
// invoice a transfer belongs to. What they record goes through the ledger (payments.service).
import { type Executor, schema } from "@ch/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { SubmitPaymentAnswer } from "../../contracts/payments";
import type { Deps } from "../../lib/deps";
import { AppError, conflict, notFound } from "../../lib/errors";
import { ledger, lockOrder, paymentDto, recordPaymentInTx } from "./payments.service";
import { findTransfer, TronApiError, type TronTransfer } from "./trongrid";
import { microToCents } from "./usdt";

const { orders, payments, invoices, orderEvents } = schema;
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export type TransferOutcome = "recorded" | "duplicate" | "unmatched";

/**
 * Records a confirmed, checked USDT transfer: against the pending submission of its hash when there is one,
 * else against the open invoice asking for exactly its amount. Flags: partial/excess against what the
 * invoice still asks, late after the invoice's validity. A hash already recorded changes nothing.
 */
export async function recordUsdtTransfer(deps: Deps, transfer: TronTransfer): Promise<TransferOutcome> {
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(payments).where(eq(payments.txHash, transfer.txId)).limit(1);
    if (existing && existing.status !== "pending_verification") return "duplicate";
    let orderId: number;
    let invoiceId: number | null = null;
    if (existing) {
      orderId = existing.orderId;
    } else {
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.usdtAmountMicro, transfer.valueMicro))
        .limit(1);
      if (!invoice || invoice.status === "paid" || invoice.status === "void") return "unmatched";
      orderId = invoice.orderId;
      invoiceId = invoice.id;
    }
    const order = await lockOrder(tx, orderId);
    const l = await ledger(tx, orderId);
    const byAmount = l.allocations.find((a) => a.invoice.usdtAmountMicro === transfer.valueMicro);
    const target =
      (invoiceId !== null ? l.allocations.find((a) => a.invoice.id === invoiceId) : undefined) ??
      (byAmount && byAmount.status !== "paid" ? byAmount : undefined) ??
      l.allocations.find((a) => a.status === "open" || a.status === "partially_paid");
    const amountCents = microToCents(transfer.valueMicro);
    const flags: string[] = [];
    if (target) {
      const owed = target.invoice.amountCents - target.paidCents;
      if (amountCents < owed) flags.push("partial");
      if (amountCents > owed) flags.push("excess");
      if (target.invoice.validUntil && transfer.blockTimestamp > target.invoice.validUntil.getTime())
        flags.push("late");
    } else {
      flags.push("excess");
    }
    const row = await recordPaymentInTx(
      tx,
      deps,
      order,
      {
        invoiceId: target?.invoice.id ?? null,
        method: "usdt",
        amountCents,
        usdtAmountMicro: transfer.valueMicro,
        txHash: transfer.txId,
        fromAddress: transfer.from,
        flags,
        receivedAt: new Date(transfer.blockTimestamp),
        recordedBy: existing ? "customer" : "system",
      },
      existing?.id,
    );
    return row ? "recorded" : "duplicate";
  });
}

/** Pending hash submissions, oldest first (the watcher checks them again). */
export async function pendingSubmissions(db: Executor) {
  return db
    .select({ id: payments.id, txHash: payments.txHash, orderId: payments.orderId, createdAt: orders.createdAt })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.status, "pending_verification"))
    .orderBy(asc(payments.id));
}

/**
 * The customer's hash (order number + e-mail as for the look-up; the same 404 for a wrong pair). A hash
 * already on the ledger, for this order or another, is 409. The hash is looked up on TronGrid at once:
 * seen, confirmed and checked → recorded (201); seen but not a USDT transfer to the shop's wallet → 422
 * and nothing stored; not seen yet, or TronGrid unreachable → stored as pending verification (202).
 */
export async function submitTransactionHash(
  deps: Deps,
  orderNumber: string,
  email: string,
  hash: string,
): Promise<{ status: 201 | 202; body: SubmitPaymentAnswer }> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber.trim().toUpperCase()), sql`lower(${orders.email}) = lower(${email})`))
    .limit(1);
  if (!order) throw notFound("No order matches that order number and e-mail address");
  if (!deps.env.USDT_WALLET_ADDRESS) throw conflict("USDT payments are not available at the moment");
  const claimed = async () => {
    const [existing] = await deps.db
      .select({ orderId: payments.orderId, status: payments.status })
      .from(payments)
      .where(eq(payments.txHash, hash))
      .limit(1);
    if (!existing) return;
    throw conflict(
      existing.orderId === order.id
        ? existing.status === "pending_verification"
          ? "That transaction was already submitted for this order and is waiting for verification"
          : "That transaction is already recorded for this order"
        : "That transaction is already claimed by another order",
    );
  };
  await claimed();

  let found: Awaited<ReturnType<typeof findTransfer>> = { kind: "unseen" };
  try {
    found = await findTransfer(deps.env, hash, order.createdAt.getTime() - 86_400_000);
  } catch (error) {
    if (!(error instanceof TronApiError)) throw error;
    deps.log.warn({ err: error.message }, "TronGrid unavailable; the submitted hash waits for verification");
  }
  if (found.kind === "invalid") {
    throw new AppError(422, `That transaction cannot pay this order: ${found.reason}`, [
      { path: ["txHash"], message: found.reason },
    ]);
  }
  if (found.kind === "confirmed") {
    // stored first as this order's claim, then settled like any confirmed transfer (one code path)
    await insertPending(deps, order, hash, claimed);
    const outcome = await recordUsdtTransfer(deps, found.transfer);
    const [row] = await deps.db.select().from(payments).where(eq(payments.txHash, hash)).limit(1);
    if (outcome === "duplicate" && row?.orderId !== order.id)
      throw conflict("That transaction is already claimed by another order");
    return { status: 201, body: { status: "recorded", payment: paymentDto(row!) } };
  }
  const row = await insertPending(deps, order, hash, claimed);
  return { status: 202, body: { status: "pending_verification", payment: paymentDto(row) } };
}

async function insertPending(
  deps: Deps,
  order: OrderRow,
  hash: string,
  claimed: () => Promise<void>,
): Promise<PaymentRow> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        method: "usdt",
        status: "pending_verification",
        amountCents: 0,
        txHash: hash,
        recordedBy: "customer",
        nextCheckAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      await claimed();
      throw conflict("That transaction is already claimed");
    }
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: "payment_submitted",
      data: { paymentId: row.id, txHash: hash },
      actor: "customer",
      createdAt: deps.clock.now(),
    });
    return row;
  });
}

/** Counts checks of the pending submissions (shown to staff); the watcher calls it after each look. */
export async function notePendingChecked(db: Executor, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(payments)
    .set({ checkAttempts: sql`${payments.checkAttempts} + 1`, nextCheckAt: at })
    .where(and(inArray(payments.id, ids), eq(payments.status, "pending_verification")));
}
