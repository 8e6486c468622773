// What an order asks to be paid: a deposit invoice (the terms' percentage of the total, due now) and a
// balance invoice (due on delivery). Each has a unique payment reference (order number + D/B) and, for
// USDT orders, a unique USDT amount: the amount due plus a tag of 1–9999 micro-units, so that a transfer
// names its invoice by its amount (the unique index on invoices.usdt_amount_micro; a taken tag is retried).
import { randomInt } from "node:crypto";
import { splitDeposit } from "@ch/contracts/totals";
import { type Executor, schema } from "@ch/db";
import { asc, eq } from "drizzle-orm";
import { centsToMicro } from "../../lib/usdt";

const { invoices } = schema;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceKind = "deposit" | "balance";

/** How long a catalog order's deposit invoice asks for its USDT amount before a transfer counts as late. */
export const DEPOSIT_VALID_DAYS = 7;
const TAG_MAX = 9999;
const TAG_ATTEMPTS = 20;

export interface OrderForInvoices {
  id: number;
  orderNumber: string;
  totalCents: number;
  depositPercent: number;
  paymentMethod: string;
  createdAt: Date;
}

export interface PlannedInvoice {
  kind: InvoiceKind;
  reference: string;
  amountCents: number;
  usdtAmountMicro: bigint | null;
  validUntil: Date | null;
}

export const invoiceReference = (orderNumber: string, kind: InvoiceKind) =>
  `${orderNumber}-${kind === "deposit" ? "D" : "B"}`;

/** A USDT amount for `cents` with a random tag in its last four micro-units (never 0, so never a round amount). */
export const taggedUsdtAmount = (cents: number, random: (max: number) => number = (max) => randomInt(1, max + 1)) =>
  centsToMicro(cents) + BigInt(random(TAG_MAX));

/**
 * The order's two invoices, before they are stored. A zero-amount invoice (0 % deposit, or 100 %) is left
 * out. `depositValidUntil` defaults to DEPOSIT_VALID_DAYS after the order (a proposal passes its own).
 */
export function planInvoices(order: OrderForInvoices, options: { depositValidUntil?: Date } = {}): PlannedInvoice[] {
  const split = splitDeposit(order.totalCents, order.depositPercent);
  const usdt = order.paymentMethod === "usdt";
  const validUntil = options.depositValidUntil ?? new Date(order.createdAt.getTime() + DEPOSIT_VALID_DAYS * 86_400_000);
  const parts: { kind: InvoiceKind; amountCents: number; validUntil: Date | null }[] = [
    { kind: "deposit", amountCents: split.depositCents, validUntil },
    { kind: "balance", amountCents: split.balanceCents, validUntil: null },
  ];
  return parts
    .filter((part) => part.amountCents > 0)
    .map((part) => ({
      kind: part.kind,
      reference: invoiceReference(order.orderNumber, part.kind),
      amountCents: part.amountCents,
      usdtAmountMicro: usdt ? taggedUsdtAmount(part.amountCents) : null,
      validUntil: part.validUntil,
    }));
}

/**
 * Stores the order's invoices that are not stored yet (so it is safe to call again): each insert skips a
 * conflict (ON CONFLICT DO NOTHING, which does not abort the caller's transaction) and a USDT amount already
 * taken by another invoice is retried with another tag. Returns the order's invoices.
 */
export async function createInvoicesForOrder(
  tx: Executor,
  order: OrderForInvoices,
  options: { depositValidUntil?: Date; planned?: PlannedInvoice[] } = {},
): Promise<InvoiceRow[]> {
  const existing = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
  const have = new Set(existing.map((i) => i.kind));
  for (const plan of options.planned ?? planInvoices(order, options)) {
    if (have.has(plan.kind)) continue;
    let usdt = plan.usdtAmountMicro;
    for (let attempt = 0; ; attempt++) {
      const [row] = await tx
        .insert(invoices)
        .values({
          orderId: order.id,
          kind: plan.kind,
          reference: plan.reference,
          amountCents: plan.amountCents,
          usdtAmountMicro: usdt,
          validUntil: plan.validUntil,
          createdAt: order.createdAt,
          updatedAt: order.createdAt,
        })
        .onConflictDoNothing()
        .returning({ id: invoices.id });
      if (row) break;
      if (usdt === null || attempt >= TAG_ATTEMPTS) {
        throw new Error(`invoice ${plan.reference}: could not store it (reference or USDT amount taken)`);
      }
      usdt = taggedUsdtAmount(plan.amountCents);
    }
  }
  return listInvoices(tx, order.id);
}

export function listInvoices(db: Executor, orderId: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}
