import { type Executor, schema } from "@ch/db";
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminOrderDto } from "../../contracts/admin";
import type { OrderReceiptDto, orderInput } from "../../contracts/orders";
import { computeTotals } from "../../contracts/totals";
import type { Deps } from "../../lib/deps";
import { conflict, notFound } from "../../lib/errors";
import { groupBy } from "../../lib/group-by";
import { preparedRows } from "../../lib/prepared";
import { type Actor, listAudit, recordAudit } from "../audit/audit.service";
import { orderMessages } from "../notifications/messages";
import { enqueue } from "../notifications/outbox";

const { orders, orderLines, notes, products } = schema;
type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type NewLine = Pick<LineRow, "productId" | "productName" | "unitPriceCents" | "quantity">;
export type ParsedOrder = z.output<typeof orderInput>;

const DELIVERY_WEEKS = 10;

export function formatOrderNumber(id: number, at: Date): string {
  return `CH-${at.getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

function toReceipt(order: OrderRow, lines: NewLine[]): OrderReceiptDto {
  const estimated = new Date(order.createdAt.getTime() + DELIVERY_WEEKS * 7 * 86_400_000);
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
    subtotal: order.subtotalCents / 100,
    tax: order.taxCents / 100,
    shipping: order.shippingCents / 100,
    totalAmount: order.totalCents / 100,
    createdAt: order.createdAt.toISOString(),
    estimatedDelivery: estimated.toISOString(),
  };
}

/**
 * Stores the order (its number from the id the sequence gives) and its lines in one prepared
 * statement: one round trip instead of five (drizzle describes each unprepared statement first).
 */
async function insertOrderWithLines(
  tx: Executor,
  input: ParsedOrder,
  totals: ReturnType<typeof computeTotals>,
  priced: NewLine[],
  now: Date,
): Promise<OrderRow> {
  const prefix = formatOrderNumber(0, now).slice(0, -6); // "CH-2026-": the id is padded to 6 digits below
  const values = sql.join(
    priced.map(
      (l, i) =>
        sql`(${l.productId}::int, ${l.productName}::text, ${l.unitPriceCents}::int, ${l.quantity}::int, ${i}::int)`,
    ),
    sql`, `,
  );
  const clientOrderDate = input.orderDate ? new Date(input.orderDate).toISOString() : null;
  const [row] = await preparedRows<{ id: number; status: string; payment_status: string }>(
    tx,
    "order_insert",
    sql`
      with n as (select nextval('orders_id_seq')::int as id),
      o as (
        insert into orders (id, order_number, first_name, last_name, email, phone, address, city, state, zip_code,
          delivery_notes, payment_method, subtotal_cents, tax_cents, shipping_cents, total_cents, client_order_date,
          created_at, updated_at)
        select n.id, ${prefix}::text || lpad(n.id::text, greatest(6, length(n.id::text)), '0'), ${input.firstName},
          ${input.lastName}, ${input.email}, ${input.phone}, ${input.address}, ${input.city}, ${input.state},
          ${input.zipCode}, ${input.deliveryNotes ?? null}, ${input.paymentMethod}, ${totals.subtotalCents}::int,
          ${totals.taxCents}::int, ${totals.shippingCents}::int, ${totals.totalCents}::int,
          ${clientOrderDate}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from n
        returning id, status, payment_status
      ),
      l as (
        insert into order_lines (order_id, product_id, product_name, unit_price_cents, quantity)
        select o.id, v.product_id, v.product_name, v.unit_price_cents, v.quantity
        from o, (values ${values}) as v(product_id, product_name, unit_price_cents, quantity, position)
        order by v.position
      )
      select id, status, payment_status from o`,
  );
  return {
    id: row!.id,
    orderNumber: formatOrderNumber(row!.id, now),
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
    status: row!.status,
    paymentStatus: row!.payment_status,
    clientOrderDate: clientOrderDate ? new Date(clientOrderDate) : null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Prices the cart from the database, refuses unknown or unavailable products and a total that
 * differs from the server's by more than a cent, then stores the order, its lines and its
 * notifications in one transaction. `onStored` runs inside that transaction (idempotency record).
 */
export async function placeOrder(
  deps: Deps,
  input: ParsedOrder,
  onStored?: (tx: Executor, receipt: OrderReceiptDto) => Promise<void>,
): Promise<OrderReceiptDto> {
  const { db, env, clock } = deps;
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.cartItems.map((item) => item.id))].sort((a, b) => a - b);
    // FOR SHARE in id order: a concurrent change of these products waits for the order (and the
    // other way round), and concurrent orders take their locks in the same order, so never deadlock.
    const found =
      ids.length === 0
        ? []
        : await tx
            .select()
            .from(products)
            .where(inArray(products.id, ids))
            .orderBy(asc(products.id))
            .for("share")
            .prepare("order_products")
            .execute();
    const byId = new Map(found.map((p) => [p.id, p]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      throw conflict(`Unknown products: ${unknown.join(", ")}`, { unknownProductIds: unknown });
    }
    const unavailable = found.filter((p) => !p.inStock);
    if (unavailable.length > 0) {
      throw conflict(`Out of stock: ${unavailable.map((p) => p.name).join(", ")}`, {
        outOfStock: unavailable.map((p) => ({ id: p.id, name: p.name })),
      });
    }
    const priced = input.cartItems.map((item) => {
      const product = byId.get(item.id)!;
      return {
        productId: product.id,
        productName: product.name,
        unitPriceCents: product.priceCents,
        quantity: item.quantity,
      };
    });
    const totals = computeTotals(priced);
    if (Math.abs(Math.round(input.totalAmount * 100) - totals.totalCents) > 1) {
      throw conflict("The order total does not match current prices", {
        subtotal: totals.subtotalCents / 100,
        tax: totals.taxCents / 100,
        shipping: totals.shippingCents / 100,
        totalAmount: totals.totalCents / 100,
      });
    }
    const now = clock.now();
    const order = await insertOrderWithLines(tx, input, totals, priced, now);
    const lines = priced.map((line) => ({ ...line, orderId: order.id }));
    await enqueue(tx, env, orderMessages({ ...order, lines }, env));
    const receipt = toReceipt(order, lines);
    if (onStored) await onStored(tx, receipt);
    return receipt;
  });
}

/** The customer's own look-up: the same "not found" for an unknown number and a wrong e-mail. */
export async function findOrderForCustomer(db: Executor, orderNumber: string, email: string): Promise<OrderReceiptDto> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber.trim().toUpperCase()), sql`lower(${orders.email}) = lower(${email})`))
    .limit(1);
  if (!order) throw notFound("No order matches that order number and e-mail address");
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  return toReceipt(order, lines);
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
  filter: { q?: string | undefined; status?: string | undefined; limit?: number | undefined } = {},
): Promise<AdminOrderDto[]> {
  const q = filter.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        filter.status ? eq(orders.status, filter.status) : undefined,
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
    notes: orderNotes.map((n) => ({
      id: n.id,
      adminName: n.adminName,
      body: n.body,
      createdAt: n.createdAt.toISOString(),
    })),
    timeline,
  };
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
