// The ledger's arithmetic: an order's invoices, its payments, and how recorded money settles the invoices.
// No imports from other modules: payments.service (recording) and the order stages (the balance an
// e-mail states) both read it.
import { type Executor, schema } from "@ch/db";
import { asc, eq } from "drizzle-orm";
import type { InvoiceRow } from "./invoices";

const { invoices, payments } = schema;

export interface Allocation {
  invoice: InvoiceRow;
  paidCents: number;
  status: string;
}

/** Recorded money settles the invoices in their schedule's order (deposit first); what is left over is excess. */
export function allocate(invoiceRows: InvoiceRow[], recordedCents: number): Allocation[] {
  let left = recordedCents;
  // by position whatever the id: an invoice whose random USDT tag was taken is stored after the others
  const inOrder = [...invoiceRows].sort((a, b) => a.position - b.position || a.id - b.id);
  return inOrder.map((invoice) => {
    if (invoice.status === "void") return { invoice, paidCents: 0, status: "void" };
    const paidCents = Math.max(0, Math.min(left, invoice.amountCents));
    left -= paidCents;
    const status = paidCents >= invoice.amountCents ? "paid" : paidCents > 0 ? "partially_paid" : "open";
    return { invoice, paidCents, status };
  });
}

/**
 * An order's money as recorded: its invoices, its payments, what recorded payments add up to, how they
 * settle the invoices, what the invoices ask in all (void ones aside) and what of it has fallen due.
 */
export async function ledger(db: Executor, orderId: number) {
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.position), asc(invoices.id));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const recordedCents = paymentRows.filter((p) => p.status === "recorded").reduce((s, p) => s + p.amountCents, 0);
  const allocations = allocate(invoiceRows, recordedCents);
  const dueCents = allocations.reduce((s, a) => s + (a.status === "void" ? 0 : a.invoice.amountCents), 0);
  /** What is owed now: the unpaid part of the invoices that have fallen due. */
  const dueNowCents = allocations.reduce(
    (s, a) => s + (a.status === "void" || a.invoice.dueAt === null ? 0 : a.invoice.amountCents - a.paidCents),
    0,
  );
  return { invoiceRows, paymentRows, recordedCents, allocations, dueCents, dueNowCents };
}
