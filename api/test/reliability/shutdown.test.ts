// Acceptance 7: SIGTERM under load (20 keep-alive connections) against a real server process.
// /readyz turns 503 at once, every request sent before the signal is answered with success, the outbox
// worker finishes the delivery it is in the middle of, and the process exits 0 within 10 s.
import http from "node:http";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderBody } from "../harness";
import { pool, productInStock, request, sleep } from "./lib/http";
import { type PgServer, startPgServer } from "./lib/pg";
import { type ServerProcess, startServer, stopServer, waitForOk } from "./lib/proc";

const PG_PORT = 55_604;
const PORT = 4620;
const TELEGRAM_PORT = 4624;
let pg: PgServer;
let server: ServerProcess | undefined;
let databaseUrl: string;
let telegram: http.Server;
const deliveries: { at: number }[] = [];
const arrivals: number[] = [];

beforeAll(async () => {
  // a Bot API that takes 1.5 s per message, so that a delivery is under way when the signal comes
  telegram = http.createServer((req, res) => {
    arrivals.push(Date.now());
    req.resume();
    req.on("end", () => {
      setTimeout(() => {
        deliveries.push({ at: Date.now() });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: true, result: { message_id: deliveries.length } }));
      }, 1500);
    });
  });
  await new Promise<void>((resolve) => telegram.listen(TELEGRAM_PORT, "127.0.0.1", resolve));
  pg = startPgServer(PG_PORT);
  databaseUrl = await pg.createDatabase("shutdown");
  server = startServer({
    port: PORT,
    adminPort: PORT + 1,
    databaseUrl,
    env: {
      TELEGRAM_BOT_TOKEN: "123456:test-token",
      TELEGRAM_CHAT_ID: "42",
      TELEGRAM_API_URL: `http://127.0.0.1:${TELEGRAM_PORT}`,
      OUTBOX_POLL_MS: "100",
    },
  });
  await waitForOk(`${server.storefront}/readyz`, server);
});
afterAll(async () => {
  await stopServer(server);
  await new Promise((resolve) => telegram?.close(resolve));
  pg?.stop();
});

describe("graceful shutdown (acceptance 7)", () => {
  it("drains under load: 0 failed requests among those sent before SIGTERM, exit code 0 within 10 s", async () => {
    const base = server!.storefront;
    const product = await productInStock(base);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    let signalAt = Number.POSITIVE_INFINITY;
    const results: { startedAt: number; status: number; error?: string }[] = [];
    const deadline = Date.now() + 25_000;

    const load = pool(20, 20, async (worker) => {
      // each connection sends requests back to back until the server is gone (bounded by count and time)
      for (let k = 0; k < 400 && Date.now() < deadline; k++) {
        const startedAt = Date.now();
        try {
          const answer =
            k % 3 === 0
              ? await request(`${base}/api/orders`, {
                  body: orderBody([{ id: product.id, quantity: 1, price: product.price }], {
                    email: `drain-${worker}-${k}@example.com`,
                  }),
                  agent,
                })
              : await request(`${base}/api/products/${product.id}`, { agent });
          results.push({ startedAt, status: answer.status });
        } catch (error) {
          results.push({ startedAt, status: 0, error: String(error) });
          if (startedAt > signalAt) return; // the server is gone: this connection is done
        }
        await sleep(20);
      }
    });

    await sleep(2000);
    // a busy machine answers fewer: wait (bounded) until enough requests were answered to measure the drain on
    for (let k = 0; k < 200 && results.length <= 120; k++) await sleep(50);
    // send the signal while a delivery is under way (each takes 1.5 s); bounded wait
    for (let k = 0; k < 100 && arrivals.length <= deliveries.length; k++) await sleep(50);
    expect(arrivals.length).toBeGreaterThan(deliveries.length);
    signalAt = Date.now();
    server!.kill("SIGTERM");
    // the signal reaches the process asynchronously: /readyz must turn 503 within the drain window
    let ready: { status: number } = { status: 0 };
    for (let k = 0; k < 20; k++) {
      ready = await request(`${base}/readyz`).catch((e) => ({ status: 0, error: String(e) }));
      if (ready.status === 503) break;
      await sleep(50);
    }
    await load;
    const exit = await server!.exited;
    agent.destroy();

    const before = results.filter((r) => r.startedAt < signalAt);
    const failedBefore = before.filter((r) => r.status < 200 || r.status >= 300);
    const after = results.filter((r) => r.startedAt >= signalAt);
    console.info("shutdown", {
      sentBeforeSignal: before.length,
      failedBeforeSignal: failedBefore.length,
      sentAfterSignal: after.length,
      servedAfterSignal: after.filter((r) => r.status >= 200 && r.status < 300).length,
      exitMs: exit.at - signalAt,
      deliveries: deliveries.length,
      arrivals: arrivals.map((a) => a - signalAt),
      delivered: deliveries.map((d) => d.at - signalAt),
    });
    expect(before.length).toBeGreaterThan(100);
    expect(failedBefore).toEqual([]);
    expect(ready.status).toBe(503);
    expect(exit.code).toBe(0);
    expect(exit.at - signalAt).toBeLessThan(10_000);
    expect(server!.log.some((l) => l.includes('"shutting down"'))).toBe(true);

    // the outbox: nothing left half-sent, and every message the fake Bot API answered is recorded as sent
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ status: string; n: number }[]>`
        select status, count(*)::int as n from notifications where channel = 'telegram' group by status`;
      const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
      console.info("telegram outbox after shutdown", byStatus);
      expect(byStatus.sending ?? 0).toBe(0);
      expect(byStatus.sent ?? 0).toBe(deliveries.length);
      // the delivery that was under way at the signal was finished, not cut off
      const startedBefore = arrivals.filter((a) => a < signalAt).length;
      expect(deliveries.length).toBeGreaterThanOrEqual(startedBefore);
      expect(deliveries.filter((d) => d.at > signalAt).length).toBeGreaterThan(0);
    } finally {
      await sql.end();
    }
  });
});
