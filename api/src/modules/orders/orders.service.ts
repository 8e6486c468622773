import { type Executor, schema } from "@ch/db";
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminOrderDto } from "../../contracts/admin";
import { MAX_LINE_QUANTITY } from "../../contracts/constants";
import { mergeCartLines, type OrderReceiptDto, type orderInput } from "../../contracts/orders";
import type { ReceiptPaymentDto } from "../../contracts/payments";
import { computeTotals, splitDeposit } from "../../contracts/totals";
import { type CreatedKey, createdBefore } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { groupBy } from "../../lib/group-by";
import { queryRows } from "../../lib/prepared";
import { enforceRateLimit, type RateLimitHit, rateLimitUpsertSql } from "../../lib/rate-limit";
import { type Actor, listAudit, recordAudit } from "../audit/audit.service";
import { orderMessages } from "../notifications/messages";
import { announceEnqueued, outboxRow } from "../notifications/outbox";
import { createInvoicesForOrder, planInvoices } from "../payments/invoices";
import { getAdminOrderPayments, getOrderPayments, receiptPayment } from "../payments/payments.service";
import { getSettings } from "../settings/settings.service";
import { newMessageId, webhookEventCte } from "../webhooks/events";
import { orderCreatedData } from "../webhooks/payloads";
import { stageHistory } from "./stages.service";

const { orders, orderLines, notes } = schema;
type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type NewLine = Pick<LineRow, "productId" | "productName" | "unitPriceCents" | "quantity">;
export type ParsedOrder = z.output<typeof orderInput>;

const DELIVERY_WEEKS = 10;
/** A new order's statuses: the columns' defaults, written explicitly so that the receipt and the row agree. */
const NEW_ORDER_STATUS = String(orders.status.default);
const NEW_PAYMENT_STATUS = String(orders.paymentStatus.default);

