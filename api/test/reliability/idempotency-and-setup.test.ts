// Acceptance 1 and 3 over real HTTP on started servers, on PostgreSQL (and the idempotency rounds on
// PGlite too): 50 concurrent identical orders with one Idempotency-Key create exactly one order, 20 rounds
// in a row; 10 identical bodies with 10 keys create 10; 20 concurrent setups create exactly one admin.
import { type DatabaseHandle, migrate, openDatabase, schema } from "@ch/db";
import { seedIfEmpty } from "@ch/db/seed";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { orderBody, testEnv } from "../harness";
import { pool, productInStock, request } from "./lib/http";
import { type PgServer, startPgServer } from "./lib/pg";

const PG_PORT = 55_601;
let pg: PgServer;

interface Stack {
  handle: DatabaseHandle;
  storefront: FastifyInstance;
  backoffice: FastifyInstance;
  base: string;
  admin: string;
  close(): Promise<void>;
}

async function startStack(handle: DatabaseHandle, port: number, seed = true): Promise<Stack> {
  await migrate(handle.db);
  if (seed) await seedIfEmpty(handle.db);
  const env = testEnv({ PORT: String(port), ADMIN_PORT: String(port + 1) });
  const common = { db: handle.db, env, spa: false as const };
  const storefront = await buildApp({ ...common, surface: "storefront" });
  const backoffice = await buildApp({ ...common, surface: "backoffice" });
  await storefront.listen({ host: "127.0.0.1", port });
  await backoffice.listen({ host: "127.0.0.1", port: port + 1 });
  return {
    handle,
    storefront,
    backoffice,
    base: `http://127.0.0.1:${port}`,
    admin: `http://127.0.0.1:${port + 1}`,
    async close() {
      await storefront.close();
      await backoffice.close();
      await handle.close();
    },
  };
}

const orderCount = async (stack: Stack) =>
  (await stack.handle.db.select({ n: count() }).from(schema.orders))[0]?.n ?? 0;

async function idempotencyRounds(stack: Stack, rounds: number, label: string) {
  const product = await productInStock(stack.base);
  const body = orderBody([{ id: product.id, quantity: 2, price: product.price }]);
  const before = await orderCount(stack);
  const statuses: Record<number, number> = {};
  for (let round = 0; round < rounds; round++) {
    const key = `${label}-round-${round}-${"k".repeat(16)}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(`${stack.base}/api/orders`, { body, headers: { "idempotency-key": key }, timeoutMs: 30_000 }),
      ),
    );
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    // every answer is the order (first or replayed) or "still running" (409); never a second order
    expect(
      answers.every((a) => a.status === 201 || a.status === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.filter((a) => a.headers["idempotent-replayed"] !== "true")).toHaveLength(1);
    expect(new Set(created.map((a) => JSON.parse(a.body).orderNumber)).size).toBe(1);
    // after the race, the key replays the same answer
    const replay = await request(`${stack.base}/api/orders`, { body, headers: { "idempotency-key": key } });
    expect(replay.status).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(JSON.parse(replay.body).orderNumber).toBe(JSON.parse(created[0]!.body).orderNumber);
    // the same key with another body is refused
    const other = await request(`${stack.base}/api/orders`, {
      body: { ...body, deliveryNotes: "another body" },
      headers: { "idempotency-key": key },
    });
    expect(other.status).toBe(422);
  }
  expect(await orderCount(stack)).toBe(before + rounds);

  // 10 identical bodies with 10 different keys: 10 orders
  const distinct = await pool(10, 10, (i) =>
    request(`${stack.base}/api/orders`, {
      body,
      headers: { "idempotency-key": `${label}-distinct-${i}-${"d".repeat(16)}` },
    }),
  );
  expect(distinct.map((a) => a.status)).toEqual(Array(10).fill(201));
  expect(new Set(distinct.map((a) => JSON.parse(a.body).orderNumber)).size).toBe(10);
  expect(await orderCount(stack)).toBe(before + rounds + 10);
  return statuses;
}

beforeAll(() => {
  pg = startPgServer(PG_PORT);
});
afterAll(() => {
  pg?.stop();
});

describe("Idempotency-Key under concurrency (acceptance 1)", () => {
  it("on PostgreSQL: 20 rounds of 50 concurrent identical orders create 20 orders; 10 keys create 10", async () => {
    const url = await pg.createDatabase("idempotency");
    const stack = await startStack(await openDatabase({ url }), 4601);
    try {
      const statuses = await idempotencyRounds(stack, 20, "pg");
      console.info("PostgreSQL idempotency answers", statuses);
    } finally {
      await stack.close();
    }
  });

  it("on PGlite: 5 rounds of 50 concurrent identical orders create 5 orders; 10 keys create 10", async () => {
    const stack = await startStack(await openDatabase({ dataDir: "memory://" }), 4603);
    try {
      await idempotencyRounds(stack, 5, "pglite");
    } finally {
      await stack.close();
    }
  });
});

describe("setup race (acceptance 3)", () => {
  it("20 concurrent setups on an empty PostgreSQL database create exactly one admin", async () => {
    const url = await pg.createDatabase("setup_race");
    const stack = await startStack(await openDatabase({ url }), 4605, false);
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request(`${stack.admin}/api/admin/setup`, {
            body: { username: `owner${i}`, password: `Quarry-Lantern-${i}x` },
            timeoutMs: 60_000,
          }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      // the rest are refused: 409 once the admin exists, or 503 (with Retry-After) when they arrive while
      // the process's password-hashing queue is full (one hash at a time, 16 waiting; decision 0014)
      expect(
        statuses.filter((s) => s !== 201 && s !== 409 && s !== 503),
        statuses.join(","),
      ).toEqual([]);
      expect(statuses.filter((s) => s === 409).length).toBeGreaterThanOrEqual(1);
      for (const answer of answers.filter((a) => a.status === 503)) expect(answer.headers["retry-after"]).toBeDefined();
      const [admins] = await stack.handle.db.select({ n: count() }).from(schema.admins);
      expect(admins?.n).toBe(1);
    } finally {
      await stack.close();
    }
  });
});
