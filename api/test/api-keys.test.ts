// API keys: made by the owner over tRPC, used with `Authorization: Bearer` on /api/admin/* REST paths,
// checked per scope (403 naming it), refused at once when revoked or expired (401), limited per key
// (429 + Retry-After), audited under the key's name; from any origin without CSRF; ignored on the
// storefront's public paths and refused on tRPC. PGlite, and PostgreSQL with DATABASE_URL.

import type { ApiKeyScope } from "@ch/contracts/api-keys";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { rolesForPath } from "../src/modules/access/access-policy";
import { missingScopes, SCOPE_RULES, scopesForPath } from "../src/modules/api-keys/scope-policy";
import { backofficeRoutes } from "../src/routes";
import { signedInCookie, startTestApps, type TestApps } from "./harness";
import { placeOrderOf } from "./order-fixtures";
import { lastAudit } from "./staff-requests";

const RATE_LIMIT = 8;
let apps: TestApps;
let cookie: string;

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdBy: string | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: "active" | "revoked" | "expired";
}

async function trpc(path: string, input?: unknown, headers: Record<string, string> = {}) {
  const res =
    input === undefined
      ? await apps.backoffice.inject({ method: "GET", url: `/api/trpc/${path}`, headers: { cookie, ...headers } })
      : await apps.backoffice.inject({
          method: "POST",
          url: `/api/trpc/${path}`,
          headers: { cookie, origin: apps.env.backofficeOrigin, ...headers },
          payload: input as object,
        });
  return res;
}

async function createKey(name: string, scopes: ApiKeyScope[], expiresAt?: string) {
  const res = await trpc("apiKeys.create", { name, scopes, ...(expiresAt ? { expiresAt } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { data: { key: KeyRow; secret: string } } }).result.data;
}

async function listKeys(): Promise<KeyRow[]> {
  const res = await trpc("apiKeys.list");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { data: KeyRow[] } }).result.data;
}

