/**
 * The payment ledger: every payment of an order, how it settles the order's invoices, and what follows.
 *
 * 1. A payment is recorded in one transaction with its consequences: the ledger row, the invoices'
 *    statuses, the order's timeline event, the customer's e-mail (outbox) and, when the deposit or the
 *    whole order becomes paid, the payment stage (stages.service, as the system).
 * 2. Money settles invoices in their order (deposit, then balance) from the sum of recorded payments, so
 *    partial payments add up and a refund (a negative entry) takes back from the last invoice paid.
 * 3. A USDT transaction is recorded once, for one order: payments.tx_hash is unique; a customer's hash
 *    that TronGrid does not show yet stays "pending_verification" until the watcher sees it confirmed
 *    (tron-watcher.ts) or staff reject it.
 */

import type { AdminPaymentDto } from "@ch/contracts/payments";
import type { BusinessSettings } from "@ch/contracts/settings";
import { ORDER_STAGE_LABELS, type OrderStage } from "@ch/contracts/stages";
import { type Executor, schema } from "@ch/db";
import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { conflict, notFound } from "../../lib/errors";
import { lockedRow } from "../../lib/locked-row";
import { usd } from "../../lib/usd";
import { formatUsdt, microToCents } from "../../lib/usdt";
import { type Actor, recordAudit } from "../audit";
import { adminPaymentDto, ledger, taggedUsdtAmount } from "../ledger";
import { enqueue, escapeHtml, type OutboxMessage, paragraphsEmail } from "../notifications";
import { moveOrderStage } from "../orders";
import { settingsIn } from "../settings";
import { emitWebhookEvent } from "../webhooks";

const { orders, invoices, payments, orderEvents } = schema;
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export interface NewPayment {
  invoiceId?: number | null | undefined;
  method: string;
  amountCents: number;
  usdtAmountMicro?: bigint | null;
  txHash?: string | null;
  fromAddress?: string | null;
  reference?: string | null;
  note?: string | null;
  flags?: string[];
  receivedAt: Date;
  /** Staff username (or "api key …"), "watcher" or "customer" (a verified hash). */
  recordedBy: string;
  /** The staff account's id for the audit log (null for the customer and the watcher). */
  actorId?: number | null;
  /** Why: required for a refund, and for a transfer staff attach by hand. */
  reason?: string | null;
}

/**
 * Applies the ledger to the invoices and the order after a change: invoice statuses, the order's payment
 * status, and the payment stages (deposit paid → deposit_received; everything paid after delivery →
 * balance_paid), moved as the system without a stage e-mail: the payment's own e-mail names the stage.
 * Returns the stage the order moved to, if it moved.
 */
export async function settleOrder(tx: Executor, deps: Deps, order: OrderRow): Promise<OrderStage | null> {
  const l = await ledger(tx, order.id);
  const now = deps.clock.now();
  for (const a of l.allocations) {
    if (a.status !== a.invoice.status) {
      await tx.update(invoices).set({ status: a.status, updatedAt: now }).where(eq(invoices.id, a.invoice.id));
    }
    // a USDT invoice always asks for exactly what it still needs, tagged anew (the transfer names it)
    const owed = a.invoice.amountCents - a.paidCents;
    if (a.invoice.usdtAmountMicro !== null && owed > 0 && microToCents(a.invoice.usdtAmountMicro) !== owed) {
      await retagUsdtAmount(tx, a.invoice.id, owed, now);
    }
  }
  const paymentStatus = l.dueCents > 0 && l.recordedCents >= l.dueCents ? "paid" : "pending";
  if (paymentStatus !== order.paymentStatus) {
    await tx.update(orders).set({ paymentStatus, updatedAt: now }).where(eq(orders.id, order.id));
  }
  const deposit = l.allocations.find((a) => a.invoice.kind === "deposit");
  const depositPaid = deposit ? deposit.status === "paid" : l.recordedCents > 0;
  const allPaid = l.allocations.every((a) => a.status === "paid" || a.status === "void");
  const to: OrderStage | null =
    order.stage === "awaiting_deposit" && depositPaid
      ? "deposit_received"
      : order.stage === "delivered" && allPaid
        ? "balance_paid"
        : null;
  if (!to) return null;
  await moveOrderStage(tx, { orderId: order.id, to, actor: "system", bySystem: true, silent: true }, deps);
  return to;
}

