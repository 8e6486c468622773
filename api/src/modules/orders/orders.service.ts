import { type Executor, rowsOf, schema } from "@ch/db";
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminOrderDto } from "../../contracts/admin";
import type { OrderReceiptDto, orderInput } from "../../contracts/orders";
import { computeTotals } from "../../contracts/totals";
import type { Deps } from "../../lib/deps";
import { conflict, notFound } from "../../lib/errors";
import { groupBy } from "../../lib/group-by";
import { type Actor, listAudit, recordAudit } from "../audit/audit.service";
import { findProductsByIds } from "../catalog/catalog.service";
import { orderMessages } from "../notifications/messages";
import { enqueue } from "../notifications/outbox";

const { orders, orderLines, notes } = schema;
type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
export type ParsedOrder = z.output<typeof orderInput>;

const DELIVERY_WEEKS = 10;

export function formatOrderNumber(id: number, at: Date): string {
  return `CH-${at.getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}

function toReceipt(order: OrderRow, lines: LineRow[]): OrderReceiptDto {
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
    const found = await findProductsByIds(tx, ids);
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
    const [{ id }] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval('orders_id_seq')::int as id`)) as [
      { id: number },
    ];
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        orderNumber: formatOrderNumber(id, now),
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: input.zipCode,
        deliveryNotes: input.deliveryNotes,
        paymentMethod: input.paymentMethod,
        ...totals,
        clientOrderDate: input.orderDate ? new Date(input.orderDate) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const lines = await tx
      .insert(orderLines)
      .values(priced.map((line) => ({ ...line, orderId: id })))
      .returning();
    await enqueue(tx, env, orderMessages({ ...order!, lines }, env));
    const receipt = toReceipt(order!, lines);
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
