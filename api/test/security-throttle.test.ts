// Throttling with counters in the database: sign-ins (5 per IP and username in 15 minutes → 429 with
// Retry-After, lapsing by itself; past 10 per username from any IP each attempt waits a growing delay,
// never a 15-minute lock: see sign-in-holes.test.ts and decision 0014) and per-IP limits on every
// public write at their real size (PUBLIC_RATE_LIMIT_SCALE=1), which a tRPC batch cannot get around.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_WRITE_RULES } from "../src/lib/rate-limit";
import { startTestApps, type TestApps } from "./harness";

let apps: TestApps;
const USER = "owner";
const PASSWORD = "Quarry-Lantern-47";

beforeAll(async () => {
  apps = await startTestApps({ env: { PUBLIC_RATE_LIMIT_SCALE: "1" } });
  const res = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/setup",
    payload: { username: USER, password: PASSWORD },
  });
  expect(res.statusCode).toBe(201);
});
afterAll(async () => {
  await apps?.close();
});

const login = (password: string, ip: string, username = USER) =>
  apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username, password },
    remoteAddress: ip,
  });

describe("sign-in throttling (acceptance 2)", () => {
  it("answers the 6th attempt within 15 minutes with 429 even with the right password; the lock lapses", async () => {
    for (let i = 1; i <= 5; i++) expect((await login(`wrong-${i}`, "203.0.113.5")).statusCode).toBe(401);
    const sixth = await login(PASSWORD, "203.0.113.5");
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(sixth.headers["set-cookie"]).toBeUndefined();
    // trpc-free REST path only; another address is not locked by this pair
    expect((await login(PASSWORD, "203.0.113.6")).statusCode).toBe(200);
    apps.clock.advance(14 * 60_000);
    expect((await login(PASSWORD, "203.0.113.5")).statusCode).toBe(429);
    apps.clock.advance(retryAfter * 1000 - 14 * 60_000 + 1000);
    const later = await login(PASSWORD, "203.0.113.5");
    expect(later.statusCode).toBe(200);
    expect(later.headers["set-cookie"]).toBeDefined();
  });

  it("slows a username down after 10 failures from any addresses, for a short while only", async () => {
    apps.clock.advance(16 * 60_000);
    for (let i = 1; i <= 10; i++) expect((await login(`wrong-${i}`, `198.51.100.${i}`)).statusCode).toBe(401);
    const fresh = await login(PASSWORD, "198.51.100.200");
    expect(fresh.statusCode).toBe(429);
    const retryAfter = Number(fresh.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    apps.clock.advance(retryAfter * 1000);
    expect((await login(PASSWORD, "198.51.100.200")).statusCode).toBe(200);
  });

  it("does not lock on unknown-user probes of other names", async () => {
    apps.clock.advance(16 * 60_000);
    for (let i = 0; i < 6; i++) await login("wrong", "192.0.2.9", `someone-${i}`);
    expect((await login(PASSWORD, "192.0.2.9")).statusCode).toBe(200);
  });
});

const sampleBodies: Record<keyof typeof PUBLIC_WRITE_RULES, { url: string; procedure: string }> = {
  contact: { url: "/api/contact", procedure: "leads.contact" },
  quote: { url: "/api/quote-requests", procedure: "leads.requestQuote" },
  roi: { url: "/api/roi", procedure: "leads.saveRoi" },
  chat: { url: "/api/telegram/chat", procedure: "chat.forward" },
  chatReply: { url: "/api/chat/reply", procedure: "chat.reply" },
  orders: { url: "/api/orders", procedure: "orders.place" },
  orderQuote: { url: "/api/orders/quote", procedure: "pricing.quote" },
  visits: { url: "/api/visits", procedure: "" },
  orderLookup: { url: "/api/orders/lookup", procedure: "orders.lookup" },
  proposal: { url: "/api/proposals/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/changes", procedure: "proposals.requestChanges" },
  portal: { url: "/api/portal/sign-in", procedure: "portal.signIn" },
};

/** A public write with an empty body: refused as input (400) but counted against the limit. */
const postEmpty = (url: string, ip: string) =>
  apps.storefront.inject({ method: "POST", url, payload: {}, remoteAddress: ip });

describe("public writes are limited per IP at their real size", () => {
  // fixed windows: a loaded machine could otherwise cross a window's end in the middle of a test, and
  // the count would start again before the limit is reached
  beforeAll(() => apps.clock.freeze());

  it.each(Object.entries(PUBLIC_WRITE_RULES))("%s", async (name, rule) => {
    const { url } = sampleBodies[name as keyof typeof PUBLIC_WRITE_RULES];
    const ip = `100.64.${Object.keys(PUBLIC_WRITE_RULES).indexOf(name)}.1`;
    for (let i = 0; i < rule.limit; i++) {
      const res = await postEmpty(url, ip);
      expect(res.statusCode, `${url} #${i + 1}`).toBe(400);
      // the RateLimit fields on every counted answer, refused input included
      expect(res.headers["ratelimit-limit"], `${url} #${i + 1}`).toBe(String(rule.limit));
      expect(res.headers["ratelimit-remaining"], `${url} #${i + 1}`).toBe(String(rule.limit - i - 1));
    }
    const over = await postEmpty(url, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(rule.windowSeconds);
    expect(over.headers).toMatchObject({
      "ratelimit-limit": String(rule.limit),
      "ratelimit-remaining": "0",
      "ratelimit-reset": over.headers["retry-after"],
    });
    // another address still gets through
    const other = await postEmpty(url, "100.65.0.1");
    expect(other.statusCode).toBe(400);
  });

  it("counts tRPC calls against the same limit, and a batch cannot get around it", async () => {
    const ip = "100.66.0.1";
    const batch = (n: number, procedure = "leads.contact") =>
      apps.storefront.inject({
        method: "POST",
        url: `/api/trpc/${Array.from({ length: n }, () => procedure).join(",")}?batch=1`,
        payload: Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), {}])),
        remoteAddress: ip,
      });
    // more than maxBatchSize (10) calls in one request are refused outright
    const tooBig = await batch(11);
    expect(tooBig.statusCode).toBe(400);
    const full = await batch(10); // counts 10 of the 10 allowed contact writes
    const results = full.json() as { error?: { data: { httpStatus: number } } }[];
    expect(results).toHaveLength(10);
    expect(results.every((r) => r.error?.data.httpStatus === 400)).toBe(true);
    const rest = await postEmpty("/api/contact", ip);
    expect(rest.statusCode).toBe(429);
    const single = await postEmpty("/api/trpc/leads.contact", ip);
    expect(single.statusCode).toBe(429);
    expect(Number(single.headers["retry-after"])).toBeGreaterThan(0);
    expect(single.headers).toMatchObject({ "ratelimit-limit": "10", "ratelimit-remaining": "0" });
  });
});