function withKey(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  key: string,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

function expectErrorShape(body: unknown) {
  expect(body).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
}

let orderId: number;

beforeAll(async () => {
  apps = await startTestApps({ env: { API_KEY_RATE_LIMIT: String(RATE_LIMIT) } });
  cookie = await signedInCookie(apps);
  const products = apps.storefront.inject({ method: "GET", url: "/api/products" });
  const [product] = (await products).json() as { id: number; price: number }[];
  orderId = (await placeOrderOf(apps, product!, { paymentMethod: "bank-transfer" })).order.id;
}, 120_000);

afterAll(async () => {
  await apps?.close();
});

describe("the scope map", () => {
  const adminRoutes = backofficeRoutes.filter((r) => r.access === "admin");

  it("never opens an owner-only path to a key (settings, staff, keys, notifications, two-factor) but webhooks and events with their scope", () => {
    for (const r of adminRoutes) {
      const needed = scopesForPath(r.method, r.url);
      if (needed === null) continue;
      // a key reaches only what a non-owner role may reach too, or the webhooks and events the owner's key may
      if (needed.every((scope) => scope.startsWith("webhooks:"))) continue;
      expect(rolesForPath(r.method, r.url).length, `${r.method} ${r.url}`).toBeGreaterThan(1);
    }
    expect(scopesForPath("POST", "/api/admin/webhooks/:id/rotate-secret")).toEqual(["webhooks:write"]);
    expect(scopesForPath("GET", "/api/admin/events")).toEqual(["webhooks:read"]);
    for (const url of [
      "/api/admin/settings",
      "/api/admin/staff",
      "/api/admin/api-keys",
      "/api/admin/notifications",
      "/api/admin/two-factor/policy",
      "/api/admin/account",
      "/api/admin/something-new",
    ]) {
      expect(scopesForPath("GET", url), url).toBeNull();
      expect(scopesForPath("POST", url), url).toBeNull();
    }
    for (const pattern of Object.keys(SCOPE_RULES)) expect(pattern.startsWith("/api/admin/")).toBe(true);
  });

  it("asks read for GET and write otherwise; write includes read", () => {
    expect(scopesForPath("GET", "/api/admin/orders")).toEqual(["orders:read"]);
    expect(scopesForPath("PUT", "/api/admin/orders/:id/stage")).toEqual(["orders:write"]);
    expect(scopesForPath("GET", "/api/admin/contacts.csv")).toEqual(["leads:read"]);
    expect(scopesForPath("GET", "/api/admin/dashboard/stats")).toEqual(["orders:read", "leads:read"]);
    expect(missingScopes(["orders:write"], ["orders:read"])).toEqual([]);
    expect(missingScopes(["orders:read"], ["orders:write"])).toEqual(["orders:write"]);
  });
});

describe("making and listing keys", () => {
  it("shows the key once, keeps only its hash, and lists prefix, creator, scopes and expiry", async () => {
    const { key, secret } = await createKey("Accounting sync", ["orders:read", "leads:read"]);
    expect(secret).toMatch(/^chk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(`${key.prefix}_`)).toBe(true);
    const listed = (await listKeys()).find((k) => k.id === key.id)!;
    expect(listed).toMatchObject({
      name: "Accounting sync",
      prefix: key.prefix,
      scopes: ["leads:read", "orders:read"],
      createdBy: "owner",
      expiresAt: null,
      lastUsedAt: null,
      status: "active",
    });
    expect(JSON.stringify(await listKeys())).not.toContain(secret.slice(17));
    const [row] = await apps.db.handle.db
      .select({ secretHash: schema.apiKeys.secretHash })
      .from(schema.apiKeys)
      .where(eq(schema.apiKeys.id, key.id));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.secretHash).not.toContain(secret.slice(17));
  });

  it("answers 400 naming the field for a bad scope, no scope, a blank name or a past expiry", async () => {
    const cases: [unknown, string][] = [
      [{ name: "x", scopes: ["orders:delete"] }, "scopes"],
      [{ name: "x", scopes: [] }, "scopes"],
      [{ name: " ", scopes: ["orders:read"] }, "name"],
      [{ name: "x", scopes: ["orders:read"], expiresAt: "tomorrow" }, "expiresAt"],
      [{ name: "x", scopes: ["orders:read"], expiresAt: new Date(Date.now() - 60_000).toISOString() }, "expiresAt"],
    ];
    for (const [input, field] of cases) {
      const res = await trpc("apiKeys.create", input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      const issues = (res.json() as { error: { data: { issues: { path: string[] }[] } } }).error.data.issues;
      expect(issues[0]?.path[0], JSON.stringify(input)).toBe(field);
    }
  });

  it("is the owner's only: an API key cannot reach tRPC at all, even beside a session cookie", async () => {
    const { secret } = await createKey("tRPC probe", ["orders:read"]);
    const res = await trpc("apiKeys.list", undefined, { authorization: `Bearer ${secret}` });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain("REST paths only");
    const orders = await apps.backoffice.inject({
      method: "GET",
      url: "/api/trpc/orders.list",
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(orders.statusCode).toBe(401);
  });
});

describe("using a key on /api/admin/*", () => {
  it("reads orders with orders:read (200) and writes its last use at most once a minute", async () => {
    const { key, secret } = await createKey("Orders reader", ["orders:read"]);
    const first = await withKey(apps.backoffice, "GET", "/api/admin/orders", secret);
    expect(first.statusCode, first.body).toBe(200);
    const usedAt = (await listKeys()).find((k) => k.id === key.id)!.lastUsedAt;
    expect(usedAt).not.toBeNull();
    apps.clock.advance(20_000);
    expect((await withKey(apps.backoffice, "GET", `/api/admin/orders/${orderId}/payments`, secret)).statusCode).toBe(
      200,
    );
    expect((await listKeys()).find((k) => k.id === key.id)!.lastUsedAt).toBe(usedAt);
    apps.clock.advance(45_000);
    expect((await withKey(apps.backoffice, "GET", "/api/admin/orders.csv", secret)).statusCode).toBe(200);
    const later = (await listKeys()).find((k) => k.id === key.id)!.lastUsedAt;
    expect(Date.parse(later!)).toBeGreaterThan(Date.parse(usedAt!));
  });

  it("answers 403 naming the missing scope: another domain, a write with read, both of the dashboard's", async () => {
    const { secret } = await createKey("Narrow", ["orders:read"]);
    const leads = await withKey(apps.backoffice, "GET", "/api/admin/contacts", secret);
    expect(leads.statusCode).toBe(403);
    expectErrorShape(leads.json());
    expect(leads.json()).toMatchObject({
      message: "This API key lacks the scope leads:read",
      missingScopes: ["leads:read"],
    });

    const write = await withKey(apps.backoffice, "PUT", `/api/admin/orders/${orderId}/status`, secret, {
      payload: { status: "confirmed" },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ missingScopes: ["orders:write"] });
    expect((write.json() as { message: string }).message).toContain("orders:write");

    const dashboard = await withKey(apps.backoffice, "GET", "/api/admin/dashboard/stats", secret);
    expect(dashboard.statusCode).toBe(403);
    expect(dashboard.json()).toMatchObject({ missingScopes: ["leads:read"] });

    // the upload (its own plugin) is checked the same way, before its body is read
    const upload = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/media",
      headers: { authorization: `Bearer ${secret}`, "content-type": "image/png" },
      payload: Buffer.from("not read"),
    });
    expect(upload.statusCode).toBe(403);
    expect(upload.json()).toMatchObject({ missingScopes: ["content:write"] });
  });

  it("never reaches an owner-only path, whatever its scopes (403); sign-in paths refuse a key", async () => {
    const { secret } = await createKey("Everything", [
      "catalog:write",
      "content:write",
      "leads:write",
      "orders:write",
      "proposals:write",
    ]);
    for (const [method, url] of [
      ["GET", "/api/admin/settings"],
      ["GET", "/api/admin/staff"],
      ["GET", "/api/admin/notifications"],
      ["PUT", "/api/admin/two-factor/policy"],
      ["GET", "/api/admin/account"],
      ["GET", "/api/admin/visitors"],
    ] as const) {
      const res = await withKey(apps.backoffice, method, url, secret, method === "GET" ? {} : { payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expectErrorShape(res.json());
      expect((res.json() as { message: string }).message).toBe("API keys cannot be used on this path");
    }
    const session = await withKey(apps.backoffice, "GET", "/api/admin/session", secret);
    expect(session.statusCode).toBe(403);
    const login = await withKey(apps.backoffice, "POST", "/api/admin/login", secret, {
      payload: { username: "owner", password: "Tr4ilhead-Container!" },
    });
    expect(login.statusCode).toBe(403);
    // with every scope the sales and content paths open (a new minute: the refusals above were counted)
    apps.clock.advance(60_000);
    expect((await withKey(apps.backoffice, "GET", "/api/admin/dashboard/stats", secret)).statusCode).toBe(200);
    expect((await withKey(apps.backoffice, "GET", "/api/admin/seo/report", secret)).statusCode).toBe(200);
  });

  it("writes with orders:write from another origin, no CSRF token, and the audit log names the key", async () => {
    const { key, secret } = await createKey("Delivery scheduler", ["orders:write"]);
    const res = await withKey(apps.backoffice, "PUT", `/api/admin/orders/${orderId}/status`, secret, {
      // a status names a stage move (confirmed would be the ledger's: the deposit's payment)
      payload: { status: "cancelled", reason: "The customer changed their mind" },
      headers: { origin: "https://crm.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await lastAudit(apps.db.handle.db, "order.stage");
    expect(entry).toMatchObject({
      adminName: `api key Delivery scheduler (${key.prefix})`,
      entityType: "order",
      entityId: String(orderId),
    });
    // the same cross-site write with the owner's cookie and no key is refused (the CSRF rule stands)
    const csrf = await apps.backoffice.inject({
      method: "PUT",
      url: `/api/admin/orders/${orderId}/status`,
      headers: { cookie, origin: "https://crm.example", "sec-fetch-site": "cross-site" },
      payload: { status: "pending" },
    });
    expect(csrf.statusCode).toBe(403);
    // and a bearer request does not ride on the cookie: a bad key with a good cookie is still 401
    const both = await apps.backoffice.inject({
      method: "GET",
      url: "/api/admin/orders",
      headers: { cookie, authorization: "Bearer chk_nope" },
    });
    expect(both.statusCode).toBe(401);
  });

  it("answers 401 in the shared shape for malformed, unknown and wrong-secret keys", async () => {
    const { secret } = await createKey("Real", ["orders:read"]);
    const wrongSecret = `${secret.slice(0, 17)}${"A".repeat(43)}`;
    const unknown = `chk_000000000000_${"B".repeat(43)}`;
    for (const header of [
      "Bearer",
      "Bearer ",
      "Bearer not-a-key",
      `Bearer ${secret}x`,
      `Bearer ${secret.slice(0, -1)}`,
      `Bearer ${wrongSecret}`,
      `Bearer ${unknown}`,
      `bearer ${unknown}`,
    ]) {
      const res = await apps.backoffice.inject({
        method: "GET",
        url: "/api/admin/orders",
        headers: { authorization: header },
      });
      expect(res.statusCode, header).toBe(401);
      expect(res.json(), header).toMatchObject({ message: "Invalid API key", issues: [] });
      expect(res.headers["www-authenticate"]).toContain("Bearer");
    }
  });

  it("is refused at once when revoked (401), in this process and in another one", async () => {
    const { key, secret } = await createKey("Revoke me", ["orders:read"]);
    const other = await buildApp({
      surface: "backoffice",
      db: apps.db.handle.db,
      env: apps.env,
      clock: apps.clock,
      spa: false,
    });
    try {
      expect((await withKey(apps.backoffice, "GET", "/api/admin/orders", secret)).statusCode).toBe(200);
      expect((await withKey(other, "GET", "/api/admin/orders", secret)).statusCode).toBe(200);
      const revoked = await trpc("apiKeys.revoke", { id: key.id });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect((revoked.json() as { result: { data: KeyRow } }).result.data.status).toBe("revoked");
      for (const app of [apps.backoffice, other]) {
        const res = await withKey(app, "GET", "/api/admin/orders", secret);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ message: "API key revoked", issues: [] });
      }
      expect((await listKeys()).find((k) => k.id === key.id)!.revokedAt).not.toBeNull();
      const audit = await lastAudit(apps.db.handle.db, "apiKey.revoke");
      expect(audit).toMatchObject({ adminName: "owner", entityId: String(key.id) });
      expect((await trpc("apiKeys.revoke", { id: 999_999 })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("is refused once expired (401)", async () => {
    const expiresAt = new Date(apps.clock.now().getTime() + 120_000).toISOString();
    const { key, secret } = await createKey("Short-lived", ["orders:read"], expiresAt);
    expect(key.expiresAt).toBe(expiresAt);
    expect((await withKey(apps.backoffice, "GET", "/api/admin/orders", secret)).statusCode).toBe(200);
    apps.clock.advance(180_000);
    const res = await withKey(apps.backoffice, "GET", "/api/admin/orders", secret);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: "API key expired", issues: [] });
    expect((await listKeys()).find((k) => k.id === key.id)!.status).toBe("expired");
  });

  it(`is limited per key: past ${RATE_LIMIT} requests a minute, 429 with Retry-After; other keys go on`, async () => {
    const busy = await createKey("Busy", ["orders:read"]);
    const calm = await createKey("Calm", ["orders:read"]);
    for (let i = 0; i < RATE_LIMIT; i++) {
      const res = await withKey(apps.backoffice, "GET", "/api/admin/pipeline", busy.secret);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
      // every keyed answer says where the key stands (IETF RateLimit fields)
      expect(res.headers["ratelimit-limit"], `request ${i + 1}`).toBe(String(RATE_LIMIT));
      expect(res.headers["ratelimit-remaining"], `request ${i + 1}`).toBe(String(RATE_LIMIT - i - 1));
      expect(Number(res.headers["ratelimit-reset"])).toBeGreaterThanOrEqual(1);
    }
    const limited = await withKey(apps.backoffice, "GET", "/api/admin/pipeline", busy.secret);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    expectErrorShape(limited.json());
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await withKey(apps.backoffice, "GET", "/api/admin/pipeline", calm.secret)).statusCode).toBe(200);
    apps.clock.advance(retryAfter * 1000);
    expect((await withKey(apps.backoffice, "GET", "/api/admin/pipeline", busy.secret)).statusCode).toBe(200);
  });
});

describe("a key where it means nothing", () => {
  it("is ignored on the storefront's public paths (no error), valid or not", async () => {
    const { secret } = await createKey("Public probe", ["catalog:read"]);
    for (const header of [`Bearer ${secret}`, "Bearer nonsense", "Bearer"]) {
      const products = await apps.storefront.inject({
        method: "GET",
        url: "/api/products",
        headers: { authorization: header },
      });
      expect(products.statusCode, header).toBe(200);
      const contact = await apps.storefront.inject({
        method: "POST",
        url: "/api/contact",
        headers: { authorization: header },
        payload: { firstName: "Ann", lastName: "Lee", email: "ann@example.com", message: "Do you deliver to Austin?" },
      });
      expect(contact.statusCode, contact.body).toBe(201);
    }
    // and the storefront has no admin paths for a key to reach
    expect(
      (
        await apps.storefront.inject({
          method: "GET",
          url: "/api/admin/orders",
          headers: { authorization: `Bearer ${secret}` },
        })
      ).statusCode,
    ).toBe(404);
  });
});
