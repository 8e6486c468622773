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
import type { Executor, TaxLineRecord } from "@ch/db";
import type { OrderReceiptDto } from "../../contracts/orders";
import type { ReceiptPaymentDto } from "../../contracts/payments";
import type { BusinessSettings } from "../../contracts/settings";
import { splitDeposit } from "../../contracts/totals";
import type { Deps } from "../../lib/deps";
import { queryRows } from "../../lib/prepared";
import { createInvoicesForOrder, type PlannedInvoice, planInvoices, receiptPayment } from "../ledger";
import { announceEnqueued, orderMessages, outboxRow } from "../notifications";
import { bankAccountOf } from "../settings";
import { newMessageId, orderCreatedData, webhookEventCte } from "../webhooks";

export const DELIVERY_WEEKS = 10;

export interface OrderCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  deliveryNotes: string | null;
}

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
  /** Staff typed the address (a proposal): not an acknowledgement to an unproven one. */
  recipientProven?: boolean;
  /** Extra data on the first timeline row and the audit entry (a proposal's id and version). */
  origin?: Record<string, unknown>;
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

// ---- the store statement ------------------------------------------------------------------------

/** Columns of the outbox rows, in the order of their parameters. */
const OUTBOX_COLUMNS = [
  ["channel", "text"],
  ["kind", "text"],
  ["recipient", "text"],
  ["subject", "text"],
  ["body_text", "text"],
  ["body_html", "text"],
  ["entity_type", "text"],
  ["entity_id", "int"],
  ["payload", "jsonb"],
  ["status", "text"],
] as const;

/** The statement's fixed parameters, by name: their position is their index + 1. */
const FIXED = [
  "checkIds",
  "checkNames",
  "checkPrices",
  "id",
  "orderNumber",
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "zipCode",
  "deliveryNotes",
  "paymentMethod",
  "subtotalCents",
  "discountCents",
  "taxCents",
  "shippingCents",
  "totalCents",
  "deliveryLabel",
  "taxLines",
  "status",
  "paymentStatus",
  "clientOrderDate",
  "now",
  "depositPercent",
  "proposalId",
  "accessToken",
  "lineProductIds",
  "lineNames",
  "linePrices",
  "lineQuantities",
  "lineTaxClasses",
  "invoiceKinds",
  "invoiceReferences",
  "invoiceAmounts",
  "invoiceUsdt",
  "invoiceValidUntil",
  "actor",
  "origin",
  "auditDetail",
  "webhookMessage",
  "webhookData",
] as const;
const $ = (name: (typeof FIXED)[number]) => `$${FIXED.indexOf(name) + 1}`;

