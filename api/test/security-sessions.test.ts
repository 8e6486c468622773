// Sessions (@fastify/session over modules/access/session-store.ts): kept in the database; a new id at every
// sign-in; destroyed at sign-out; idle 30 minutes, absolute 8 hours; ended at once on every process;
// a tampered or expired cookie is a 401, never a 500; anonymous requests store nothing; the storefront
// sets no cookie.
import { createHmac } from "node:crypto";
import { openDatabase, schema } from "@ch/db";
import argon2 from "argon2";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { readCache } from "../src/lib/read-cache";
import { ARGON2_OPTIONS } from "../src/modules/admin/auth.service";
import { publicAppRouter } from "../src/trpc/root";
import { BACKOFFICE, orderBody, sessionRowIdOf, startTestApps, type TestApps } from "./harness";
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
  // with an old cookie, @fastify/session clears it and then sets the new one: the last one counts
  const c = res.cookies.filter((k) => k.name === "ch_admin").at(-1)!;
  return { cookie: `${c.name}=${c.value}`, token: c.value, raw: String(res.headers["set-cookie"]) };
}
const me = (cookie: string) =>
  apps.backoffice.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
const trpcMe = (cookie: string) =>
  apps.backoffice.inject({ method: "GET", url: "/api/trpc/admin.me", headers: { cookie } });
