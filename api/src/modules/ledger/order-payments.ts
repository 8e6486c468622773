// An order's money as read (no recording here: payments/payments.service.ts): its invoices as the ledger
// settles them, its payments and timeline for the customer and for staff, and a new order's receipt.

import type {
  AdminOrderPaymentsDto,
  AdminPaymentDto,
  BankAccount,
  InvoiceDto,
  OrderEventDto,
  OrderPaymentsDto,
  PaymentDto,
  ReceiptPaymentDto,
} from "@ch/contracts/payments";
import { type Executor, schema } from "@ch/db";
import { asc, eq } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { formatUsdt } from "../../lib/usdt";
import type { PlannedInvoice } from "./invoices";
import { type Allocation, ledger } from "./ledger";

const { orders, payments, orderEvents } = schema;
type PaymentRow = typeof payments.$inferSelect;

function invoiceDto(a: Allocation): InvoiceDto {
  return {
    id: a.invoice.id,
    kind: a.invoice.kind as InvoiceDto["kind"],
    reference: a.invoice.reference,
    label: a.invoice.label,
    dueOn: a.invoice.dueOn as InvoiceDto["dueOn"],
    dueAt: a.invoice.dueAt?.toISOString() ?? null,
    amount: a.invoice.amountCents / 100,
    paid: a.paidCents / 100,
    outstanding: (a.invoice.amountCents - a.paidCents) / 100,
    usdtAmount: a.invoice.usdtAmountMicro === null ? null : formatUsdt(a.invoice.usdtAmountMicro),
    status: a.status,
    validUntil: a.invoice.validUntil?.toISOString() ?? null,
  };
}

export function paymentDto(p: PaymentRow): PaymentDto {
  return {
    id: p.id,
    invoiceId: p.invoiceId,
    method: p.method,
    status: p.status,
    amount: p.amountCents / 100,
    usdtAmount: p.usdtAmountMicro === null ? null : formatUsdt(p.usdtAmountMicro),
    txHash: p.txHash,
    reference: p.reference,
    flags: p.flags,
    receivedAt: p.receivedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

export const adminPaymentDto = (p: PaymentRow): AdminPaymentDto => ({
  ...paymentDto(p),
  note: p.note,
  recordedBy: p.recordedBy,
  fromAddress: p.fromAddress,
  reason: p.reason,
});

function eventDto(e: typeof orderEvents.$inferSelect): OrderEventDto {
  return {
    id: e.id,
    kind: e.kind,
    fromStage: e.fromStage,
    toStage: e.toStage,
    data: e.data,
    actor: e.actor,
    createdAt: e.createdAt.toISOString(),
  };
}

/**
 * The customer's view of the order's money (no staff notes); usdtWalletAddress null when USDT is
 * unavailable, bankAccount (the settings', bankAccountOf) null until the owner has given it.
 */
export async function getOrderPayments(
  deps: { db: Executor; env: Deps["env"] },
  orderId: number,
  bankAccount: BankAccount | null,
): Promise<OrderPaymentsDto> {
  const l = await ledger(deps.db, orderId);
  return {
    invoices: l.allocations.map(invoiceDto),
    payments: l.paymentRows.filter((p) => p.status !== "rejected").map(paymentDto),
    paid: l.recordedCents / 100,
    outstanding: Math.max(0, l.dueCents - l.recordedCents) / 100,
    dueNow: l.dueNowCents / 100,
    usdtWalletAddress: deps.env.USDT_WALLET_ADDRESS ?? null,
    bankAccount,
  };
}

export async function getAdminOrderPayments(db: Executor, orderId: number): Promise<AdminOrderPaymentsDto> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound("Order not found");
  const l = await ledger(db, orderId);
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    // insertion order: a payment and the stage move it causes share one transaction's time
    .orderBy(asc(orderEvents.id));
  return {
    invoices: l.allocations.map(invoiceDto),
    payments: l.paymentRows.map(adminPaymentDto),
    events: events.map(eventDto),
    paid: l.recordedCents / 100,
    outstanding: Math.max(0, l.dueCents - l.recordedCents) / 100,
    dueNow: l.dueNowCents / 100,
  };
}

/** The payment part of a new order's receipt, from its planned invoices (nothing paid yet). */
export function receiptPayment(
  env: Pick<Deps["env"], "USDT_WALLET_ADDRESS">,
  planned: PlannedInvoice[],
  bankAccount: BankAccount | null,
): ReceiptPaymentDto {
  const due = planned.reduce((s, i) => s + i.amountCents, 0);
  const dueNow = planned.reduce((s, i) => s + (i.dueAt ? i.amountCents : 0), 0);
  return {
    invoices: planned.map((i) => ({
      kind: i.kind,
      reference: i.reference,
      label: i.label,
      dueOn: i.dueOn,
      dueAt: i.dueAt?.toISOString() ?? null,
      amount: i.amountCents / 100,
      paid: 0,
      outstanding: i.amountCents / 100,
      usdtAmount: i.usdtAmountMicro === null ? null : formatUsdt(i.usdtAmountMicro),
      status: "open",
      validUntil: i.validUntil?.toISOString() ?? null,
    })),
    payments: [],
    paid: 0,
    outstanding: due / 100,
    dueNow: dueNow / 100,
    usdtWalletAddress: env.USDT_WALLET_ADDRESS ?? null,
    bankAccount,
  };
}

/** Whether recorded money covers every invoice of the order (for the stage move after delivery). */
export async function orderFullyPaid(db: Executor, orderId: number): Promise<boolean> {
  const l = await ledger(db, orderId);
  return l.allocations.length > 0 && l.allocations.every((a) => a.status === "paid" || a.status === "void");
}
