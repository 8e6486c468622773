// The order core: the one way an order comes into being, whatever the channel (the storefront's
// checkout, a proposal's acceptance, any later one). A channel prices its lines with the pricing engine
// and hands the core a draft; the core stores, in ONE statement and so one transaction, the order, its
// lines, its invoices (deposit and balance, ledger/invoices.ts), its first timeline row (stage
// awaiting_deposit), its audit entry, its outbox rows, its order.created webhook event and, with an
// Idempotency-Key, the stored answer. The stage is the order's one state; status and paymentStatus are
// derived (stages.service LEGACY_STATUS; the ledger).
//
// Catalog-priced lines (the checkout) are re-checked in the same statement: the products are locked FOR
// SHARE in id order and must still have the name, price and stock they were priced with, else nothing is
// stored (the caller prices again). A proposal's lines were priced when staff sent it: nothing to re-check.
import { randomBytes } from "node:crypto";
import type { OrderReceiptDto } from "@ch/contracts/orders";
import type { ReceiptPaymentDto } from "@ch/contracts/payments";
import type { BusinessSettings } from "@ch/contracts/settings";
import { type PaymentMilestone, splitDeposit } from "@ch/contracts/totals";
import type { Executor, schema, TaxLineRecord } from "@ch/db";
import type { Deps } from "../../lib/deps";
import { queryRows } from "../../lib/prepared";
import { type PlannedInvoice, planInvoices, receiptPayment } from "../ledger";
import { announceEnqueued, orderMessages, outboxRow } from "../notifications";
import { bankAccountOf } from "../settings";
import { newMessageId, orderCreatedData } from "../webhooks";
import { FIXED, storeStatement } from "./order-store-sql";

export const DELIVERY_WEEKS = 10;

export type OrderCustomer = Pick<
  typeof schema.orders.$inferSelect,
  "firstName" | "lastName" | "email" | "phone" | "address" | "city" | "state" | "zipCode" | "deliveryNotes"
>;

/** The customer's part of an order (name, e-mail, phone, delivery address and notes), picked from a row or an input. */
export const orderCustomer = (source: OrderCustomer): OrderCustomer => ({
  firstName: source.firstName,
  lastName: source.lastName,
  email: source.email,
  phone: source.phone,
  address: source.address,
  city: source.city,
  state: source.state,
  zipCode: source.zipCode,
  deliveryNotes: source.deliveryNotes,
});

export interface OrderLineDraft {
  /** The catalog product, or 0 for a proposal's option or custom line. */
  productId: number;
  productName: string;
  unitPriceCents: number;
  quantity: number;
  taxClass: string;
}

/** The figures the pricing engine gave for the lines (integer cents). */
export interface OrderFigures {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  deliveryLabel: string;
  taxLines: TaxLineRecord[];
  taxCents: number;
  totalCents: number;
  depositPercent: number;
}

export interface OrderDraft {
  customer: OrderCustomer;
  paymentMethod: string;
  lines: OrderLineDraft[];
  figures: OrderFigures;
  /** Products to re-check and lock (checkout): id, name and price as they were priced. */
  catalogCheck: { id: number; name: string; priceCents: number }[];
  proposalId: number | null;
  /** Who places it, for the timeline and the audit log: "customer", a staff username, "api key …". */
  actor: string;
  /** The time the browser says the order was placed; createdAt is the server's. */
  clientOrderDate: Date | null;
  /** Until when the deposit's USDT amount is asked (a proposal's validity; else DEPOSIT_VALID_DAYS). */
  depositValidUntil?: Date | undefined;
  /** The payment schedule (a proposal's, else the settings'); its first percent is figures.depositPercent. */
  milestones: readonly PaymentMilestone[];
  /** Staff typed the address (a proposal): not an acknowledgement to an unproven one. */
  recipientProven?: boolean;
  /** Extra data on the first timeline row and the audit entry (a proposal's id and version). */
  origin?: Record<string, unknown>;
  /** E-mail the customer their confirmation (default); false leaves only the staff's notice. */
  notifyCustomer?: boolean;
}

export type StoredOrder = OrderReceiptDto & { accessToken: string; payment: ReceiptPaymentDto };

