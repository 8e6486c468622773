// Acceptance 8: two API processes on one PostgreSQL server, started together on an empty database.
// They migrate and seed once, and share sessions (sign-in on one is valid on the other, sign-out on one
// ends it on both), the sign-in throttle, per-IP limits, idempotency keys and the notification outbox.
import type http from "node:http";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderBody } from "../harness";
import { productInStock, request, sleep, startTelegramSink } from "./lib/http";
import { type PgServer, startPgServer } from "./lib/pg";
import { type ServerProcess, startServer, stopServer, waitForOk } from "./lib/proc";

const PG_PORT = 55_605;
const TELEGRAM_PORT = 4634;
let pg: PgServer;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let databaseUrl: string;
let telegram: http.Server;
let messages: string[] = [];
const PASSWORD = "Quarry-Lantern-47";

beforeAll(async () => {
  ({ server: telegram, messages } = await startTelegramSink(TELEGRAM_PORT));
  pg = startPgServer(PG_PORT);
  databaseUrl = await pg.createDatabase("two_processes");
  const env = {
    PUBLIC_RATE_LIMIT_SCALE: "1",
    TELEGRAM_BOT_TOKEN: "123456:test-token",
    TELEGRAM_CHAT_ID: "42",
    TELEGRAM_API_URL: `http://127.0.0.1:${TELEGRAM_PORT}`,
    OUTBOX_POLL_MS: "100",
  };
  // both at once, on an empty database
  a = startServer({ port: 4630, adminPort: 4631, databaseUrl, env });
  b = startServer({ port: 4632, adminPort: 4633, databaseUrl, env });
  await Promise.all([waitForOk(`${a.storefront}/readyz`, a), waitForOk(`${b.storefront}/readyz`, b)]);
});
afterAll(async () => {
  await Promise.all([stopServer(a), stopServer(b)]);
  await new Promise((resolve) => telegram?.close(resolve));
  pg?.stop();
});

const readyLine = (server: ServerProcess) =>
  server.log.map((l) => JSON.parse(l.startsWith("{") ? l : "{}")).find((e) => e.msg === "database ready") as {
    migrations: string[];
    seeded: boolean;
  };

const login = (server: ServerProcess, password: string) =>
  request(`${server.backoffice}/api/admin/login`, { body: { username: "owner", password } });
const cookieOf = (answer: { headers: http.IncomingHttpHeaders }) =>
  String(
    ([] as string[]).concat(answer.headers["set-cookie"] ?? []).find((c) => c.startsWith("ch_admin=")) ?? "",
  ).split(";")[0]!;

describe("two API processes on one database (acceptance 8)", () => {
  it("migrate and seed exactly once when started together on an empty database", async () => {
    // the log is written in blocks, flushed within a second: wait for both lines
    await expect.poll(() => Boolean(readyLine(a!) && readyLine(b!)), { timeout: 5_000 }).toBe(true);
    const [ra, rb] = [readyLine(a!), readyLine(b!)];
    expect([ra.migrations.length > 0, rb.migrations.length > 0].filter(Boolean)).toHaveLength(1);
    expect([ra.seeded, rb.seeded].filter(Boolean)).toHaveLength(1);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const dupes = await sql`select name from products group by name having count(*) > 1`;
      expect(dupes).toHaveLength(0);
      const migrations = await sql`select tag from schema_migrations`;
      expect(migrations.length).toBe(ra.migrations.length + rb.migrations.length);
    } finally {
      await sql.end();
    }
    const [pa, pb] = await Promise.all([
      request(`${a!.storefront}/api/products`),
      request(`${b!.storefront}/api/products`),
    ]);
    expect(JSON.parse(pa.body).length).toBeGreaterThan(10);
    expect(pa.body).toBe(pb.body);
  });

  it("share sessions: a sign-in on one is valid on the other; a sign-out on one ends it on both", async () => {
    expect(
      (await request(`${a!.backoffice}/api/admin/setup`, { body: { username: "owner", password: PASSWORD } })).status,
    ).toBe(201);
    expect(
      (await request(`${b!.backoffice}/api/admin/setup`, { body: { username: "other", password: PASSWORD } })).status,
    ).toBe(409);
    const signIn = await login(a!, PASSWORD);
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    for (const server of [a!, b!]) {
      expect((await request(`${server.backoffice}/api/admin/session`, { headers: { cookie } })).status).toBe(200);
      expect((await request(`${server.backoffice}/api/trpc/admin.me`, { headers: { cookie } })).status).toBe(200);
      // a read of one shared value, which each process then repeats to this session before routing
      for (let i = 0; i < 3; i++) {
        expect((await request(`${server.backoffice}/api/trpc/content.posts`, { headers: { cookie } })).status).toBe(
          200,
        );
      }
    }
    expect((await request(`${b!.backoffice}/api/admin/logout`, { method: "POST", headers: { cookie } })).status).toBe(
      200,
    );
    for (const server of [a!, b!]) {
      expect((await request(`${server.backoffice}/api/admin/session`, { headers: { cookie } })).status).toBe(401);
      expect((await request(`${server.backoffice}/api/trpc/admin.me`, { headers: { cookie } })).status).toBe(401);
      expect((await request(`${server.backoffice}/api/trpc/content.posts`, { headers: { cookie } })).status).toBe(401);
    }
  });

  it("share idempotency keys and per-IP limits", async () => {
    const product = await productInStock(a!.storefront);
    const body = orderBody([{ id: product.id, quantity: 1, price: product.price }]);
    const key = "two-processes-key-0001";
    const first = await request(`${a!.storefront}/api/orders`, { body, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    const replay = await request(`${b!.storefront}/api/orders`, { body, headers: { "idempotency-key": key } });
    expect(replay.status).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(JSON.parse(replay.body).orderNumber).toBe(JSON.parse(first.body).orderNumber);
    const other = await request(`${b!.storefront}/api/orders`, {
      body: { ...body, deliveryNotes: "different" },
      headers: { "idempotency-key": key },
    });
    expect(other.status).toBe(422);
    // the contact form allows 10 per address per 10 minutes, counted across both processes
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const server = i % 2 === 0 ? a! : b!;
      statuses.push((await request(`${server.storefront}/api/contact`, { body: {} })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it("share the notification outbox: every message is delivered exactly once", async () => {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const deadline = Date.now() + 30_000;
      let rows: { status: string; n: number }[] = [];
      while (Date.now() < deadline) {
        rows =
          await sql`select status, count(*)::int as n from notifications where channel = 'telegram' group by status`;
        if (rows.every((r) => r.status === "sent")) break;
        await sleep(200);
      }
      const sent = rows.find((r) => r.status === "sent")?.n ?? 0;
      expect(rows.filter((r) => r.status !== "sent")).toEqual([]);
      expect(sent).toBeGreaterThan(0);
      expect(messages.length).toBe(sent);
    } finally {
      await sql.end();
    }
  });

  it("share the sign-in throttle: 5 failures split across both lock the pair on both", async () => {
    const wrong = [a!, a!, b!, a!, b!];
    for (const server of wrong) expect((await login(server, "Wrong-Password-0")).status).toBe(401);
    for (const server of [a!, b!]) {
      const locked = await login(server, PASSWORD);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    }
  });
});
