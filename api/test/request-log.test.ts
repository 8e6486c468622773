// The request log at its defaults (REQUEST_LOG=problems): every 4xx/5xx answer and every answer slower
// than SLOW_REQUEST_MS gets one line with its request id; a fast 200 gets none. Time is the test clock,
// moved forward inside a request to make it slow, so nothing here depends on the machine's speed.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { createTestDatabase, TestClock, type TestDatabase, testEnv } from "./harness";

const lines: string[] = [];
const clock = new TestClock();
let db: TestDatabase;
let storefront: Awaited<ReturnType<typeof buildApp>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  db = await createTestDatabase();
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  const common = { db: db.handle.db, logger, clock, spa: false as const, surface: "storefront" as const };
  storefront = await buildApp({ ...common, env: testEnv({ LOG_LEVEL: "info", SLOW_REQUEST_MS: "1000" }) });
  // a route whose handler takes 1.5 s of the test clock's time
  storefront.get("/test/slow", async () => {
    clock.advance(1500);
    return { ok: true };
  });
});
afterAll(async () => {
  await storefront?.close();
  await db?.drop();
});

const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe("the request log", () => {
  it("logs a 4xx and a slow request with their request ids, and not a fast 200", async () => {
    const fast = await storefront.inject({ method: "GET", url: "/api/products" });
    expect(fast.statusCode).toBe(200);
    const missing = await storefront.inject({ method: "GET", url: "/api/products/987654" });
    expect(missing.statusCode).toBe(404);
    const bad = await storefront.inject({ method: "POST", url: "/api/orders", payload: {} });
    expect(bad.statusCode).toBe(400);
    const slow = await storefront.inject({ method: "GET", url: "/test/slow?secret=x" });
    expect(slow.statusCode).toBe(200);

    const requestLines = entries().filter((e) => typeof e.status === "number");
    const byPath = (path: string) => requestLines.filter((e) => e.path === path);
    expect(byPath("/api/products")).toEqual([]);

    const [notFound] = byPath("/api/products/987654");
    expect(notFound).toMatchObject({ msg: "request completed", status: 404, method: "GET", level: 30 });
    expect(String(notFound?.reqId)).toMatch(UUID);

    const [refused] = byPath("/api/orders");
    expect(refused).toMatchObject({ status: 400, method: "POST" });
    expect(String(refused?.reqId)).toMatch(UUID);

    const [late] = byPath("/test/slow");
    expect(late).toMatchObject({ msg: "slow request", status: 200, level: 40 });
    expect(late?.ms).toBeGreaterThanOrEqual(1500);
    expect(String(late?.reqId)).toMatch(UUID);
    // one line per request, each with its own id, and no query string
    expect(requestLines).toHaveLength(3);
    expect(new Set(requestLines.map((e) => e.reqId)).size).toBe(3);
    expect(lines.join("\n")).not.toContain("secret=");
  });

  it("REQUEST_LOG=all logs every answer", async () => {
    const seen: string[] = [];
    const app = await buildApp({
      db: db.handle.db,
      surface: "storefront",
      spa: false,
      clock,
      logger: pino({ level: "info" }, { write: (line: string) => void seen.push(line) }),
      env: testEnv({ LOG_LEVEL: "info", REQUEST_LOG: "all" }),
    });
    try {
      expect((await app.inject({ method: "GET", url: "/api/products" })).statusCode).toBe(200);
      const line = seen.map((l) => JSON.parse(l)).find((e) => e.path === "/api/products");
      expect(line).toMatchObject({ msg: "request completed", status: 200 });
      expect(String(line.reqId)).toMatch(UUID);
    } finally {
      await app.close();
    }
  });
});