function storeOrderSql(messages: number, withKey: boolean): string {
  let next = FIXED.length + 1;
  const key = withKey ? { key: `$${next++}`, status: `$${next++}`, body: `$${next++}` } : null;
  const rows: string[] = [];
  for (let m = 0; m < messages; m++) {
    const cells = OUTBOX_COLUMNS.map(([, type]) => `$${next++}::${type}`);
    rows.push(`(${cells.join(", ")}, ${m})`);
  }
  const columns = OUTBOX_COLUMNS.map(([name]) => name).join(", ");
  return `
  with locked as materialized (
    select p.id from products p
    join unnest(${$("checkIds")}::int[], ${$("checkNames")}::text[], ${$("checkPrices")}::bigint[]) as v(id, name, price_cents)
      on v.id = p.id
    where p.in_stock and p.published and p.name = v.name and p.price_cents = v.price_cents
    order by p.id
    for share of p
  ),
  o as (
    insert into orders (id, order_number, first_name, last_name, email, phone, address, city, state, zip_code,
      delivery_notes, payment_method, subtotal_cents, discount_cents, tax_cents, shipping_cents, total_cents,
      delivery_label, tax_lines, status, payment_status, stage, stage_changed_at, client_order_date, created_at,
      updated_at, deposit_percent, proposal_id, access_token)
    select ${$("id")}::int, ${$("orderNumber")}::text, ${$("firstName")}::text, ${$("lastName")}::text,
      ${$("email")}::text, ${$("phone")}::text, ${$("address")}::text, ${$("city")}::text, ${$("state")}::text,
      ${$("zipCode")}::text, ${$("deliveryNotes")}::text, ${$("paymentMethod")}::text,
      ${$("subtotalCents")}::bigint, ${$("discountCents")}::bigint, ${$("taxCents")}::bigint,
      ${$("shippingCents")}::bigint, ${$("totalCents")}::bigint, ${$("deliveryLabel")}::text,
      ${$("taxLines")}::jsonb, ${$("status")}::text, ${$("paymentStatus")}::text, 'awaiting_deposit',
      ${$("now")}::timestamptz, ${$("clientOrderDate")}::timestamptz, ${$("now")}::timestamptz,
      ${$("now")}::timestamptz, ${$("depositPercent")}::int, ${$("proposalId")}::int, ${$("accessToken")}::text
    where (select count(*) from locked) = cardinality(${$("checkIds")}::int[])
    returning id
  ),
  l as (
    insert into order_lines (order_id, product_id, product_name, unit_price_cents, quantity, tax_class)
    select o.id, x.product_id, x.product_name, x.unit_price_cents, x.quantity, x.tax_class
    from o, unnest(${$("lineProductIds")}::int[], ${$("lineNames")}::text[], ${$("linePrices")}::bigint[],
      ${$("lineQuantities")}::int[], ${$("lineTaxClasses")}::text[])
      with ordinality as x(product_id, product_name, unit_price_cents, quantity, tax_class, position)
    order by x.position
  ),
  inv as (
    insert into invoices (order_id, kind, reference, amount_cents, usdt_amount_micro, valid_until, created_at, updated_at)
    select o.id, x.kind, x.reference, x.amount_cents, x.usdt::bigint, x.valid_until::timestamptz,
      ${$("now")}::timestamptz, ${$("now")}::timestamptz
    -- (text[], not timestamptz[]: postgres.js has no array serializer for timestamptz)
    from o, unnest(${$("invoiceKinds")}::text[], ${$("invoiceReferences")}::text[], ${$("invoiceAmounts")}::bigint[],
      ${$("invoiceUsdt")}::text[], ${$("invoiceValidUntil")}::text[])
      as x(kind, reference, amount_cents, usdt, valid_until)
    on conflict do nothing
    returning id
  ),
  ev as (
    insert into order_events (order_id, kind, actor, from_stage, to_stage, data, created_at)
    select o.id, 'stage', ${$("actor")}::text, null, 'awaiting_deposit', ${$("origin")}::jsonb, ${$("now")}::timestamptz
    from o
  ),
  au as (
    insert into audit_log (admin_id, admin_name, action, entity_type, entity_id, detail, created_at)
    select null, ${$("actor")}::text, 'order.create', 'order', o.id::text, ${$("auditDetail")}::jsonb, ${$("now")}::timestamptz
    from o
  ),
  wh as (
    ${webhookEventCte("order.created", { message: $("webhookMessage"), data: $("webhookData"), at: $("now"), from: "o" })}
  )${
    messages > 0
      ? `,
  nt as (
    insert into notifications (${columns})
    select ${OUTBOX_COLUMNS.map(([name]) => `x.${name}`).join(", ")}
    from o, (values ${rows.join(",\n      ")}) as x(${columns}, position)
    order by x.position
  )`
      : ""
  }${
    key
      ? `,
  k as (
    update idempotency_keys set state = 'done', response_status = ${key.status}::int, response_body = ${key.body}::text
    where key = ${key.key}::text and exists (select 1 from o)
  )`
      : ""
  }
  select (select count(*)::int from o) as stored, (select count(*)::int from inv) as invoices`;
}

const storeStatements = new Map<string, string>();
function storeStatement(messages: number, withKey: boolean): string {
  const id = `${messages}:${withKey}`;
  let text = storeStatements.get(id);
  if (text === undefined) {
    text = storeOrderSql(messages, withKey);
    storeStatements.set(id, text);
  }
  return text;
}

export interface CreateOrderOptions {
  /** Store the receipt under this (already claimed) idempotency record key in the same statement. */
  idempotencyKey?: string | undefined;
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
  const order: CoreOrderRow = {
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
  const planned: PlannedInvoice[] = planInvoices(order, { depositValidUntil: draft.depositValidUntil });
  const receipt: StoredOrder = {
    ...toReceipt(order, draft.lines),
    payment: receiptPayment(env, planned, bankAccountOf(settings)),
    accessToken: order.accessToken!,
  };
  const messages = orderMessages({ ...order, lines: draft.lines, invoices: planned }, env, settings, {
    recipientProven: draft.recipientProven ?? false,
    accessToken: order.accessToken!,
  });
  const values: Record<(typeof FIXED)[number], unknown> = {
    checkIds: draft.catalogCheck.map((p) => p.id),
    checkNames: draft.catalogCheck.map((p) => p.name),
    checkPrices: draft.catalogCheck.map((p) => String(p.priceCents)),
    id: order.id,
    orderNumber: order.orderNumber,
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    phone: order.phone,
    address: order.address,
    city: order.city,
    state: order.state,
    zipCode: order.zipCode,
    deliveryNotes: order.deliveryNotes,
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
  const params: unknown[] = FIXED.map((name) => values[name]);
  const withKey = options.idempotencyKey !== undefined;
  if (withKey) params.push(options.idempotencyKey, 201, JSON.stringify(receipt));
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
  const [result] = await queryRows<{ stored: number; invoices: number }>(
    executor,
    storeStatement(messages.length, withKey),
    params,
  );
  if (result?.stored !== 1) return null;
  // rare: a USDT tag was taken by another invoice meanwhile; store the missing invoice with another tag
  if (result.invoices < planned.length) await createInvoicesForOrder(executor, order);
  announceEnqueued();
  return receipt;
}
