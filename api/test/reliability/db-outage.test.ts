// Acceptance 6: PostgreSQL stopped for 5 s in the middle of 200 order submissions (concurrency 10)
// against a real server process. Every 2xx has exactly one row, every failure is a 503 with Retry-After
// and no driver text, nothing waits more than 10 s, and /readyz reports the outage and recovers by itself.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderBody } from "../harness";
import { type Answer, pool, productInStock, request, sleep } from "./lib/http";
import { type PgServer, startPgServer } from "./lib/pg";
import { type ServerProcess, startServer, stopServer, waitForOk } from "./lib/proc";

const PG_PORT = 55_603;
const PORT = 4610;
let pg: PgServer;
let server: ServerProcess | undefined;
let databaseUrl: string;

beforeAll(async () => {
  pg = startPgServer(PG_PORT);
  databaseUrl = await pg.createDatabase("outage");
  server = startServer({ port: PORT, adminPort: PORT + 1, databaseUrl, env: { OUTBOX_WORKER: "off" } });
  await waitForOk(`${server.storefront}/readyz`, server);
});
afterAll(async () => {
  await stopServer(server);
  pg?.stop();
});

describe("database outage (acceptance 6)", () => {
  it("answers 503 (never hangs, never leaks driver text) while PostgreSQL is down and recovers without a restart", async () => {
    const base = server!.storefront;
    const product = await productInStock(base);
    const outcomes: (Answer | { error: string; ms: number })[] = new Array(200);
    const readyDuringOutage: number[] = [];
    let completed = 0;
    const t0 = Date.now();

    const load = pool(200, 10, async (i) => {
      const body = orderBody([{ id: product.id, quantity: 1, price: product.price }], {
        email: `outage-${i}@example.com`,
      });
      const started = Date.now();
      try {
        outcomes[i] = await request(`${base}/api/orders`, { body, timeoutMs: 10_000 });
      } catch (error) {
        outcomes[i] = { error: String(error), ms: Date.now() - started };
      }
      completed++;
      await sleep(350); // pace the load so the outage falls in its middle
    });
    const outage = (async () => {
      while (completed < 40) await sleep(20);
      pg.pause();
      const pausedAt = Date.now();
      await sleep(1000);
      const probes = [0, 1000, 2000].map(async (delay) => {
        await sleep(delay);
        readyDuringOutage.push((await request(`${base}/readyz`, { timeoutMs: 10_000 })).status);
      });
      await sleep(Math.max(0, 5000 - (Date.now() - pausedAt)));
      await Promise.all(probes);
      pg.resume();
      return { pausedAt: pausedAt - t0, resumedAt: Date.now() - t0 };
    })();
    const [, window] = await Promise.all([load, outage]);

    const answers = outcomes.filter((o): o is Answer => "status" in o);
    const errors = outcomes.filter((o) => "error" in o);
    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    console.info("outage", window, "answers", byStatus, "transport errors", errors.length);

    expect(errors).toEqual([]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
    expect(answers.every((a) => a.status === 201 || a.status === 503)).toBe(true);
    expect(byStatus[503] ?? 0).toBeGreaterThan(0); // the outage really hit requests
    expect(byStatus[201] ?? 0).toBeGreaterThan(100);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(Number(a.headers["retry-after"])).toBeGreaterThan(0);
      expect(a.body).not.toMatch(/ECONN|postgres|terminat|connection|57P|08006|stack/i);
      expect(JSON.parse(a.body).message).toBe("Service temporarily unavailable, please retry shortly");
    }
    expect(readyDuringOutage.every((s) => s === 503)).toBe(true);

    // /readyz recovers by itself and new orders go through on the same process
    await waitForOk(`${base}/readyz`, server!, 20_000);
    const after = await request(`${base}/api/orders`, {
      body: orderBody([{ id: product.id, quantity: 1, price: product.price }], { email: "after-outage@example.com" }),
    });
    expect(after.status).toBe(201);

    // every 2xx has exactly one row; a 503 has at most one (a commit whose answer was lost)
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ email: string; order_number: string; n: number }[]>`
        select email, min(order_number) as order_number, count(*)::int as n from orders group by email`;
      const byEmail = new Map(rows.map((r) => [r.email, r]));
      outcomes.forEach((o, i) => {
        const row = byEmail.get(`outage-${i}@example.com`);
        if ("status" in o && o.status === 201) {
          expect(row?.n, `order ${i}`).toBe(1);
          expect(row?.order_number).toBe(JSON.parse(o.body).orderNumber);
        } else {
          expect(row?.n ?? 0, `order ${i}`).toBeLessThanOrEqual(1);
        }
      });
    } finally {
      await sql.end();
    }
    expect(server!.child.exitCode).toBeNull(); // no restart happened
    // the log has the detail the answers lack
    await expect.poll(() => server!.log.some((l) => l.includes("database unavailable")), { timeout: 5_000 }).toBe(true);
  });
});
