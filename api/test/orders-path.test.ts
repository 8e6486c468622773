// The order path in two prepared statements (orders.service.ts, docs/decisions/0003): the rate-limit
// hit folded into the first statement, and the second storing everything or nothing, also when a
// product changes between the two. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { type Database, schema } from "@ch/db";
import { count, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Deps } from "../src/lib/deps";
import { PUBLIC_WRITE_RULES, publicLimitHit } from "../src/lib/rate-limit";
import { placeOrder } from "../src/modules/orders/orders.service";
import { orderBody, startTestApps, type TestApps } from "./harness";
import { productsInStock } from "./order-fixtures";

let apps: TestApps;
let product: { id: number; name: string; price: number };
let deps: Deps;

beforeAll(async () => {
  apps = await startTestApps({ env: { PUBLIC_RATE_LIMIT_SCALE: "1" } });
  product = (await productsInStock(apps.db.handle.db))[0]!;
  deps = { db: apps.db.handle.db, env: apps.env, clock: apps.clock, log: apps.storefront.log };
}, 120_000);

afterAll(async () => {
  await apps?.close();
});

async function counts() {
  const db = apps.db.handle.db;
  const n = async (table: typeof schema.orders | typeof schema.orderLines | typeof schema.notifications) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return { orders: await n(schema.orders), lines: await n(schema.orderLines), outbox: await n(schema.notifications) };
}

async function sequenceValue(): Promise<number> {
  const result = await apps.db.handle.db.execute(sql`select last_value::int as v, is_called from orders_id_seq`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    v: number;
    is_called: boolean;
  }[];
  return rows[0]!.is_called ? rows[0]!.v : rows[0]!.v - 1;
}

/**
 * The test database with a hook that runs `before` (once) just before the statement that stores the
 * order reaches the database, on the driver level where the order path talks to it.
 */
function dbChangingProductsBeforeStore(before: () => Promise<void>): Database {
  const real = (apps.db.handle.db as unknown as { session: { client: Record<string, unknown> } }).session.client;
  let fired = false;
  const beforeStore = async (text: string) => {
    if (!fired && text.includes("insert into orders")) {
      fired = true;
      await before();
    }
  };
  const client =
    typeof real.unsafe === "function"
      ? {
          unsafe: async (text: string, params: unknown[], options: unknown) => {
            await beforeStore(text);
            return (real.unsafe as (...a: unknown[]) => Promise<unknown>).call(real, text, params, options);
          },
        }
      : {
          query: async (text: string, params: unknown[]) => {
            await beforeStore(text);
            return (real.query as (...a: unknown[]) => Promise<unknown>).call(real, text, params);
          },
        };
  return { session: { client } } as unknown as Database;
}

/** The order is refused as priced with an old price (409), and nothing of it is written. */
async function expectStaleTotalRefused(placing: Promise<unknown>, before: Awaited<ReturnType<typeof counts>>) {
  await expect(placing).rejects.toMatchObject({
    status: 409,
    message: "The order total does not match current prices",
  });
  expect(await counts()).toEqual(before);
}

const setProduct = (values: Partial<typeof schema.products.$inferInsert>) =>
  apps.db.handle.db.update(schema.products).set(values).where(eq(schema.products.id, product.id));

