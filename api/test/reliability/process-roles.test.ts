// Process roles (issue 27 item 2) on a real PostgreSQL server: a web process (PROCESS_ROLE=web) takes
// orders but sends nothing; their notifications wait in the outbox and go out once a worker process
// (PROCESS_ROLE=worker) starts, which serves no origin but answers its health checks. A role that needs a
// shared database refuses to start without DATABASE_URL, naming the setting.
import type http from "node:http";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env";
import { orderBody } from "../harness";
import { productInStock, request, sleep, startTelegramSink } from "./lib/http";
import { type PgServer, startPgServer } from "./lib/pg";
import { type ServerProcess, startServer, stopServer, waitForOk } from "./lib/proc";

const PG_PORT = 55_606;
const TELEGRAM_PORT = 4644;
let pg: PgServer;
let web: ServerProcess | undefined;
let worker: ServerProcess | undefined;
let databaseUrl: string;
let telegram: http.Server;
let messages: string[] = [];

const env = {
  TELEGRAM_BOT_TOKEN: "123456:test-token",
  TELEGRAM_CHAT_ID: "42",
  TELEGRAM_API_URL: `http://127.0.0.1:${TELEGRAM_PORT}`,
  OUTBOX_POLL_MS: "100",
};

beforeAll(async () => {
  ({ server: telegram, messages } = await startTelegramSink(TELEGRAM_PORT));
  pg = startPgServer(PG_PORT);
  databaseUrl = await pg.createDatabase("process_roles");
  web = startServer({ port: 4640, adminPort: 4641, databaseUrl, env: { ...env, PROCESS_ROLE: "web" } });
  await waitForOk(`${web.storefront}/readyz`, web);
});
afterAll(async () => {
  await Promise.all([stopServer(web), stopServer(worker)]);
  await new Promise((resolve) => telegram?.close(resolve));
  pg?.stop();
});

describe("web and worker processes (issue 27 item 2)", () => {
  it("refuses a web or worker role without a shared database, naming PROCESS_ROLE", () => {
    expect(() => loadEnv({ PROCESS_ROLE: "worker" })).toThrow(/PROCESS_ROLE "worker" needs DATABASE_URL/);
    expect(() => loadEnv({ PROCESS_ROLE: "cron" })).toThrow(/must be all, web or worker/);
    expect(loadEnv({}).PROCESS_ROLE).toBe("all");
  });

  it("a web process alone takes orders and sends nothing; a worker started later sends their messages", async () => {
    const product = await productInStock(web!.storefront);
    const placed = await request(`${web!.storefront}/api/orders`, {
      body: orderBody([{ id: product.id, quantity: 1, price: product.price }], { email: "roles@example.com" }),
    });
    expect(placed.status).toBe(201);
    const { orderNumber } = JSON.parse(placed.body) as { orderNumber: string };
    await sleep(1500);
    expect(messages).toEqual([]);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const waiting = await sql`select status from notifications where channel = 'telegram'`;
      expect(waiting.map((r) => r.status)).toEqual(["pending"]);

      worker = startServer({ port: 4642, adminPort: 4643, databaseUrl, env: { ...env, PROCESS_ROLE: "worker" } });
      await waitForOk(`${worker.storefront}/healthz`, worker);
      expect((await request(`${worker.storefront}/readyz`)).status).toBe(200);
      // the worker serves no origin
      expect((await request(`${worker.storefront}/api/products`)).status).toBe(404);
      await expect.poll(() => messages.length, { timeout: 15_000 }).toBe(1);
      expect(messages[0]).toContain(orderNumber);
      // the sink answers before the worker records the send, so wait for the row
      await expect
        .poll(
          async () => (await sql`select status from notifications where channel = 'telegram'`).map((r) => r.status),
          {
            timeout: 10_000,
          },
        )
        .toEqual(["sent"]);
    } finally {
      await sql.end();
    }
  });
});
