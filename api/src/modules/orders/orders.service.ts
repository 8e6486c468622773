import type { AdminOrderDto, AdminOrderSort, adminOrderPageInput } from "@ch/contracts/admin";
import { MAX_LINE_QUANTITY } from "@ch/contracts/constants";
import { money } from "@ch/contracts/money";
import {
  type AdminOrderCreateInput,
  mergeCartLines,
  type OrderReceiptDto,
  type orderInput,
} from "@ch/contracts/orders";
import type { ReceiptPaymentDto } from "@ch/contracts/payments";
import { type Executor, readSnapshot, schema } from "@ch/db";
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../lib/deps";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { groupBy } from "../../lib/group-by";
import { queryRows } from "../../lib/prepared";
import { enforceRateLimit, type RateLimitHit, rateLimitUpsertSql } from "../../lib/rate-limit";
import { type ListPaging, pagingClauses, type SortedTable, searchClause, sortedPage } from "../../lib/sorted-page";
import { listAudit } from "../audit";
import { getAdminOrderPayments, getOrderPayments } from "../ledger";
import { cartPricingInput, type PricedFigures, priceOrder, pricingContext } from "../pricing";
import { bankAccountOf, getSettings, milestonesOf } from "../settings";
import { customerOrderRow } from "./customer-order";
import { createOrder, type OrderFigures, orderCustomer, type StoredOrder, toReceipt } from "./order-core";
import { stageHistory } from "./stages.service";

const { orders, orderLines, notes, orderMessages } = schema;
type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
export type ParsedOrder = z.output<typeof orderInput>;

// The checkout channel of the order core (order-core.ts), in two prepared statements (docs/decisions/0003):
//
// 1. ORDER_PREPARE_SQL, outside any transaction: reads the cart's products, takes the order id from
//    the sequence when every product exists and is in stock and the caller's rate-limit count is
//    below its limit (so refused orders do not use up order numbers), and, last, counts the request
//    against the limit (when the caller asks for it). Last, because the counter row stays locked
//    until the statement ends and every order from one address counts on the same row.
// 2. The server enforces the limit (429), prices the cart with the pricing engine (delivery by the ZIP's
//    distance, tax by state and tax class), refuses unknown (or draft) or unavailable products and a
//    total more than a cent off (409), all before anything is written.
// 3. createOrder's one statement re-checks the products (name, price, stock) under a lock and stores
//    everything; a product changed between 1 and 3 stores nothing and the order is priced again from the
//    new rows (same order id), or refused as above.
const ORDER_PREPARE_SQL = `
  with p as (
    select id, name, price_cents, in_stock, tax_class from products where id = any($4::int[]) and published
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
  select n.order_id, p.id, p.name, p.price_cents, p.in_stock, p.tax_class, (select count from hit) as hits
  from n left join p on true
  order by p.id`;

/** How often an order is priced again when its products change while it is being stored. */
const STORE_ATTEMPTS = 3;

interface ProductRow {
  order_id: number | null;
  hits: number | null;
  id: number | null;
  name: string;
  price_cents: number;
  in_stock: boolean;
  tax_class: string;
}

export interface PlaceOrderOptions {
  /** Count the request against this rate limit in the order's first statement (429 past the limit). */
  rateLimit?: RateLimitHit | undefined;
  /** Store the receipt under this (already claimed) idempotency record key in the statement that stores the order. */
  idempotencyKey?: string | undefined;
  /** Who places it (timeline, audit): the customer by default. */
  actor?: string | undefined;
  /**
   * The total the caller expects, in cents: a total the server prices otherwise is refused with 409 by
   * `mismatch`. Undefined: the checkout's `totalAmount` (dollars, a cent either way allowed); null: none.
   */
  expectedTotalCents?: number | null;
  /** The 409 for a total that differs (the checkout's dollar figures by default). */
  mismatch?: (figures: PricedFigures) => Error;
  /** E-mail the customer their confirmation (default true). */
  notifyCustomer?: boolean;
  /** Staff or an integrator typed the address: not an acknowledgement to an unproven one. */
  recipientProven?: boolean;
}

const checkoutMismatch = (figures: PricedFigures) =>
  conflict("The order total does not match current prices", {
    subtotal: figures.subtotalCents / 100,
    tax: figures.taxCents / 100,
    shipping: figures.deliveryCents / 100,
    totalAmount: figures.totalCents / 100,
  });

/** Refuses unknown and unavailable products; the cart's products as the pricing engine's catalog rows. */
function checkCartProducts(ids: number[], found: ProductRow[]) {
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
  return found.map((p) => ({ id: p.id!, name: p.name, priceCents: Number(p.price_cents), taxClass: p.tax_class }));
}

/**
 * The checkout: prices the cart on the server (pricing engine), refuses unknown or unavailable products
 * and a total that differs from the server's by more than a cent, then stores the order through the
 * order core, atomically in one statement.
 */
