// Sessions: kept in the database; a new id at every sign-in; destroyed at sign-out; idle 30 minutes,
// absolute 8 hours; a tampered or expired cookie is a 401, never a 500; the storefront sets no cookie.
import { createHash } from "node:crypto";
import { schema } from "@ch/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicAppRouter } from "../src/trpc/root";
import { BACKOFFICE, orderBody, startTestApps, type TestApps } from "./harness";
import { concretePath, proceduresOf, servedRoutes } from "./reliability/lib/routes";

let apps: TestApps;
const USER = "owner";
const PASSWORD = "Quarry-Lantern-47";

beforeAll(async () => {
  apps = await startTestApps();
  await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/setup",
    payload: { username: USER, password: PASSWORD },
  });
});
afterAll(async () => {
  await apps?.close();
});

async function signIn(cookie?: string) {
  const res = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username: USER, password: PASSWORD },
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  const c = res.cookies.find((k) => k.name === "ch_admin")!;
  return { cookie: `${c.name}=${c.value}`, token: c.value, raw: String(res.headers["set-cookie"]) };
}
const me = (cookie: string) =>
  apps.backoffice.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
const trpcMe = (cookie: string) =>
  apps.backoffice.inject({ method: "GET", url: "/api/trpc/admin.me", headers: { cookie } });
const sessionRows = async (token?: string) => {
  const db = apps.db.handle.db;
  const where = token ? eq(schema.sessions.id, createHash("sha256").update(token).digest("hex")) : undefined;
  const [row] = await db.select({ n: count() }).from(schema.sessions).where(where);
  return row?.n ?? 0;
};

describe("sessions", () => {
  it("are stored server-side by hash only, with an httpOnly SameSite=Strict host-only cookie", async () => {
    const { token, raw } = await signIn();
    expect(await sessionRows(token)).toBe(1);
    const [stored] = await apps.db.handle.db.select({ id: schema.sessions.id }).from(schema.sessions);
    expect(stored?.id).not.toBe(token);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Strict/i);
    expect(raw).toMatch(/Path=\//);
    expect(raw).not.toMatch(/Domain=/i);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
  });

  it("uses the __Host- prefix and Secure in production", async () => {
    const prod = await startTestApps({ env: { NODE_ENV: "production", SETUP_TOKEN: "setup-token-for-the-test-0001" } });
    try {
      const setup = await prod.backoffice.inject({
        method: "POST",
        url: "/api/admin/setup",
        payload: { username: USER, password: PASSWORD, setupToken: "setup-token-for-the-test-0001" },
      });
      expect(setup.statusCode).toBe(201);
      const res = await prod.backoffice.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: USER, password: PASSWORD },
      });
      const raw = String(res.headers["set-cookie"]);
      expect(raw).toMatch(/^__Host-ch_admin=/);
      expect(raw).toMatch(/; Secure/i);
      expect(raw).not.toMatch(/Domain=/i);
    } finally {
      await prod.close();
    }
  });

  it("get a new id at every sign-in, and the old one stops working", async () => {
    const first = await signIn();
    const second = await signIn(first.cookie);
    expect(second.token).not.toBe(first.token);
    expect((await me(first.cookie)).statusCode).toBe(401);
    expect(await sessionRows(first.token)).toBe(0);
    expect((await me(second.cookie)).statusCode).toBe(200);
  });

  it("are destroyed at sign-out (the row is gone and the cookie cleared)", async () => {
    const { cookie, token } = await signIn();
    const out = await apps.backoffice.inject({ method: "POST", url: "/api/admin/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/ch_admin=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await sessionRows(token)).toBe(0);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await trpcMe(cookie)).statusCode).toBe(401);
  });

  it("end after 30 idle minutes", async () => {
    const { cookie } = await signIn();
    apps.clock.advance(29 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    apps.clock.advance(29 * 60_000); // 29 minutes after the last use: still alive
    expect((await trpcMe(cookie)).statusCode).toBe(200);
    apps.clock.advance(31 * 60_000);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await trpcMe(cookie)).statusCode).toBe(401);
  });

  it("end 8 hours after sign-in however active", async () => {
    const { cookie } = await signIn();
    for (let minutes = 20; minutes < 8 * 60; minutes += 20) {
      apps.clock.advance(20 * 60_000);
      expect((await me(cookie)).statusCode, `after ${minutes} minutes`).toBe(200);
    }
    apps.clock.advance(21 * 60_000);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await trpcMe(cookie)).statusCode).toBe(401);
  });

  it("answer a tampered, malformed or oversized cookie with 401, never 500", async () => {
    const { token } = await signIn();
    const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const values = [
      flipped,
      "",
      "a",
      "x".repeat(4000),
      "%00%00",
      "abc%ZZ",
      "\u00e9t\u00e9",
      "' OR '1'='1",
      "s:signed.value",
      `${token}x`,
      ` ${token.slice(1)}`,
      token.toUpperCase(),
      "null",
      "undefined",
      "../../etc/passwd",
    ];
    for (const value of values) {
      for (const send of [me, trpcMe]) {
        const res = await send(`ch_admin=${value}`);
        expect(res.statusCode, JSON.stringify(value)).toBe(401);
      }
    }
    for (const header of ["ch_admin", "=;=;", "ch_admin==", `ch_admin=${token}; ch_admin=forged`]) {
      const res = await me(header);
      expect([200, 401]).toContain(res.statusCode);
    }
  });
});

describe("the storefront sets no cookie", () => {
  it("on any route or public procedure", async () => {
    const product = (await apps.storefront.inject({ method: "GET", url: "/api/products" })).json()[0];
    const routes = (await servedRoutes(apps.storefront)).filter((r) => r.url !== "/api/trpc/:path");
    const bodies: Record<string, unknown> = {
      "/api/orders": orderBody([{ id: product.id, quantity: 1, price: product.price }]),
      "/api/contact": { firstName: "Ana", lastName: "Ruiz", email: "ana@example.com" },
      "/api/visits": { path: "/" },
    };
    const answers = [];
    for (const route of routes) {
      answers.push(
        await apps.storefront.inject({
          method: route.method as "GET",
          url: concretePath(route.url, { id: String(product.id) }),
          headers: { cookie: "ch_admin=anything; other=1", origin: BACKOFFICE },
          ...(route.method === "POST" ? { payload: (bodies[route.url] ?? {}) as object } : {}),
        }),
      );
    }
    for (const procedure of proceduresOf(publicAppRouter)) {
      answers.push(
        await apps.storefront.inject(
          procedure.type === "query"
            ? { method: "GET", url: `/api/trpc/${procedure.path}` }
            : { method: "POST", url: `/api/trpc/${procedure.path}`, payload: {} },
        ),
      );
    }
    answers.push(await apps.storefront.inject({ method: "GET", url: "/no/such/page" }));
    expect(answers.length).toBeGreaterThan(25);
    expect(answers.some((a) => a.statusCode === 201)).toBe(true);
    for (const answer of answers) expect(answer.headers["set-cookie"]).toBeUndefined();
  });
});
