// What an order asks to be paid: one invoice per milestone of its payment schedule (by default a deposit
// on acceptance and the balance on delivery, settings/milestonesOf). The first is the deposit (due at once),
// the last the balance, those between milestones; each later one falls due when the order reaches its stage
// (markInvoicesDue, called by the stage moves). Each has a unique payment reference (order number + D, M2…,
// B) and, for USDT orders, a unique USDT amount: the amount due plus a tag of 1–9999 micro-units, so that a
// transfer names its invoice by its amount (the unique index on invoices.usdt_amount_micro; a taken tag is retried).
import { randomInt } from "node:crypto";
import { ORDER_STAGES } from "@ch/contracts/stages";
import {
  defaultMilestones,
  MILESTONE_DUE_LABELS,
  type MilestoneDue,
  type PaymentMilestone,
  splitMilestones,
} from "@ch/contracts/totals";
import { type Executor, schema } from "@ch/db";
import { and, asc, eq, inArray, isNotNull, isNull, notInArray } from "drizzle-orm";
import { centsToMicro } from "../../lib/usdt";

const { invoices } = schema;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceKind = "deposit" | "milestone" | "balance";

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
  label: string;
  position: number;
  dueOn: PaymentMilestone["dueOn"];
  /** When it falls due: the order's creation for a milestone on acceptance; else null until its stage. */
  dueAt: Date | null;
  amountCents: number;
  usdtAmountMicro: bigint | null;
  validUntil: Date | null;
}

/** CH-2026-000123-D (deposit), -M2, -M3 … (milestones by position), -B (balance). */
export const invoiceReference = (orderNumber: string, kind: InvoiceKind, position = 0) =>
  `${orderNumber}-${kind === "deposit" ? "D" : kind === "balance" ? "B" : `M${position + 1}`}`;

/** A USDT amount for `cents` with a random tag in its last four micro-units (never 0, so never a round amount). */
export const taggedUsdtAmount = (cents: number, random: (max: number) => number = (max) => randomInt(1, max + 1)) =>
  centsToMicro(cents) + BigInt(random(TAG_MAX));

/**
 * The order's invoices, before they are stored: one per milestone (by default the deposit percent on
 * acceptance and the rest on delivery). A zero-amount milestone (a 0 % deposit) is left out.
 * `depositValidUntil` defaults to DEPOSIT_VALID_DAYS after the order (a proposal passes its own).
 */
export function planInvoices(
  order: OrderForInvoices,
  options: { depositValidUntil?: Date | undefined; milestones?: readonly PaymentMilestone[] | undefined } = {},
): PlannedInvoice[] {
  const milestones = options.milestones ?? defaultMilestones(order.depositPercent);
  const amounts = splitMilestones(order.totalCents, milestones);
  const usdt = order.paymentMethod === "usdt";
  const validUntil = options.depositValidUntil ?? new Date(order.createdAt.getTime() + DEPOSIT_VALID_DAYS * 86_400_000);
  const last = milestones.length - 1;
  return milestones.flatMap((m, position) => {
    const amountCents = amounts[position]!;
    if (amountCents <= 0) return [];
    const kind: InvoiceKind = position === 0 ? "deposit" : position === last ? "balance" : "milestone";
    const onAcceptance = m.dueOn === "acceptance";
    return [
      {
        kind,
        reference: invoiceReference(order.orderNumber, kind, position),
        label: m.label,
        position,
        dueOn: m.dueOn,
        dueAt: onAcceptance ? order.createdAt : null,
        amountCents,
        usdtAmountMicro: usdt ? taggedUsdtAmount(amountCents) : null,
        validUntil: position === 0 ? validUntil : null,
      },
    ];
  });
}

/**
 * Stores the order's invoices that are not stored yet (so it is safe to call again): each insert skips a
 * conflict (ON CONFLICT DO NOTHING, which does not abort the caller's transaction) and a USDT amount already
 * taken by another invoice is retried with another tag. Returns the order's invoices.
 */
export async function createInvoicesForOrder(
  tx: Executor,
  order: OrderForInvoices,
  options: {
    depositValidUntil?: Date;
    milestones?: readonly PaymentMilestone[] | undefined;
    planned?: PlannedInvoice[];
  } = {},
): Promise<InvoiceRow[]> {
  const existing = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
  const have = new Set(existing.map((i) => i.reference));
  for (const plan of options.planned ?? planInvoices(order, options)) {
    if (have.has(plan.reference)) continue;
    let usdt = plan.usdtAmountMicro;
    for (let attempt = 0; ; attempt++) {
      const [row] = await tx
        .insert(invoices)
        .values({
          orderId: order.id,
          kind: plan.kind,
          reference: plan.reference,
          label: plan.label,
          position: plan.position,
          dueOn: plan.dueOn,
          dueAt: plan.dueAt,
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
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.position), asc(invoices.id));
}

/** When an invoice falls due, in words: "on acceptance", "at production start", "on delivery". */
export const invoiceDueText = (invoice: Pick<InvoiceRow, "dueOn">) =>
  MILESTONE_DUE_LABELS[invoice.dueOn as MilestoneDue] ?? invoice.dueOn;

/** The build stages in order, cancelled aside (it reaches no milestone). */
const STAGES_IN_ORDER: readonly string[] = ORDER_STAGES.filter((stage) => stage !== "cancelled");

/** The milestones an order at `stage` has reached ("acceptance" always; none once cancelled). */
export function reachedMilestones(stage: string): string[] {
  const at = STAGES_IN_ORDER.indexOf(stage);
  return ["acceptance", ...STAGES_IN_ORDER.slice(0, Math.max(0, at + 1))];
}

/**
 * After a stage move: the invoices whose milestone the order has now reached fall due (dueAt = now), and
 * those of a stage it went back from (an undo) are not due any more. Returns the invoices that fell due.
 * A cancelled order keeps its invoices as they were.
 */
export async function markInvoicesDue(tx: Executor, orderId: number, stage: string, now: Date): Promise<InvoiceRow[]> {
  if (stage === "cancelled") return [];
  const reached = reachedMilestones(stage);
  await tx
    .update(invoices)
    .set({ dueAt: null, remindedAt: null, updatedAt: now })
    .where(and(eq(invoices.orderId, orderId), notInArray(invoices.dueOn, reached), isNotNull(invoices.dueAt)));
  return tx
    .update(invoices)
    .set({ dueAt: now, updatedAt: now })
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.dueOn, reached), isNull(invoices.dueAt)))
    .returning();
}