export function formatOrderNumber(id: number, at: Date): string {
  return `CH-${at.getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

function toReceipt(order: OrderRow, lines: NewLine[]): OrderReceiptDto {
  const estimated = new Date(order.createdAt.getTime() + DELIVERY_WEEKS * 7 * 86_400_000);
  const deposit = splitDeposit(order.totalCents, order.depositPercent);
  // an accepted proposal's order stores its subtotal after the discount (decision 0013)
  const discountCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0) - order.subtotalCents;
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
    ...(discountCents > 0 ? { discount: discountCents / 100 } : {}),
    subtotal: order.subtotalCents / 100,
    tax: order.taxCents / 100,
    shipping: order.shippingCents / 100,
    totalAmount: order.totalCents / 100,
    depositPercent: deposit.depositPercent,
    amountDueNow: deposit.depositCents / 100,
    balanceOnDelivery: deposit.balanceCents / 100,
    createdAt: order.createdAt.toISOString(),
    estimatedDelivery: estimated.toISOString(),
  };
}

// The order path in two prepared statements (docs/decisions/0003, "order path"):
//
// 1. ORDER_PREPARE_SQL, outside any transaction: reads the cart's products, takes the order id from
//    the sequence when every product exists and is in stock and the caller's rate-limit count is
//    below its limit (so refused orders do not use up order numbers), and, last, counts the request
//    against the limit (when the caller asks for it). Last, because the counter row stays locked
//    until the statement ends and every order from one address counts on the same row.
// 2. The server enforces the limit (429), prices the cart, refuses unknown (or draft) or unavailable products and
//    a total more than a cent off (409), and builds the receipt and the notification texts, all
//    before anything is written.
// 3. ORDER_STORE_SQL, one statement and so one transaction: locks the cart's products FOR SHARE in id
//    order while checking that each still has the name, price and stock the order was priced with,
//    and only then inserts the order, its lines, its invoices (deposit and balance, payments/invoices.ts),
//    its outbox rows, its order.created webhook event and (with an Idempotency-Key) the stored answer. An invoice whose random USDT tag
//    is taken (ON CONFLICT DO NOTHING) is stored right after with another tag. A product changed between 1 and 3 inserts nothing; the order is priced again
//    from the new rows (same order id) and stored, or refused as above.
const ORDER_PREPARE_SQL = `
  with p as (
    select id, name, price_cents, in_stock from products where id = any($4::int[]) and published
  ),
  n as (
    select case
      when $5::int is not null then $5::int
      when (select count(*) from p where in_stock) = cardinality($4::int[])
        and ($1::text is null or coalesce((select r.count from rate_limits r
          where r.key = $1::text and r.window_start = $2::timestamptz), 0) < $3::int)
        then nextval('orders_id_seq')::int
    end as order_id
  ),
  hit as (
    ${rateLimitUpsertSql("$1", "$2")}
  )
  select n.order_id, p.id, p.name, p.price_cents, p.in_stock, (select count from hit) as hits
  from n left join p on true
  order by p.id`;

/** Columns of the outbox rows, in the order of their parameters in the store statement. */
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
const STORE_FIXED_PARAMS = 33;

/**
 * The store statement for `messages` outbox rows, with or without an Idempotency-Key to mark done.
 * The outbox rows (a few KB of text each) are plain parameters rather than arrays, which the server
 * would parse character by character; the statement is prepared once per connection and variant.
 */
function storeOrderSql(messages: number, withKey: boolean): string {
  let next = STORE_FIXED_PARAMS + (withKey ? 3 : 0) + 1;
  const rows: string[] = [];
  for (let m = 0; m < messages; m++) {
    const cells = OUTBOX_COLUMNS.map(([, type]) => `$${next++}::${type}`);
    rows.push(`(${cells.join(", ")}, ${m})`);
  }
  const columns = OUTBOX_COLUMNS.map(([name]) => name).join(", ");
  return `
  with locked as materialized (
    select p.id from products p
    join unnest($1::int[], $2::text[], $3::int[]) as v(id, name, price_cents) on v.id = p.id
    where p.in_stock and p.published and p.name = v.name and p.price_cents = v.price_cents
    order by p.id
    for share of p
  ),
  o as (
    insert into orders (id, order_number, first_name, last_name, email, phone, address, city, state, zip_code,
      delivery_notes, payment_method, subtotal_cents, tax_cents, shipping_cents, total_cents, status,
      payment_status, client_order_date, created_at, updated_at, deposit_percent)
    select $4::int, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text, $11::text, $12::text, $13::text,
      $14::text, $15::text, $16::int, $17::int, $18::int, $19::int, $20::text, $21::text, $22::timestamptz,
      $23::timestamptz, $23::timestamptz, $28::int
    where (select count(*) from locked) = cardinality($1::int[])
    returning id
  ),
  l as (
    insert into order_lines (order_id, product_id, product_name, unit_price_cents, quantity)
    select o.id, x.product_id, x.product_name, x.unit_price_cents, x.quantity
    from o, unnest($24::int[], $25::text[], $26::int[], $27::int[])
      with ordinality as x(product_id, product_name, unit_price_cents, quantity, position)
    order by x.position
  ),
  inv as (
    insert into invoices (order_id, kind, reference, amount_cents, usdt_amount_micro, valid_until, created_at, updated_at)
    select o.id, x.kind, x.reference, x.amount_cents, x.usdt::bigint, x.valid_until::timestamptz, $23::timestamptz, $23::timestamptz
    -- (text[], not timestamptz[]: postgres.js has no array serializer for timestamptz)
    from o, unnest($29::text[], $30::text[], $31::int[], $32::text[], $33::text[])
      as x(kind, reference, amount_cents, usdt, valid_until)
    on conflict do nothing
    returning id
  ),
  wh as (
    ${webhookEventCte("order.created", { message: `$${next}`, data: `$${next + 1}`, at: "$23", from: "o" })}
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
    withKey
      ? `,
  k as (
    update idempotency_keys set state = 'done', response_status = $35::int, response_body = $36::text
    where key = $34::text and exists (select 1 from o)
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

/** How often an order is priced again when its products change while it is being stored. */
const STORE_ATTEMPTS = 3;

interface ProductRow {
  order_id: number | null;
  hits: number | null;
  id: number | null;
  name: string;
  price_cents: number;
  in_stock: boolean;
}

export interface PlaceOrderOptions {
  /** Count the request against this rate limit in the order's first statement (429 past the limit). */
  rateLimit?: RateLimitHit | undefined;
  /** Store the receipt under this (already claimed) Idempotency-Key in the statement that stores the order. */
  idempotencyKey?: string | undefined;
}

/** The largest total an order can hold (orders.total_cents is a 4-byte integer). */
const MAX_TOTAL_CENTS = 2_147_483_647;

/** Refuses unknown and unavailable products, prices the cart, and refuses a total more than a cent off. */
function priceCart(input: ParsedOrder, ids: number[], found: ProductRow[]) {
  const byId = new Map(found.map((p) => [p.id!, p]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw conflict(`Unknown products: ${unknown.join(", ")}`, { unknownProductIds: unknown });
  }
  const unavailable = found.filter((p) => !p.in_stock);
  if (unavailable.length > 0) {
    throw conflict(`Out of stock: ${unavailable.map((p) => p.name).join(", ")}`, {
      outOfStock: unavailable.map((p) => ({ id: p.id, name: p.name })),
    });
  }
  const priced: NewLine[] = input.cartItems.map((item) => {
    const product = byId.get(item.id)!;
    return {
      productId: item.id,
      productName: product.name,
      unitPriceCents: product.price_cents,
      quantity: item.quantity,
    };
  });
  const totals = computeTotals(priced);
  if (totals.totalCents > MAX_TOTAL_CENTS) {
    throw badRequest("The order is too large to place online; please contact us for a quote", [
      { path: ["cartItems"], message: "the order total is too large" },
    ]);
  }
  if (Math.abs(Math.round(input.totalAmount * 100) - totals.totalCents) > 1) {
    throw conflict("The order total does not match current prices", {
      subtotal: totals.subtotalCents / 100,
      tax: totals.taxCents / 100,
      shipping: totals.shippingCents / 100,
      totalAmount: totals.totalCents / 100,
    });
  }
  return { priced, totals };
}

/**
 * Prices the cart from the database, refuses unknown or unavailable products and a total that
 * differs from the server's by more than a cent, then stores the order, its lines, its
 * notifications and (with `idempotencyKey`) the answer, atomically in one statement.
 */
export async function placeOrder(
  deps: Deps,
  input: ParsedOrder,
  options: PlaceOrderOptions = {},
): Promise<OrderReceiptDto> {
  const { db, env, clock } = deps;
  // the deposit and the e-mail's business details are those of the settings when the order is placed
  const settings = await getSettings(deps);
  if (input.paymentMethod === "usdt" && !env.USDT_WALLET_ADDRESS) {
    throw conflict("USDT payments are not available at the moment; please choose bank transfer");
  }
  // the contract merges the lines of one product (mergeCartLines); merged again here for other callers,
  // so that the per-product cap always applies to the product's whole quantity
  input = { ...input, cartItems: mergeCartLines(input.cartItems) };
  const over = input.cartItems.findIndex((item) => item.quantity > MAX_LINE_QUANTITY);
  if (over >= 0) {
    throw badRequest(`Invalid body: at most ${MAX_LINE_QUANTITY} of one product`, [
      { path: ["cartItems", over, "quantity"], message: `at most ${MAX_LINE_QUANTITY} of one product` },
    ]);
  }
  const ids = input.cartItems.map((item) => item.id).sort((a, b) => a - b);
  const limit = options.rateLimit;
  let orderId: number | null = null;
  for (let attempt = 0; attempt < STORE_ATTEMPTS; attempt++) {
    const rows: ProductRow[] = await queryRows<ProductRow>(db, ORDER_PREPARE_SQL, [
      attempt === 0 && limit ? limit.key : null,
      limit ? limit.windowStart.toISOString() : null,
      limit ? limit.limit : 0,
      ids,
      orderId,
    ]);
    const first: ProductRow | undefined = rows[0];
    if (attempt === 0 && limit) enforceRateLimit(limit, first?.hits ?? 0);
    const found = first?.id == null ? [] : rows;
    const { priced, totals } = priceCart(input, ids, found);
    orderId = first?.order_id ?? null;
    if (orderId === null) throw new Error("placeOrder: no order id although every product is available");

    const now = clock.now();
    const order: OrderRow = {
      id: orderId,
      orderNumber: formatOrderNumber(orderId, now),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      deliveryNotes: input.deliveryNotes ?? null,
      paymentMethod: input.paymentMethod,
      ...totals,
      depositPercent: settings.depositPercent,
      status: NEW_ORDER_STATUS,
      paymentStatus: NEW_PAYMENT_STATUS,
      stage: "awaiting_deposit",
      stageChangedAt: now,
      cancelReason: null,
      proposalId: null,
      clientOrderDate: input.orderDate ? new Date(input.orderDate) : null,
      createdAt: now,
      updatedAt: now,
    };
    const planned = planInvoices(order);
    const receipt = { ...toReceipt(order, priced), payment: receiptPayment(env, planned) };
    const messages = orderMessages({ ...order, lines: priced, invoices: planned }, env, settings);
    const params: unknown[] = [
      found.map((p) => p.id),
      found.map((p) => p.name),
      found.map((p) => p.price_cents),
      order.id,
      order.orderNumber,
      order.firstName,
      order.lastName,
      order.email,
      order.phone,
      order.address,
      order.city,
      order.state,
      order.zipCode,
      order.deliveryNotes,
      order.paymentMethod,
      order.subtotalCents,
      order.taxCents,
      order.shippingCents,
      order.totalCents,
      order.status,
      order.paymentStatus,
      order.clientOrderDate ? order.clientOrderDate.toISOString() : null,
      now.toISOString(),
      priced.map((l) => l.productId),
      priced.map((l) => l.productName),
      priced.map((l) => l.unitPriceCents),
      priced.map((l) => l.quantity),
      order.depositPercent,
      planned.map((i) => i.kind),
      planned.map((i) => i.reference),
      planned.map((i) => i.amountCents),
      planned.map((i) => (i.usdtAmountMicro === null ? null : String(i.usdtAmountMicro))),
      planned.map((i) => (i.validUntil ? i.validUntil.toISOString() : null)),
    ];
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
    // the order.created webhook event (written only when an endpoint wants it), the last two parameters
    params.push(newMessageId(), JSON.stringify(orderCreatedData({ ...order, lines: priced })));
    const [result] = await queryRows<{ stored: number; invoices: number }>(
      db,
      storeStatement(messages.length, withKey),
      params,
    );
    if (result && result.stored === 1) {
      // rare: a USDT tag was taken by another invoice meanwhile; store the missing invoice with another tag
      if (result.invoices < planned.length) await createInvoicesForOrder(db, order);
      announceEnqueued();
      return receipt;
    }
    // a product changed after it was read: price the order again from the new rows
  }
  throw conflict("The products in the cart changed while the order was placed; please review the cart and retry");
}

/** The customer's own look-up: the same "not found" for an unknown number and a wrong e-mail. */
export async function findOrderForCustomer(
  deps: Pick<Deps, "db" | "env">,
  orderNumber: string,
  email: string,
): Promise<OrderReceiptDto> {
  const { db } = deps;
  const { env } = deps;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber.trim().toUpperCase()), sql`lower(${orders.email}) = lower(${email})`))
    .limit(1);
  if (!order) throw notFound("No order matches that order number and e-mail address");
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const receipt = withPayment(toReceipt(order, lines), await getOrderPayments({ db, env }, order.id));
  return { ...receipt, stage: order.stage, stages: await stageHistory(db, order.id) };
}

/** The amounts due come from the order's invoices (an order without invoices keeps its split). */
function withPayment(receipt: OrderReceiptDto, payment: ReceiptPaymentDto): OrderReceiptDto {
  const deposit = payment.invoices.find((i) => i.kind === "deposit");
  const balance = payment.invoices.find((i) => i.kind === "balance");
  if (payment.invoices.length === 0) return { ...receipt, payment };
  return {
    ...receipt,
    amountDueNow: deposit?.amount ?? 0,
    balanceOnDelivery: balance?.amount ?? 0,
    payment,
  };
}

function summarizeProducts(lines: LineRow[]): string {
  return lines.map((l) => (l.quantity > 1 ? `${l.productName} ×${l.quantity}` : l.productName)).join(", ");
}

function toAdminOrder(order: OrderRow, lines: LineRow[]): AdminOrderDto {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: `${order.firstName} ${order.lastName}`,
    customerEmail: order.email,
    productName: summarizeProducts(lines),
    totalAmount: order.totalCents / 100,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
  };
}

export async function listOrdersForAdmin(
  db: Executor,
  filter: {
    q?: string | undefined;
    status?: string | undefined;
    limit?: number | undefined;
    /** Keyset paging (exports read in batches): only orders listed after the one with this id. */
    after?: number | undefined;
    /** Keyset paging (REST cursor): only orders listed after this (createdAt, id). */
    cursor?: CreatedKey | undefined;
    stage?: string | undefined;
    paymentStatus?: string | undefined;
    /** Placed at or after this instant. */
    from?: Date | undefined;
    /** Placed before this instant. */
    to?: Date | undefined;
  } = {},
): Promise<AdminOrderDto[]> {
  const q = filter.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.stage ? eq(orders.stage, filter.stage) : undefined,
        filter.paymentStatus ? eq(orders.paymentStatus, filter.paymentStatus) : undefined,
        filter.from ? gte(orders.createdAt, filter.from) : undefined,
        filter.to ? lt(orders.createdAt, filter.to) : undefined,
        filter.cursor ? createdBefore(orders, orders.createdAt, orders.id, filter.cursor) : undefined,
        filter.after !== undefined
          ? sql`(${orders.createdAt}, ${orders.id}) < ((select created_at from ${orders} where id = ${filter.after}), ${filter.after})`
          : undefined,
        pattern
          ? or(
              ilike(orders.orderNumber, pattern),
              ilike(orders.email, pattern),
              ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit ?? 500);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderLines.id));
  const byOrder = groupBy(lines, (l) => l.orderId);
  return rows.map((order) => toAdminOrder(order, byOrder.get(order.id) ?? []));
}

export async function getOrderDetails(db: Executor, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw notFound("Order not found");
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
  const orderNotes = await db
    .select()
    .from(notes)
    .where(and(eq(notes.entityType, "order"), eq(notes.entityId, id)))
    .orderBy(desc(notes.createdAt));
  const timeline = await listAudit(db, { entityType: "order", entityId: id });
  return {
    ...toReceipt(order, lines),
    ...toAdminOrder(order, lines),
    phone: order.phone,
    address: order.address,
    city: order.city,
    state: order.state,
    zipCode: order.zipCode,
    deliveryNotes: order.deliveryNotes,
    stage: order.stage,
    stageChangedAt: order.stageChangedAt.toISOString(),
    notes: orderNotes.map((n) => ({
      id: n.id,
      adminName: n.adminName,
      body: n.body,
      createdAt: n.createdAt.toISOString(),
    })),
    timeline,
  };
}

/** One order for an integrator: getOrderDetails (lines, stage, notes, timeline) with its invoices and payments. */
export async function getOrderRecord(db: Executor, id: number) {
  const details = await getOrderDetails(db, id);
  const ledger = await getAdminOrderPayments(db, id);
  return { ...details, ...ledger };
}

export async function setOrderField(
  deps: Deps,
  actor: Actor,
  id: number,
  field: "status" | "paymentStatus",
  value: string,
): Promise<AdminOrderDto> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for("update").limit(1);
    if (!before) throw notFound("Order not found");
    const [after] = await tx
      .update(orders)
      .set({ [field]: value, updatedAt: deps.clock.now() })
      .where(eq(orders.id, id))
      .returning();
    await recordAudit(tx, actor, field === "status" ? "order.status" : "order.payment", "order", id, {
      from: before[field],
      to: value,
    });
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
    return toAdminOrder(after!, lines);
  });
}
