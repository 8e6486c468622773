// Headers (HSTS in production, nosniff, a CSP without inline script and with frame-ancestors 'none',
// a Referrer-Policy, no-store on every back-office API answer, no x-powered-by) and error bodies:
// a 5xx never carries internal text or a stack, on REST or tRPC; the log has the detail and a request id;
// an unreachable database is a 503 with Retry-After.
import type { Database } from "@ch/db";
import type { InjectOptions } from "fastify";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { startTestApps, type TestApps, testEnv, useSignedInApps } from "./harness";
import { concretePath, servedRoutes } from "./reliability/lib/routes";

let apps: TestApps;
let cookie: string;
useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});

function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  const csp = String(headers["content-security-policy"]);
  expect(csp, label).toContain("frame-ancestors 'none'");
  const script = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? csp;
  expect(script, label).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
  expect(csp, label).toMatch(/object-src 'none'/);
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"], label).toBeUndefined();
  // every answer names itself: the id its log lines carry
  expect(headers["request-id"], label).toMatch(UUID);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("security headers", () => {
  it("are on every answer of both origins, success or error", async () => {
    for (const app of [apps.storefront, apps.backoffice]) {
      const routes = (await servedRoutes(app)).filter((r) => r.method === "GET" && r.url !== "/api/trpc/:path");
      for (const route of routes) {
        const res = await app.inject({ method: "GET", url: concretePath(route.url) });
        expectSecurityHeaders(res.headers, route.url);
        expect(res.headers["strict-transport-security"]).toBeUndefined(); // not in development/test
      }
      for (const extra of ["/no/such/path", "/api/trpc/nothing.here", "/api/products/abc"]) {
        expectSecurityHeaders((await app.inject({ method: "GET", url: extra })).headers, extra);
      }
    }
  });

  it("gives every answer its own request id, a cached answer sent before routing included", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const url of ["/api/products", "/api/trpc/catalog.list?input=%7B%7D", "/api/contact"]) {
        const res = await apps.storefront.inject({ method: url === "/api/contact" ? "POST" : "GET", url, payload: {} });
        expect(res.headers["request-id"], url).toMatch(UUID);
        ids.add(String(res.headers["request-id"]));
      }
    }
    expect(ids.size).toBe(9);
    // over a real socket too, where the cached answers are written straight to the response
    await apps.storefront.listen({ host: "127.0.0.1", port: 0 });
    const { port } = apps.storefront.server.address() as { port: number };
    const socketIds = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/products`);
      expect(res.status).toBe(200);
      socketIds.add(String(res.headers.get("request-id")));
    }
    expect([...socketIds].every((id) => UUID.test(id))).toBe(true);
    expect(socketIds.size).toBe(3);
  });

  it("marks every back-office API answer no-store, signed in or not, success or error", async () => {
    const routes = (await servedRoutes(apps.backoffice)).filter((r) => r.url.startsWith("/api/"));
    for (const route of routes) {
      for (const headers of [{}, { cookie }]) {
        const res = await apps.backoffice.inject({
          method: route.method as "GET",
          url: concretePath(route.url, { path: "admin.me" }),
          headers,
          ...(route.method === "GET" || route.method === "HEAD" ? {} : { payload: {} }),
        });
        expect(res.headers["cache-control"], `${route.method} ${route.url} ${res.statusCode}`).toBe("no-store");
      }
    }
  });

  it("adds HSTS in production", async () => {
    const prod = await startTestApps({ env: { NODE_ENV: "production" } });
    try {
      for (const app of [prod.storefront, prod.backoffice]) {
        const res = await app.inject({ method: "GET", url: "/api/config" });
        expect(res.headers["strict-transport-security"]).toMatch(/max-age=(\d{8,})/);
        expectSecurityHeaders(res.headers, "production");
      }
    } finally {
      await prod.close();
    }
  });
});

/** A database whose every query fails the way the given error says. */
function failingDatabase(makeError: () => Error): Database {
  const fail = (): unknown =>
    new Proxy(() => {}, {
      get: (_t, prop) => (prop === "then" ? (_: unknown, reject: (e: Error) => void) => reject(makeError()) : fail()),
      apply: () => fail(),
    });
  return fail() as Database;
}

describe("error answers", () => {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (l: string) => void lines.push(l) });
  const internal = () =>
    Object.assign(new Error('relation "secret_internal_table" does not exist at /srv/app/db.ts:42'), { code: "42P01" });
  const unreachable = () =>
    Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432 (driver detail)"), { code: "ECONNREFUSED" });

  it("hide internal text and stacks in 5xx bodies on REST and tRPC; the log has the detail and the request id", async () => {
    const env = testEnv();
    const app = await buildApp({ surface: "storefront", db: failingDatabase(internal), env, logger, spa: false });
    try {
      const rest = await app.inject({ method: "GET", url: "/api/products" });
      expect(rest.statusCode).toBe(500);
      expect(rest.json()).toMatchObject({ message: "Internal server error", issues: [] });
      const trpc = await app.inject({ method: "GET", url: "/api/trpc/catalog.list?input=%7B%7D" });
      expect(trpc.statusCode).toBe(500);
      const batch = await app.inject({
        method: "GET",
        url: "/api/trpc/catalog.list,catalog.featured?batch=1&input=%7B%7D",
      });
      for (const body of [rest.body, trpc.body, batch.body]) {
        expect(body).not.toMatch(/secret_internal|42P01|\/srv\/app|stack|at .*\.ts/);
      }
      expect(trpc.json().error.message).toBe("Internal server error");
      const logged = lines.map((l) => JSON.parse(l)).filter((e) => e.level >= 50);
      expect(logged.length).toBeGreaterThanOrEqual(2);
      for (const e of logged) {
        expect(JSON.stringify(e)).toContain("secret_internal_table");
        expect(String(e.reqId)).toMatch(/^[0-9a-f-]{36}$/);
      }
      // the answer's Request-Id is the id of its log lines
      const loggedIds = new Set(logged.map((e) => e.reqId));
      for (const res of [rest, trpc, batch]) expect(loggedIds.has(res.headers["request-id"])).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("answer 503 with Retry-After and no driver text when the database cannot be reached", async () => {
    const env = testEnv();
    lines.length = 0;
    for (const surface of ["storefront", "backoffice"] as const) {
      const app = await buildApp({ surface, db: failingDatabase(unreachable), env, logger, spa: false });
      try {
        const requests =
          surface === "storefront"
            ? [
                { method: "GET", url: "/api/products" },
                {
                  method: "POST",
                  url: "/api/contact",
                  payload: { firstName: "A", lastName: "B", email: "a@example.com" },
                },
                { method: "GET", url: "/api/trpc/catalog.list?input=%7B%7D" },
                { method: "GET", url: "/readyz" },
              ]
            : [
                { method: "POST", url: "/api/admin/login", payload: { username: "owner", password: "whatever-1" } },
                { method: "GET", url: "/api/admin/orders", headers: { cookie } },
                { method: "GET", url: "/api/trpc/admin.me", headers: { cookie } },
              ];
        for (const request of requests) {
          const logged = lines.length;
          const res = await app.inject(request as InjectOptions);
          // the log keeps the driver's words, with the request id
          if (request.url !== "/readyz") {
            const detail = lines
              .slice(logged)
              .map((l) => JSON.parse(l))
              .find((e) => JSON.stringify(e).includes("ECONNREFUSED"));
            expect(detail?.reqId, request.url).toMatch(/^[0-9a-f-]{36}$/);
          }
          expect(res.statusCode, request.url).toBe(503);
          expect(Number(res.headers["retry-after"]), request.url).toBeGreaterThan(0);
          expect(res.body).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|driver/);
        }
      } finally {
        await app.close();
      }
    }
  });
});