/** Gives an invoice a new unique USDT amount for `cents` (another random tag when one is taken). */
async function retagUsdtAmount(tx: Executor, invoiceId: number, cents: number, now: Date): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const amount = taggedUsdtAmount(cents);
    const [taken] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.usdtAmountMicro, amount));
    if (taken) continue;
    await tx.update(invoices).set({ usdtAmountMicro: amount, updatedAt: now }).where(eq(invoices.id, invoiceId));
    return;
  }
  throw new Error(`invoice ${invoiceId}: no free USDT amount for ${cents} cents`);
}

/**
 * The customer's one e-mail about a recorded payment or refund: what is paid and what is left (the
 * ledger's figures) and, when the payment moved the order on (deposit received, paid in full), that
 * stage too. A payment is the customer's own money, so the e-mail greets them by name.
 */
function paymentEmail(
  order: OrderRow,
  payment: PaymentRow,
  paidCents: number,
  dueCents: number,
  movedTo: OrderStage | null,
  company: BusinessSettings["company"],
) {
  const refund = payment.amountCents < 0;
  const amount =
    payment.usdtAmountMicro !== null && !refund
      ? `${formatUsdt(payment.usdtAmountMicro)} USDT (${usd(payment.amountCents)})`
      : usd(Math.abs(payment.amountCents));
  const left = Math.max(0, dueCents - paidCents);
  const hello = order.firstName.trim() ? `Hello ${order.firstName.trim()},` : "Hello,";
  const lines = [
    refund
      ? `We have refunded ${amount} for your order ${order.orderNumber}.`
      : `We have received your payment of ${amount} for your order ${order.orderNumber}. Thank you!`,
    ...(movedTo === "deposit_received" ? ["Your deposit is paid: your build is now scheduled for production."] : []),
    "",
    `Paid so far: ${usd(paidCents)} of ${usd(dueCents)}.`,
    left > 0 ? `Still to pay: ${usd(left)}.` : "Your order is paid in full.",
    ...(payment.flags.includes("partial")
      ? ["", "This transfer was less than the amount due; the rest stays due."]
      : []),
    ...(payment.flags.includes("excess")
      ? ["", "This transfer was more than the amount due; our team will contact you about the difference."]
      : []),
  ];
  const label = movedTo ? `: ${ORDER_STAGE_LABELS[movedTo]}` : "";
  return {
    channel: "email" as const,
    kind: refund ? "payment-refunded" : "payment-received",
    recipient: order.email,
    subject: refund
      ? `Refund for your order ${order.orderNumber}`
      : `Payment received for your order ${order.orderNumber}${label}`,
    ...paragraphsEmail(company, hello, lines),
    entityType: "order",
    entityId: order.id,
    payload: movedTo ? { stage: movedTo } : {},
  };
}

/** Inserts the payment, or settles the pending one `pendingId`; undefined when its hash is already recorded. */
async function writePayment(
  tx: Executor,
  order: OrderRow,
  input: NewPayment,
  pendingId: number | undefined,
): Promise<PaymentRow | undefined> {
  const values = {
    orderId: order.id,
    invoiceId: input.invoiceId ?? null,
    method: input.method,
    status: "recorded",
    amountCents: input.amountCents,
    usdtAmountMicro: input.usdtAmountMicro ?? null,
    txHash: input.txHash ?? null,
    fromAddress: input.fromAddress ?? null,
    reference: input.reference ?? null,
    note: input.note ?? null,
    flags: input.flags ?? [],
    receivedAt: input.receivedAt,
    recordedBy: input.recordedBy,
    reason: input.reason ?? null,
    nextCheckAt: null,
  };
  let row: PaymentRow | undefined;
  if (pendingId !== undefined) {
    [row] = await tx
      .update(payments)
      .set({ ...values, note: sql`coalesce(${payments.note}, ${values.note})` })
      .where(and(eq(payments.id, pendingId), eq(payments.status, "pending_verification")))
      .returning();
  } else {
    [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
  }
  return row;
}

/** A payment as its order's timeline entry and its webhook event tell it. */
const paymentFacts = (row: PaymentRow) => ({
  method: row.method,
  amount: row.amountCents / 100,
  ...(row.usdtAmountMicro !== null ? { usdtAmount: formatUsdt(row.usdtAmountMicro) } : {}),
  ...(row.txHash ? { txHash: row.txHash } : {}),
  ...(row.reference ? { reference: row.reference } : {}),
  flags: row.flags,
});

/** The order's timeline entry and the audit of a recorded payment (or refund). */
async function notePayment(tx: Executor, deps: Deps, order: OrderRow, input: NewPayment, row: PaymentRow) {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    kind: row.amountCents < 0 ? "refund" : "payment",
    data: {
      paymentId: row.id,
      ...paymentFacts(row),
    },
    actor: input.recordedBy,
    createdAt: deps.clock.now(),
  });
  await recordAudit(
    tx,
    { id: input.actorId ?? null, username: input.recordedBy },
    row.amountCents < 0 ? "payment.refund" : "payment.record",
    "order",
    order.id,
    {
      orderNumber: order.orderNumber,
      paymentId: row.id,
      method: row.method,
      amountCents: row.amountCents,
      ...(row.txHash ? { txHash: row.txHash } : {}),
      ...(row.reason ? { reason: row.reason } : {}),
      flags: row.flags,
    },
  );
}