export async function placeOrder(
  deps: Deps,
  input: ParsedOrder,
  options: PlaceOrderOptions = {},
): Promise<StoredOrder> {
  const { db, env } = deps;
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
  // the delivery band and the tax rates depend on the address only: read once, also across retries
  const context = await pricingContext(db, { state: input.state, zipCode: input.zipCode }, settings, {
    cachedIn: db,
  });
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
    const products = checkCartProducts(ids, first?.id == null ? [] : rows);
    const figures = priceOrder(cartPricingInput(products, input.cartItems, context, settings.depositPercent));
    const expected = options.expectedTotalCents;
    if (
      expected === undefined
        ? Math.abs(Math.round(input.totalAmount * 100) - figures.totalCents) > 1
        : expected !== null && expected !== figures.totalCents
    ) {
      throw (options.mismatch ?? checkoutMismatch)(figures);
    }
    orderId = first?.order_id ?? null;
    if (orderId === null) throw new Error("placeOrder: no order id although every product is available");
    const stored = await createOrder(
      db,
      deps,
      settings,
      orderId,
      {
        customer: orderCustomer({ ...input, deliveryNotes: input.deliveryNotes ?? null }),
        paymentMethod: input.paymentMethod,
        lines: figures.lines.map((l) => ({
          productId: l.refId ?? 0,
          productName: l.name,
          unitPriceCents: l.unitPriceCents,
          quantity: l.quantity,
          taxClass: l.taxClass,
        })),
        figures: orderFigures(figures),
        catalogCheck: products,
        proposalId: null,
        actor: options.actor ?? "customer",
        clientOrderDate: input.orderDate ? new Date(input.orderDate) : null,
        notifyCustomer: options.notifyCustomer ?? true,
        recipientProven: options.recipientProven ?? false,
        milestones: milestonesOf(settings),
      },
      { idempotencyKey: options.idempotencyKey },
    );
    if (stored) return stored;
    // a product changed after it was read: price the order again from the new rows
  }
  throw conflict("The products in the cart changed while the order was placed; please review the cart and retry");
}

/** The engine's figures as the order core stores them. */
export function orderFigures(figures: PricedFigures): OrderFigures {
  return {
    subtotalCents: figures.subtotalCents,
    discountCents: figures.discountCents,
    shippingCents: figures.deliveryCents,
    deliveryLabel: figures.deliveryLabel,
    taxLines: figures.taxLines,
    taxCents: figures.taxCents,
    totalCents: figures.totalCents,
    depositPercent: figures.depositPercent,
  };
}

/** The customer's own look-up by order number and e-mail. */
export async function findOrderForCustomer(
  deps: Pick<Deps, "db" | "env" | "log">,
  orderNumber: string,
  email: string,
): Promise<OrderReceiptDto> {
  return customerReceipt(deps, await customerOrderRow(deps.db, orderNumber, email));
}

/** The amounts due come from the order's invoices (an order without invoices keeps its split). */
function withPayment(receipt: OrderReceiptDto, payment: ReceiptPaymentDto): OrderReceiptDto {
  const deposit = payment.invoices.find((i) => i.kind === "deposit");
  // everything after the deposit, whatever the schedule's milestones between (cents: dollars only at the edge)
  const afterCents = payment.invoices.reduce((s, i) => s + (i.kind === "deposit" ? 0 : Math.round(i.amount * 100)), 0);
  if (payment.invoices.length === 0) return { ...receipt, payment };
  return {
    ...receipt,
    amountDueNow: deposit?.amount ?? 0,
    balanceOnDelivery: afterCents / 100,
    payment,
  };
}

function summarizeProducts(lines: LineRow[]): string {
  return lines.map((l) => (l.quantity > 1 ? `${l.productName} ×${l.quantity}` : l.productName)).join(", ");
}