const sessionRows = async (token?: string) => {
  const db = apps.db.handle.db;
  const where = token ? eq(schema.sessions.id, sessionRowIdOf(token)) : undefined;
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
    // @fastify/session's cookie: a 192-bit random id (base64url) and its HMAC-SHA256 signature
    const [id, signature] = decodeURIComponent(token).split(".");
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const expected = createHmac("sha256", apps.env.sessionSecret).update(id!).digest("base64").replace(/=+$/, "");
    expect(signature).toBe(expected);
  });

  it("answer an unsigned or wrongly signed id (even of a live session) with 401", async () => {
    const { token } = await signIn();
    const id = decodeURIComponent(token).split(".")[0]!;
    const forged = `${id}.${createHmac("sha256", "another-secret-of-at-least-32-chars!!").update(id).digest("base64")}`;
    for (const value of [id, encodeURIComponent(forged)]) {
      expect((await me(`ch_admin=${value}`)).statusCode).toBe(401);
    }
    expect((await me(`ch_admin=${token}`)).statusCode).toBe(200);
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
      const raw = String(([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.includes("ch_admin")));
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

  it("never keep an id planted before sign-in (session fixation)", async () => {
    // an id the attacker signed validly (their own session) and one they made up
    const attacker = await signIn();
    const plantedId = decodeURIComponent(attacker.token).split(".")[0]!;
    const victim = await signIn(attacker.cookie);
    expect(decodeURIComponent(victim.token).split(".")[0]).not.toBe(plantedId);
    expect((await me(attacker.cookie)).statusCode).toBe(401);
    const madeUp = "ch_admin=planted-session-id-0000000000000.c2lnbmF0dXJl";
    const after = await signIn(madeUp);
    expect(after.token).not.toContain("planted-session-id");
    expect((await me(madeUp)).statusCode).toBe(401);
    expect((await me(after.cookie)).statusCode).toBe(200);
  });

  it("store nothing for anonymous requests, and set no cookie for them", async () => {
    const before = await sessionRows();
    const answers = [
      await apps.backoffice.inject({ method: "GET", url: "/api/admin/session" }),
      await apps.backoffice.inject({ method: "GET", url: "/api/trpc/admin.me" }),
      await apps.backoffice.inject({ method: "GET", url: "/healthz" }),
      await apps.backoffice.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: USER, password: "wrong-password-here" },
      }),
      await me("ch_admin=some-unknown-value"),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 200, 401, 401]);
    for (const answer of answers) {
      expect(String(answer.headers["set-cookie"] ?? "")).not.toMatch(/ch_admin=[^;]/);
    }
    expect(await sessionRows()).toBe(before);
  });

  it("end when the account is disabled, at once", async () => {
    const owner = await signIn();
    const password = "Harbor-Kettle-Lamp-92";
    const [sam] = await apps.db.handle.db
      .insert(schema.admins)
      .values({ username: "sam", role: "sales", passwordHash: await argon2.hash(password, ARGON2_OPTIONS) })
      .returning({ id: schema.admins.id });
    const login = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "sam", password },
    });
    const c = login.cookies.find((k) => k.name === "ch_admin")!;
    const samCookie = `ch_admin=${c.value}`;
    expect((await me(samCookie)).json()).toEqual({ authenticated: true, username: "sam" });
    const disabled = await apps.backoffice.inject({
      method: "POST",
      url: `/api/admin/staff/${sam!.id}/disable`,
      headers: { cookie: owner.cookie },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toEqual({ ok: true, endedSessions: 1 });
    expect((await me(samCookie)).statusCode).toBe(401);
    expect((await trpcMe(samCookie)).statusCode).toBe(401);
    expect(await sessionRows(c.value)).toBe(0);
    expect((await me(owner.cookie)).statusCode).toBe(200);
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
    const { cookie, token } = await signIn();
    apps.clock.advance(29 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    apps.clock.advance(29 * 60_000); // 29 minutes after the last use: still alive
    expect((await trpcMe(cookie)).statusCode).toBe(200);
    apps.clock.advance(31 * 60_000);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await trpcMe(cookie)).statusCode).toBe(401);
    expect(await sessionRows(token)).toBe(0); // the store destroys a session that has run out
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

  it("ended in one API process are refused at once by another on the same database", async () => {
    // on PostgreSQL a second connection pool, as a second process has (its own memory of sessions)
    const other = apps.db.url ? await openDatabase({ url: apps.db.url }) : apps.db.handle;
    const b = await buildApp({ surface: "backoffice", db: other.db, env: apps.env, clock: apps.clock, spa: false });
    try {
      const meOn = (cookie: string) => b.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
      const lag: number[] = [];
      for (const end of ["logout", "sql-delete", "password"] as const) {
        const { cookie, token } = await signIn();
        // B has read the session and remembers it (no database read per request from here on)
        await expect
          .poll(
            async () => (await meOn(cookie)).statusCode === 200 && readCache(other.db).session(sessionRowIdOf(token)),
          )
          .toBeTruthy();
        if (end === "logout") {
          await apps.backoffice.inject({ method: "POST", url: "/api/admin/logout", headers: { cookie } });
        } else if (end === "password") {
          const keep = await signIn();
          const changed = await apps.backoffice.inject({
            method: "POST",
            url: "/api/admin/password/change",
            headers: { cookie: keep.cookie },
            payload: { currentPassword: PASSWORD, newPassword: `${PASSWORD}-new` },
          });
          expect(changed.statusCode, changed.body).toBe(200);
          expect((await meOn(keep.cookie)).statusCode).toBe(200);
          // back to the password the other tests sign in with
          const back = await apps.backoffice.inject({
            method: "POST",
            url: "/api/admin/password/change",
            headers: { cookie: keep.cookie },
            payload: { currentPassword: `${PASSWORD}-new`, newPassword: PASSWORD },
          });
          expect(back.statusCode, back.body).toBe(200);
        } else {
          await apps.db.handle.db.delete(schema.sessions).where(eq(schema.sessions.id, sessionRowIdOf(token)));
        }
        // B hears the change notice on its own connection, a few milliseconds after A answers (A waits for its own)
        const endedAt = performance.now();
        await expect.poll(async () => (await meOn(cookie)).statusCode, { interval: 1, timeout: 1000 }).toBe(401);
        lag.push(performance.now() - endedAt);
        expect((await b.inject({ method: "GET", url: "/api/trpc/admin.me", headers: { cookie } })).statusCode).toBe(
          401,
        );
      }
      console.info(`session ended on A, refused on B after ${lag.map((ms) => ms.toFixed(1)).join(" / ")} ms`);
    } finally {
      await b.close();
      if (other !== apps.db.handle) await other.close();
    }
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

// the one exception, the customer portal's session, is set only by a spent sign-in link (test/portal.test.ts)
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