/** Settles the order, and tells the customer, the team (flagged payments) and the webhooks. */
async function announcePayment(tx: Executor, deps: Deps, order: OrderRow, row: PaymentRow) {
  const after = await ledger(tx, order.id);
  // the payment is announced before the stage move it causes: a receiver reads cause, then effect
  await emitWebhookEvent(
    tx,
    row.amountCents < 0 ? "payment.refunded" : "payment.recorded",
    {
      paymentId: row.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      ...paymentFacts(row),
      receivedAt: row.receivedAt?.toISOString() ?? null,
      paidTotal: after.recordedCents / 100,
      // what is still to pay after this payment (the invoices' total less what the ledger holds)
      balanceDue: Math.max(0, after.dueCents - after.recordedCents) / 100,
    },
    deps.clock.now(),
  );
  const movedTo = await settleOrder(tx, deps, order);
  const { company } = await settingsIn(tx, deps);
  const messages: OutboxMessage[] = [paymentEmail(order, row, after.recordedCents, after.dueCents, movedTo, company)];
  if (row.flags.length > 0) {
    // late, excess or partial: the team looks at it
    messages.push({
      channel: "telegram",
      kind: "payment-flagged",
      bodyText: `⚠️ <b>Payment flagged ${escapeHtml(row.flags.join(", "))}</b> on order ${escapeHtml(order.orderNumber)}: ${escapeHtml(
        usd(row.amountCents),
      )}${row.txHash ? ` (tx ${escapeHtml(row.txHash)})` : ""}`,
      entityType: "order",
      entityId: order.id,
    });
  }
  await enqueue(tx, deps.env, messages);
}

/**
 * Records a payment (or settles a pending one with `pendingId`) and everything that follows, inside `tx`.
 * Returns null when its transaction hash is already recorded (by another process at the same moment).
 */
export async function recordPaymentInTx(
  tx: Executor,
  deps: Deps,
  order: OrderRow,
  input: NewPayment,
  pendingId?: number,
): Promise<PaymentRow | null> {
  const row = await writePayment(tx, order, input, pendingId);
  if (!row) return null;
  await notePayment(tx, deps, order, input, row);
  await announcePayment(tx, deps, order, row);
  return row;
}

export async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow> {
  return lockedRow(tx.select().from(orders).where(eq(orders.id, orderId)).limit(1), "Order not found");
}

/** Staff reject a pending hash (it never confirmed, or it is not the customer's). */
export async function rejectPendingPayment(
  deps: Deps,
  actor: Actor,
  paymentId: number,
  reason: string,
): Promise<AdminPaymentDto> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .limit(1);
    if (!found) throw notFound("Payment not found");
    const orderId = found.orderId;
    await lockOrder(tx, orderId);
    const [row] = await tx
      .update(payments)
      .set({ status: "rejected", note: reason, recordedBy: actor.username, nextCheckAt: null })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "pending_verification")))
      .returning();
    if (!row) throw conflict("Only a payment pending verification can be rejected");
    await tx.insert(orderEvents).values({
      orderId,
      kind: "payment_rejected",
      data: { paymentId: row.id, txHash: row.txHash, reason },
      actor: actor.username,
      createdAt: deps.clock.now(),
    });
    return adminPaymentDto(row);
  });
}