export function toAdminOrder(order: OrderRow, lines: LineRow[]): AdminOrderDto {
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
    stage: order.stage,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

// The sorts of the back office's orders table (contracts/admin.ts ADMIN_ORDER_SORTS), paged by
// lib/sorted-page.ts.
const ORDER_SORTS: SortedTable<AdminOrderSort["id"], string | number> = {
  table: orders,
  id: orders.id,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  defaultSort: { id: "createdAt", desc: true },
  sorts: {
    createdAt: { by: sql`${orders.createdAt}`, cast: sql`timestamptz`, value: z.iso.datetime() },
    totalAmount: { by: sql`${orders.totalCents}`, cast: sql`bigint`, value: z.number().int() },
    customerName: {
      by: sql`lower(${orders.firstName} || ' ' || ${orders.lastName})`,
      cast: sql`text`,
      value: z.string(),
    },
  },
};

function orderSortValue(sort: AdminOrderSort, order: AdminOrderDto): string | number {
  if (sort.id === "totalAmount") return Math.round(order.totalAmount * 100);
  if (sort.id === "customerName") return order.customerName.toLowerCase();
  return order.createdAt;
}

/** The back office's orders table (tRPC orders.list): one page in the asked sort and the next page's cursor. */
export function pageOrdersForAdmin(
  db: Executor,
  input: z.output<typeof adminOrderPageInput>,
): Promise<{ items: AdminOrderDto[]; nextCursor: string | null }> {
  return sortedPage(ORDER_SORTS, input, orderSortValue, (filter) => listOrdersForAdmin(db, filter));
}

export async function listOrdersForAdmin(
  db: Executor,
  filter: ListPaging<AdminOrderSort["id"], string | number> & {
    q?: string | undefined;
    status?: string | undefined;
    stage?: string | undefined;
    paymentStatus?: string | undefined;
    /** Placed at or after this instant. */
    from?: Date | undefined;
    /** Placed before this instant. */
    to?: Date | undefined;
  } = {},
): Promise<AdminOrderDto[]> {
  const paging = pagingClauses(ORDER_SORTS, filter);
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
        ...paging.where,
        searchClause(filter.q, [
          orders.orderNumber,
          orders.email,
          sql`${orders.firstName} || ' ' || ${orders.lastName}`,
        ]),
      ),
    )
    .orderBy(...paging.orderBy)
    .limit(paging.limit);
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
  const unread = await unreadMessageCounts(
    db,
    rows.map((r) => r.id),
    "staff",
  );
  return rows.map((order) => ({
    ...toAdminOrder(order, byOrder.get(order.id) ?? []),
    unreadMessages: unread.get(order.id) ?? 0,
  }));
}

/** The other side's messages `reader` has not read, per order (a project's thread: portal/messages.service.ts). */
export async function unreadMessageCounts(
  db: Executor,
  orderIds: number[],
  reader: "customer" | "staff",
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderMessages.orderId, count: sql<number>`count(*)::int` })
    .from(orderMessages)
    .where(
      and(inArray(orderMessages.orderId, orderIds), ne(orderMessages.author, reader), isNull(orderMessages.readAt)),
    )
    .groupBy(orderMessages.orderId);
  return new Map(rows.map((r) => [r.orderId, r.count]));
}

/** An order's row by id (404 when there is none): the order page's sections start from it. */
export async function orderById(deps: Pick<Deps, "db">, id: number): Promise<OrderRow> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw notFound("Order not found");
  return order;
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
    ...orderCustomer(order),
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

/**
 * The customer's receipt of one order row (the body of findOrderForCustomer, shared with the order's own
 * link, order-links.ts): lines, figures, the ledger's invoices and the build stages.
 */
export async function customerReceipt(
  deps: Pick<Deps, "db" | "env" | "log">,
  order: OrderRow,
): Promise<OrderReceiptDto> {
  // the bank account the customer pays to is today's (the settings), with this order's references
  const bank = bankAccountOf(await getSettings(deps));
  // the order, its invoices and its stages as of one moment: a payment committed while the page is read
  // shows with the stage it moved the order to, or not at all
  return readSnapshot(deps.db, async (db) => {
    const [now] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
    const current = now ?? order;
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    const payment = await getOrderPayments({ db, env: deps.env }, order.id, bank);
    const receipt = withPayment(toReceipt(current, lines), payment);
    return { ...receipt, stage: current.stage, stages: await stageHistory(db, order.id) };
  });
}

/**
 * POST /api/admin/orders: an order placed by staff or an integrator's key for a customer. The server
 * prices the lines (the checkout's pricing and stock checks); `expectedTotal` is checked only when sent,
 * to the cent; the customer is e-mailed unless `notifyCustomer` is false. Answers the order as
 * GET /api/admin/orders/{id} reads it.
 */
export async function placeOrderForCustomer(deps: Deps, actor: string, input: AdminOrderCreateInput) {
  const { customer, deliveryAddress } = input;
  const stored = await placeOrder(
    deps,
    {
      ...customer,
      address: deliveryAddress.address,
      city: deliveryAddress.city,
      state: deliveryAddress.state,
      zipCode: deliveryAddress.zipCode,
      deliveryNotes: deliveryAddress.notes,
      paymentMethod: input.paymentMethod,
      cartItems: mergeCartLines(input.lines.map((line) => ({ id: line.productId, quantity: line.quantity }))),
      totalAmount: 0,
    },
    {
      actor,
      expectedTotalCents: input.expectedTotal?.amount ?? null,
      mismatch: (figures) =>
        conflict("The expected total differs from the server's", {
          subtotal: money(figures.subtotalCents),
          discount: money(figures.discountCents),
          tax: money(figures.taxCents),
          shipping: money(figures.deliveryCents),
          total: money(figures.totalCents),
        }),
      notifyCustomer: input.notifyCustomer,
      recipientProven: true,
    },
  );
  return getOrderRecord(deps.db, stored.id);
}
