// tRPC's queries over GET (trpc/queries-over-get.ts) must answer exactly what tRPC's HTTP adapter answers.

import cookie from "@fastify/cookie";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installAdminAuth } from "../../src/admin-auth";
import type { Deps } from "../../src/lib/deps";
import { queryPaths, registerTrpcQueries } from "../../src/trpc/queries-over-get";
import { adminAppRouter, publicAppRouter } from "../../src/trpc/root";
import type { TrpcContext } from "../../src/trpc/trpc";
import { signedInCookie, startTestApps, type TestApps } from "../harness";

let apps: TestApps;
let adminCookie: string;
const servers: FastifyInstance[] = [];

async function trpcApp(router: typeof publicAppRouter | typeof adminAppRouter, overGet: boolean) {
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
  await app.register(cookie);
  const deps: Deps = { db: apps.db.handle.db, env: apps.env, clock: apps.clock, log: app.log };
  await installAdminAuth(app, deps, router === adminAppRouter ? "backoffice" : "storefront");
  const createContext = ({ req, res }: { req: TrpcContext["req"]; res: TrpcContext["reply"] }): TrpcContext => ({
    deps,
    req,
    reply: res,
  });
  if (overGet)
    registerTrpcQueries(app, { prefix: "/api/trpc", router, createContext, repeat: "per-session", db: deps.db });
  await app.register(fastifyTRPCPlugin, { prefix: "/api/trpc", trpcOptions: { router, createContext } });
  servers.push(app);
  return app;
}

beforeAll(async () => {
  apps = await startTestApps();
  adminCookie = await signedInCookie(apps);
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await apps?.close();
});

const same = async (a: FastifyInstance, b: FastifyInstance, url: string, headers: Record<string, string> = {}) => {
  const [x, y] = await Promise.all([a.inject({ url, headers }), b.inject({ url, headers })]);
  expect({ status: y.statusCode, type: y.headers["content-type"], body: y.json() }, url).toEqual({
    status: x.statusCode,
    type: x.headers["content-type"],
    body: x.json(),
  });
  return y;
};

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe("tRPC queries over GET", () => {
  it("answers public queries like the adapter: plain, batched, bad input, not found, bad JSON", async () => {
    const adapter = await trpcApp(publicAppRouter, false);
    const fast = await trpcApp(publicAppRouter, true);
    const ok = await same(adapter, fast, `/api/trpc/catalog.list?input=${input({})}`);
    expect(ok.statusCode).toBe(200);
    await same(adapter, fast, `/api/trpc/catalog.list?batch=1&input=${input({ 0: { category: "20ft-homes" } })}`);
    await same(adapter, fast, "/api/trpc/catalog.featured");
    await same(adapter, fast, `/api/trpc/catalog.byId?input=${input({ id: 1 })}`);
    const missing = await same(adapter, fast, `/api/trpc/catalog.byId?input=${input({ id: 99999 })}`);
    expect(missing.statusCode).toBe(404);
    const invalid = await same(adapter, fast, `/api/trpc/catalog.byId?input=${input({ id: "x" })}`);
    expect(invalid.statusCode).toBe(400);
    await same(adapter, fast, "/api/trpc/catalog.byId?input=%7Bnot-json");
    await same(adapter, fast, `/api/trpc/content.posts?batch=1&input=${input({ 0: { limit: 2 } })}`);
    await same(adapter, fast, "/api/trpc/content.gallery");
  });

  it("answers admin queries like the adapter, with and without a session", async () => {
    const adapter = await trpcApp(adminAppRouter, false);
    const fast = await trpcApp(adminAppRouter, true);
    // the back office's list screens and its session read
    for (const path of [
      "admin.me",
      "admin.stats",
      "catalog.list",
      "content.gallery",
      "content.posts",
      "orders.list",
      "leads.list",
    ]) {
      expect(queryPaths(adminAppRouter)).toContain(path);
      const denied = await same(adapter, fast, `/api/trpc/${path}`);
      expect(denied.statusCode, path).toBe(401);
      const allowed = await same(adapter, fast, `/api/trpc/${path}?batch=1&input=${input({})}`, {
        cookie: adminCookie,
      });
      expect(allowed.statusCode, path).toBe(200);
    }
  });
});
