// Every admin REST path and every admin tRPC procedure: 401 without a session, 403 for a cross-origin
// or cross-site write even with a valid session cookie.
import { describe, expect, it } from "vitest";
import { backofficeRoutes } from "../src/routes";
import { adminAppRouter } from "../src/trpc/root";
import { BACKOFFICE, type TestApps, useSignedInApps } from "./harness";

let apps: TestApps;
let cookie: string;
useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const adminRest = backofficeRoutes
  .filter((r) => r.access === "admin")
  .map((r) => [r.method, r.url.replace(":id", "1")] as [Method, string]);
const restPaths: [Method, string][] = [...adminRest, ["POST", "/api/admin/media"]];
const restWrites = restPaths.filter(([m]) => m !== "GET");

const procedures = Object.entries(
  (adminAppRouter._def as unknown as { procedures: Record<string, { _def: { type: "query" | "mutation" } }> })
    .procedures,
).filter(([path]) => path !== "admin.setupStatus");
const queries = procedures.filter(([, p]) => p._def.type === "query").map(([path]) => path);
const mutations = procedures.filter(([, p]) => p._def.type === "mutation").map(([path]) => path);

const send = (method: Method, url: string, headers: Record<string, string>) =>
  apps.backoffice.inject({
    method,
    url,
    headers: {
      ...(method === "GET"
        ? {}
        : { "content-type": url.startsWith("/api/admin/media") ? "image/png" : "application/json" }),
      ...headers,
    },
    ...(method === "GET" ? {} : { payload: url.startsWith("/api/admin/media") ? Buffer.from([1, 2, 3]) : "{}" }),
  });

describe("REST paths", () => {
  it("lists the spec's admin paths and the exports", () => {
    const urls = restPaths.map(([, u]) => u);
    for (const u of [
      "/api/admin/dashboard/stats",
      "/api/admin/orders",
      "/api/admin/contacts",
      "/api/admin/visitors",
      "/api/admin/visitor-stats",
      "/api/admin/orders.csv",
      "/api/admin/contacts.csv",
    ]) {
      expect(urls).toContain(u);
    }
  });

  it.each(restPaths)("%s %s answers 401 without a session", async (method, url) => {
    const res = await send(method, url, {});
    expect(res.statusCode).toBe(401);
    const forged = await send(method, url, { cookie: "ch_admin=forged" });
    expect(forged.statusCode).toBe(401);
  });

  it.each(restWrites)("%s %s answers 403 for a cross-origin write", async (method, url) => {
    const crossOrigin = await send(method, url, { cookie, origin: "https://evil.example" });
    expect(crossOrigin.statusCode).toBe(403);
    const crossSite = await send(method, url, { cookie, "sec-fetch-site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
    const storefront = await send(method, url, { cookie, origin: apps.env.storefrontOrigin });
    expect(storefront.statusCode).toBe(403);
  });
});

describe("tRPC procedures", () => {
  it("covers the admin domains", () => {
    expect(queries).toEqual(
      expect.arrayContaining([
        "admin.stats",
        "admin.analytics",
        "admin.audit",
        "orders.list",
        "leads.list",
        "catalog.list",
      ]),
    );
    expect(mutations).toEqual(
      expect.arrayContaining(["orders.setStatus", "leads.setStatus", "catalog.create", "content.createPost"]),
    );
  });

  it.each(queries)("query %s answers 401 without a session", async (path) => {
    const res = await apps.backoffice.inject({ method: "GET", url: `/api/trpc/${path}` });
    expect(res.statusCode).toBe(401);
  });

  it.each(mutations)("mutation %s answers 401 without a session and 403 cross-origin", async (path) => {
    const anonymous = await send("POST", `/api/trpc/${path}`, {});
    expect(anonymous.statusCode).toBe(401);
    const crossOrigin = await send("POST", `/api/trpc/${path}`, { cookie, origin: "https://evil.example" });
    expect(crossOrigin.statusCode).toBe(403);
    const crossSite = await send("POST", `/api/trpc/${path}`, { cookie, "sec-fetch-site": "same-site" });
    expect(crossSite.statusCode).toBe(403);
  });

  it("accepts a same-origin write with a session (the guard is not a blanket refusal)", async () => {
    const res = await send("POST", "/api/trpc/orders.setStatus", {
      cookie,
      origin: BACKOFFICE,
      "sec-fetch-site": "same-origin",
    });
    // an empty input is invalid, so 400 shows the request passed both the CSRF guard and the session check
    expect(res.statusCode).toBe(400);
  });

  it("is not reachable on the storefront origin", async () => {
    const res = await apps.storefront.inject({ method: "GET", url: "/api/trpc/admin.stats", headers: { cookie } });
    expect(res.statusCode).toBe(404);
  });
});
