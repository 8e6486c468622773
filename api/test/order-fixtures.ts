// Orders placed through POST /api/orders as a buyer places them, read back from the database, for the tests
// that go on to pay, move or inspect them; and the seeded products they are placed for.
import { type Database, schema } from "@ch/db";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { orderBody, type TestApps } from "./harness";

/** The seeded products in stock, lowest id first: id, name and price in dollars (an order body's figures). */
export async function productsInStock(db: Database, limit = 1): Promise<{ id: number; name: string; price: number }[]> {
  const rows = await db
    .select()
    .from(schema.products)
    .where(eq(schema.products.inStock, true))
    .orderBy(asc(schema.products.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, name: row.name, price: row.priceCents / 100 }));
}

/** The order row of an order number and its invoices, by id (the deposit is made first). */
export async function orderWithInvoices(db: Database, orderNumber: string) {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
  const invoices = await db
    .select()
    .from(schema.invoices)
    .where(eq(schema.invoices.orderId, order!.id))
    .orderBy(asc(schema.invoices.id));
  return { order: order!, invoices };
}

/**
 * One unit of `product` ordered on the storefront (`overrides` go into the order body), which must be
 * accepted: the receipt it answers, the order's row and its invoices.
 */
export async function placeOrderOf(
  apps: TestApps,
  product: { id: number; price: number },
  overrides: Record<string, unknown> = {},
) {
  const res = await apps.storefront.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody([{ id: product.id, quantity: 1, price: product.price }], overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  const receipt = res.json();
  return { receipt, ...(await orderWithInvoices(apps.db.handle.db, receipt.orderNumber)) };
}

/** The first product in stock as the storefront's list shows it (prices in dollars). */
export async function firstListedInStock(apps: TestApps) {
  const products = (await apps.storefront.inject({ method: "GET", url: "/api/products" })).json() as {
    id: number;
    name: string;
    price: number;
    inStock: boolean;
  }[];
  return products.find((p) => p.inStock)!;
}

/** The columns of an order row inserted directly that its test does not look at: a San Antonio buyer paying in USDT. */
export const STORED_ORDER_BUYER = {
  phone: "(210) 555-0101",
  address: "120 Main St",
  city: "San Antonio",
  state: "TX",
  zipCode: "78205",
  paymentMethod: "usdt",
};