export function formatOrderNumber(id: number, at: Date): string {
  return `CH-${at.getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

export const newAccessToken = () => randomBytes(24).toString("base64url");

/** The order row as the core stores it (and as the receipt and the messages read it). */
export interface CoreOrderRow extends OrderCustomer, OrderFigures {
  id: number;
  orderNumber: string;
  paymentMethod: string;
  status: string;
  paymentStatus: string;
  stage: string;
  proposalId: number | null;
  accessToken: string | null;
  createdAt: Date;
}

/** The receipt of an order (dollars at this edge), before the ledger's payment part. */
export function toReceipt(
  order: CoreOrderRow,
  lines: Pick<OrderLineDraft, "productId" | "productName" | "unitPriceCents" | "quantity">[],
): OrderReceiptDto {
  const estimated = new Date(order.createdAt.getTime() + DELIVERY_WEEKS * 7 * 86_400_000);
  const deposit = splitDeposit(order.totalCents, order.depositPercent);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    lines: lines.map((l) => ({
      productId: l.productId,
      name: l.productName,
      unitPrice: l.unitPriceCents / 100,
      quantity: l.quantity,
      lineTotal: (l.unitPriceCents * l.quantity) / 100,
    })),
    ...(order.discountCents > 0 ? { discount: order.discountCents / 100 } : {}),
    subtotal: order.subtotalCents / 100,
    tax: order.taxCents / 100,
    taxLines: order.taxLines.map((t) => ({
      taxClass: t.taxClass,
      label: t.label,
      rateBasisPoints: t.rateBasisPoints,
      taxable: t.taxableCents / 100,
      tax: t.taxCents / 100,
    })),
    shipping: order.shippingCents / 100,
    deliveryLabel: order.deliveryLabel,
    totalAmount: order.totalCents / 100,
    depositPercent: deposit.depositPercent,
    amountDueNow: deposit.depositCents / 100,
    balanceOnDelivery: deposit.balanceCents / 100,
    createdAt: order.createdAt.toISOString(),
    estimatedDelivery: estimated.toISOString(),
  };
}

export interface CreateOrderOptions {
  /** Store the receipt under this (already claimed) idempotency record key in the same statement. */
  idempotencyKey?: string | undefined;
  /** `executor` is the caller's transaction (a proposal's acceptance): the statement runs under a savepoint. */
  inTransaction?: boolean;
}

/** The order's row as the statement stores it: number and access token new, stage awaiting_deposit. */
function newOrderRow(orderId: number, now: Date, draft: OrderDraft): CoreOrderRow {
  return {
    id: orderId,
    orderNumber: formatOrderNumber(orderId, now),
    ...draft.customer,
    ...draft.figures,
    paymentMethod: draft.paymentMethod,
    status: "pending",
    paymentStatus: "pending",
    stage: "awaiting_deposit",
    proposalId: draft.proposalId,
    accessToken: newAccessToken(),
    createdAt: now,
  };
}

/** The statement's fixed parameters, by name (FIXED gives their order). */
function fixedValues(
  order: CoreOrderRow,
  draft: OrderDraft,
  planned: PlannedInvoice[],
  now: Date,
): Record<(typeof FIXED)[number], unknown> {
  return {
    checkIds: draft.catalogCheck.map((p) => p.id),
    checkNames: draft.catalogCheck.map((p) => p.name),
    checkPrices: draft.catalogCheck.map((p) => String(p.priceCents)),
    id: order.id,
    orderNumber: order.orderNumber,
    ...orderCustomer(order),
    paymentMethod: order.paymentMethod,
    subtotalCents: String(order.subtotalCents),
    discountCents: String(order.discountCents),
    taxCents: String(order.taxCents),
    shippingCents: String(order.shippingCents),
    totalCents: String(order.totalCents),
    deliveryLabel: order.deliveryLabel,
    taxLines: JSON.stringify(order.taxLines),
    status: order.status,
    paymentStatus: order.paymentStatus,
    clientOrderDate: draft.clientOrderDate ? draft.clientOrderDate.toISOString() : null,
    now: now.toISOString(),
    depositPercent: order.depositPercent,
    proposalId: order.proposalId,
    accessToken: order.accessToken,
    lineProductIds: draft.lines.map((l) => l.productId),
    lineNames: draft.lines.map((l) => l.productName),
    linePrices: draft.lines.map((l) => String(l.unitPriceCents)),
    lineQuantities: draft.lines.map((l) => l.quantity),
    lineTaxClasses: draft.lines.map((l) => l.taxClass),
    invoiceKinds: planned.map((i) => i.kind),
    invoiceReferences: planned.map((i) => i.reference),
    invoiceAmounts: planned.map((i) => String(i.amountCents)),
    invoiceUsdt: planned.map((i) => (i.usdtAmountMicro === null ? null : String(i.usdtAmountMicro))),
    invoiceValidUntil: planned.map((i) => (i.validUntil ? i.validUntil.toISOString() : null)),
    invoiceLabels: planned.map((i) => i.label),
    invoicePositions: planned.map((i) => i.position),
    invoiceDueOn: planned.map((i) => i.dueOn),
    invoiceDueAt: planned.map((i) => (i.dueAt ? i.dueAt.toISOString() : null)),
    actor: draft.actor,
    origin: JSON.stringify(draft.origin ?? {}),
    auditDetail: JSON.stringify({
      orderNumber: order.orderNumber,
      totalCents: order.totalCents,
      paymentMethod: order.paymentMethod,
      ...(draft.origin ?? {}),
    }),
    webhookMessage: newMessageId(),
    webhookData: JSON.stringify(orderCreatedData({ ...order, lines: draft.lines })),
  };
}

/** The parameters of the outbox rows, after the fixed ones (and the idempotency record's). */
function outboxParams(env: Deps["env"], messages: ReturnType<typeof orderMessages>): unknown[] {
  const params: unknown[] = [];
  for (const message of messages) {
    const row = outboxRow(env, message);
    params.push(
      row.channel,
      row.kind,
      row.recipient,
      row.subject,
      row.bodyText,
      row.bodyHtml,
      row.entityType,
      row.entityId,
      JSON.stringify(row.payload),
      row.status,
    );
  }
  return params;
}

/**
 * Stores a priced order under `orderId` (taken from orders_id_seq by the caller) in `executor` (the
 * database, or the caller's transaction). Returns the receipt, or null when a catalog line's product
 * changed since it was priced (nothing is stored; the caller prices again).
 */
export async function createOrder(
  executor: Executor,
  deps: Pick<Deps, "env" | "clock">,
  settings: BusinessSettings,
  orderId: number,
  draft: OrderDraft,
  options: CreateOrderOptions = {},
): Promise<StoredOrder | null> {
  const { env } = deps;
  const now = deps.clock.now();
  const order = newOrderRow(orderId, now, draft);
  for (let attempt = 1; ; attempt++) {
    // each attempt draws new USDT tags: the receipt, the e-mails, the webhook and the stored answer all
    // name the amounts that are stored, never a tag another invoice took meanwhile
    const planned: PlannedInvoice[] = planInvoices(order, {
      depositValidUntil: draft.depositValidUntil,
      milestones: draft.milestones,
    });
    const receipt: StoredOrder = {
      ...toReceipt(order, draft.lines),
      payment: receiptPayment(env, planned, bankAccountOf(settings)),
      accessToken: order.accessToken!,
    };
    const messages = orderMessages({ ...order, lines: draft.lines, invoices: planned }, env, settings, {
      recipientProven: draft.recipientProven ?? false,
      accessToken: order.accessToken!,
    }).filter((message) => draft.notifyCustomer !== false || message.recipient !== order.email);
    const values = fixedValues(order, draft, planned, now);
    const params: unknown[] = FIXED.map((name) => values[name]);
    const withKey = options.idempotencyKey !== undefined;
    if (withKey) params.push(options.idempotencyKey, 201, JSON.stringify(receipt));
    params.push(...outboxParams(env, messages));
    const store = (on: Executor) =>
      queryRows<{ stored: number; invoices: number }>(on, storeStatement(messages.length, withKey), params);
    let result: { stored: number; invoices: number } | undefined;
    try {
      // inside a caller's transaction the statement runs under a savepoint, so a taken tag can be retried
      [result] = options.inTransaction ? await executor.transaction((tx) => store(tx)) : await store(executor);
    } catch (error) {
      // the one statement stored nothing: another invoice holds one of the drawn USDT amounts
      if (usdtTagTaken(error) && attempt < TAG_ATTEMPTS) continue;
      throw error;
    }
    if (result?.stored !== 1) return null;
    announceEnqueued();
    return receipt;
  }
}

const TAG_ATTEMPTS = 20;

/** PostgreSQL's unique violation (23505) on invoices' USDT amount, whichever driver reports it. */
function usdtTagTaken(error: unknown): boolean {
  const e = error as {
    code?: string;
    constraint_name?: string;
    constraint?: string;
    message?: string;
    cause?: unknown;
  };
  if (e?.code === "23505") {
    return [e.constraint_name, e.constraint, e.message].some((t) =>
      String(t ?? "").includes("invoices_usdt_amount_unique"),
    );
  }
  return e?.cause !== undefined && e.cause !== error && usdtTagTaken(e.cause);
}