const postOrder = (payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  apps.storefront.inject({ method: "POST", url: "/api/orders", payload, headers, remoteAddress });

describe("POST /api/orders in two statements", () => {
  it("stores the order, its lines, two outbox rows and answers with its number", async () => {
    const before = await counts();
    const res = await postOrder(orderBody([{ id: product.id, quantity: 2, price: product.price }]), "198.51.100.1");
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    expect(receipt.orderNumber).toMatch(/^CH-\d{4}-\d{6}$/);
    expect(receipt.status).toBe("pending");
    expect(receipt.paymentStatus).toBe("pending");
    expect(await counts()).toEqual({ orders: before.orders + 1, lines: before.lines + 1, outbox: before.outbox + 2 });
    const [row] = await apps.db.handle.db.select().from(schema.orders).where(eq(schema.orders.id, receipt.id));
    expect(row!.orderNumber).toBe(receipt.orderNumber);
    expect(row!.status).toBe(receipt.status);
    expect(row!.totalCents / 100).toBe(receipt.totalAmount);
    const outbox = await apps.db.handle.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.entityId, receipt.id));
    expect(outbox.map((n) => n.kind).sort()).toEqual(["order", "order-confirmation"]);
    expect(outbox.every((n) => n.bodyText.includes(receipt.orderNumber))).toBe(true);
  });

  it("counts orders against the per-IP limit in the order's first statement, and a refused order uses no number", async () => {
    const ip = "198.51.100.2";
    const body = orderBody([{ id: product.id, quantity: 1, price: product.price }]);
    for (let i = 0; i < PUBLIC_WRITE_RULES.orders.limit; i++) {
      const res = await postOrder(body, ip);
      expect(res.statusCode, `order #${i + 1}`).toBe(201);
    }
    const before = await counts();
    const sequence = await sequenceValue();
    const over = await postOrder(body, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // an invalid body from that address is refused by the limit too, as on every limited route
    const invalid = await postOrder({}, ip);
    expect(invalid.statusCode).toBe(429);
    expect(await counts()).toEqual(before);
    expect(await sequenceValue()).toBe(sequence);
    const [limitRow] = await apps.db.handle.db
      .select()
      .from(schema.rateLimits)
      .where(eq(schema.rateLimits.key, `orders:${ip}`));
    expect(limitRow!.count).toBe(PUBLIC_WRITE_RULES.orders.limit + 2);
  });

  it("counts an order with an Idempotency-Key once, and a replay once more", async () => {
    const ip = "198.51.100.3";
    const body = orderBody([{ id: product.id, quantity: 1, price: product.price }]);
    const headers = { "idempotency-key": "orders-path-test-key-0001" };
    const first = await postOrder(body, ip, headers);
    expect(first.statusCode).toBe(201);
    const replay = await postOrder(body, ip, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(first.json());
    const [limitRow] = await apps.db.handle.db
      .select()
      .from(schema.rateLimits)
      .where(eq(schema.rateLimits.key, `orders:${ip}`));
    expect(limitRow!.count).toBe(2);
    const [key] = await apps.db.handle.db
      .select()
      .from(schema.idempotencyKeys)
      // the record is the operation's and the caller's: placeOrder, public
      .where(eq(schema.idempotencyKeys.key, `placeOrder:public:${headers["idempotency-key"]}`));
    expect(key!.state).toBe("done");
    expect(JSON.parse(key!.responseBody!)).toEqual(first.json());
  });

  it("with Idempotency-Keys: the limit is counted in the claim; past it, 429, no key kept, no number used", async () => {
    const ip = "198.51.100.6";
    const body = orderBody([{ id: product.id, quantity: 1, price: product.price }]);
    const send = (key: string) => postOrder(body, ip, { "idempotency-key": key });
    // an invalid key is refused (400) and counted
    expect((await send("short")).statusCode).toBe(400);
    for (let i = 1; i < PUBLIC_WRITE_RULES.orders.limit; i++) {
      expect((await send(`orders-path-limit-key-${i}`)).statusCode, `order #${i}`).toBe(201);
    }
    const before = await counts();
    const sequence = await sequenceValue();
    const over = await send("orders-path-limit-key-over");
    expect(over.statusCode).toBe(429);
    // a replay past the limit is refused by the limit too, as before the key is looked at
    expect((await send("orders-path-limit-key-1")).statusCode).toBe(429);
    expect(await counts()).toEqual(before);
    expect(await sequenceValue()).toBe(sequence);
    const kept = await apps.db.handle.db
      .select()
      .from(schema.idempotencyKeys)
      .where(eq(schema.idempotencyKeys.key, "placeOrder:public:orders-path-limit-key-over"));
    expect(kept).toEqual([]);
  });

  it("answers 409 and writes nothing (and uses no number) for an unknown product", async () => {
    const before = await counts();
    const sequence = await sequenceValue();
    const res = await postOrder(
      orderBody([
        { id: product.id, quantity: 1, price: product.price },
        { id: 999_999, quantity: 1, price: 10 },
      ]),
      "198.51.100.4",
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().unknownProductIds).toEqual([999_999]);
    expect(await counts()).toEqual(before);
    expect(await sequenceValue()).toBe(sequence);
  });
});

describe("a product that changes between the read and the store", () => {
  // The orders these tests store are paid by bank transfer: a USDT invoice's random tag can be taken by
  // another order's invoice of the same amount (1 in 9,999 each), and the ledger then stores it with a new
  // tag through the query builder, which dbChangingProductsBeforeStore's raw-SQL client does not offer.
  const byBank = { paymentMethod: "bank-transfer" };

  it("a new price: the order is priced again, the browser's total no longer matches, 409 and nothing written", async () => {
    const before = await counts();
    const input = orderBody([{ id: product.id, quantity: 1, price: product.price }]) as never;
    const db = dbChangingProductsBeforeStore(() =>
      setProduct({ priceCents: Math.round(product.price * 100) + 100_00 }).then(() => {}),
    );
    try {
      await expectStaleTotalRefused(placeOrder({ ...deps, db }, input), before);
    } finally {
      await setProduct({ priceCents: Math.round(product.price * 100) });
    }
  });

  it("out of stock: 409 and nothing written", async () => {
    const before = await counts();
    const input = orderBody([{ id: product.id, quantity: 1, price: product.price }]) as never;
    const db = dbChangingProductsBeforeStore(() => setProduct({ inStock: false }).then(() => {}));
    try {
      await expect(placeOrder({ ...deps, db }, input)).rejects.toMatchObject({ status: 409 });
      expect(await counts()).toEqual(before);
    } finally {
      await setProduct({ inStock: true });
    }
  });

  it("a new name at the same price: the order is stored with the name it was priced with again", async () => {
    const input = orderBody([{ id: product.id, quantity: 1, price: product.price }], byBank) as never;
    const db = dbChangingProductsBeforeStore(() => setProduct({ name: `${product.name} (renamed)` }).then(() => {}));
    try {
      const receipt = await placeOrder({ ...deps, db }, input);
      expect(receipt.lines[0]!.name).toBe(`${product.name} (renamed)`);
      const lines = await apps.db.handle.db
        .select()
        .from(schema.orderLines)
        .where(eq(schema.orderLines.orderId, receipt.id));
      expect(lines.map((l) => l.productName)).toEqual([`${product.name} (renamed)`]);
    } finally {
      await setProduct({ name: product.name });
    }
  });

  it("the rate-limit hit is counted once even when the order is priced again", async () => {
    const ip = "198.51.100.5";
    const input = orderBody([{ id: product.id, quantity: 1, price: product.price }], byBank) as never;
    const db = dbChangingProductsBeforeStore(() => setProduct({ name: `${product.name} (again)` }).then(() => {}));
    try {
      await placeOrder({ ...deps, db }, input, { rateLimit: publicLimitHit(deps, "orders", ip) });
      const [limitRow] = await apps.db.handle.db
        .select()
        .from(schema.rateLimits)
        .where(eq(schema.rateLimits.key, `orders:${ip}`));
      expect(limitRow!.count).toBe(1);
    } finally {
      await setProduct({ name: product.name });
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("on PostgreSQL, a product change in flight", () => {
  it("the store waits for the change (FOR SHARE), sees the new price, and refuses the stale total", async () => {
    const other = postgres(apps.db.url!, { max: 1, onnotice: () => {} });
    const before = await counts();
    try {
      const input = orderBody([{ id: product.id, quantity: 1, price: product.price }]) as never;
      const db = dbChangingProductsBeforeStore(async () => {
        // another connection changes the price and keeps its transaction open while the order is stored
        const reserved = await other.reserve();
        await reserved`begin`;
        await reserved`update products set price_cents = price_cents + 10000 where id = ${product.id}`;
        setTimeout(() => {
          void reserved`commit`.then(() => reserved.release());
        }, 300);
      });
      await expectStaleTotalRefused(placeOrder({ ...deps, db }, input), before);
    } finally {
      await setProduct({ priceCents: Math.round(product.price * 100) });
      await other.end();
    }
  });
});
