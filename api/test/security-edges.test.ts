// Holes of the attack review at the edges (issue 15): production refuses unsafe defaults (5), slow
// and piled-up connections are cut (6), the framework's own refusals carry the security headers and
// the error shape (7), made-up query strings and categories cannot fill or flush the read cache (9),
// and expired rate-limit counters are purged in the background (11). Each reproduces the attack.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { rowsOf } from "@ch/db";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type Surface } from "../src/app";
import { ConfigError, loadEnv } from "../src/env";
import { connectionCap, serverTimeouts } from "../src/http/connections";
import { pageAddress } from "../src/http/spa";
import { startBackgroundJobs } from "../src/jobs";
import { hitRateLimit, MAX_RATE_WINDOW_SECONDS, rateLimitHit } from "../src/lib/rate-limit";
import { readCache } from "../src/lib/read-cache";
import { FALLBACK_TEMPLATE } from "../src/modules/seo/html";
import { createTestDatabase, TestClock, type TestDatabase, testEnv } from "./harness";

const api = join(dirname(fileURLToPath(import.meta.url)), "..");
const WALLET = "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg";
const PUBLIC = {
  PUBLIC_SITE_URL: "https://containers.example",
  BACKOFFICE_ORIGIN: "https://admin.containers.example",
  SESSION_SECRET: "a-test-session-secret-of-at-least-32-chars",
};

let db: TestDatabase;
const started: FastifyInstance[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await Promise.all(started.map((app) => app.close()));
  await db?.drop();
});

/** An app of `surface` listening on a free loopback port. */
async function listening(env: Record<string, string> = {}, surface: Surface = "storefront") {
  const app = await buildApp({ surface, db: db.handle.db, env: testEnv(env), spa: false });
  started.push(app);
  await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, port: (app.server.address() as { port: number }).port };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the bytes a server wrote (one answer). */
function parseAnswer(raw: string): RawAnswer {
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(":");
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}

/** GET with node:http (which sends the path and headers as given). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Everything a raw socket receives until the server closes it (errors such as a reset end it too). */
function untilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(received));
  });
}

function expectEdgeAnswer(answer: RawAnswer, status: number, label: string) {
  expect(answer.status, label).toBe(status);
  expect(answer.headers["x-content-type-options"], label).toBe("nosniff");
  expect(answer.headers["content-security-policy"], label).toContain("frame-ancestors 'none'");
  expect(answer.headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(answer.headers["x-frame-options"], label).toBe("DENY");
  expect(answer.headers["content-type"], label).toBe("application/problem+json; charset=utf-8");
  const body = JSON.parse(answer.body) as { message: unknown; issues: unknown };
  expect(typeof body.message, label).toBe("string");
  expect((JSON.parse(answer.body) as { status: unknown }).status, label).toBe(status);
  expect(body.issues, label).toEqual([]);
  expect(answer.body, label).not.toMatch(/FST_|statusCode/);
}

describe("5. production refuses unsafe defaults", () => {
  it("names every missing or local public address, and the wallet, at once", () => {
    const all = () => loadEnv({ NODE_ENV: "production" });
    expect(all).toThrow(ConfigError);
    expect(all).toThrow(/USDT_WALLET_ADDRESS is missing/);
    expect(all).toThrow(/PUBLIC_SITE_URL is missing/);
    expect(all).toThrow(/BACKOFFICE_ORIGIN is missing/);
    expect(all).toThrow(/SESSION_SECRET is missing/);
    expect(() => loadEnv({ NODE_ENV: "development", SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET is too short/);
    for (const local of [
      "http://localhost:3000",
      "http://127.0.0.1",
      "http://[::1]:3000",
      "http://0.0.0.0:3000",
      "https://shop.localhost",
    ]) {
      expect(() =>
        loadEnv({ NODE_ENV: "production", USDT_WALLET_ADDRESS: WALLET, ...PUBLIC, PUBLIC_SITE_URL: local }),
      ).toThrow(/PUBLIC_SITE_URL .* points at this machine/);
    }
    expect(() =>
      loadEnv({
        NODE_ENV: "production",
        USDT_WALLET_ADDRESS: WALLET,
        ...PUBLIC,
        BACKOFFICE_ORIGIN: "http://localhost:3001",
      }),
    ).toThrow(/BACKOFFICE_ORIGIN .* points at this machine/);
    expect(() =>
      loadEnv({ NODE_ENV: "production", USDT_WALLET_ADDRESS: WALLET, ...PUBLIC, PUBLIC_SITE_URL: "shop" }),
    ).toThrow(/PUBLIC_SITE_URL "shop" is not a URL/);
    expect(() =>
      loadEnv({
        NODE_ENV: "production",
        USDT_WALLET_ADDRESS: WALLET,
        ...PUBLIC,
        STOREFRONT_ORIGIN: "http://localhost:3000",
      }),
    ).toThrow(/STOREFRONT_ORIGIN .* points at this machine/);

    const env = loadEnv({ NODE_ENV: "production", USDT_WALLET_ADDRESS: WALLET, ...PUBLIC });
    expect(env.storefrontOrigin).toBe("https://containers.example");
    expect(env.backofficeOrigin).toBe("https://admin.containers.example");
    // outside production the local defaults stay
    expect(loadEnv({ NODE_ENV: "development" }).storefrontOrigin).toBe("http://localhost:3000");
  });

  it("the production server process exits with code 1 and the list, before opening any database", () => {
    const base = { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: "/nonexistent/never-created" };
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ["--import", "tsx", "src/server.ts"], {
        cwd: api,
        env: { ...base, ...env },
        encoding: "utf8",
        timeout: 60_000,
      });
    const bare = run({});
    expect(bare.status).toBe(1);
    expect(bare.stderr).toMatch(/^Configuration error: 4 settings cannot run:/);
    for (const name of [
      "USDT_WALLET_ADDRESS is missing",
      "SESSION_SECRET is missing",
      "PUBLIC_SITE_URL is missing",
      "BACKOFFICE_ORIGIN is missing",
    ]) {
      expect(bare.stderr).toContain(name);
    }
    const local = run({
      USDT_WALLET_ADDRESS: WALLET,
      PUBLIC_SITE_URL: "http://localhost:3000",
      BACKOFFICE_ORIGIN: "https://admin.containers.example",
      SESSION_SECRET: PUBLIC.SESSION_SECRET,
    });
    expect(local.status).toBe(1);
    expect(local.stderr).toMatch(/PUBLIC_SITE_URL "http:\/\/localhost:3000" points at this machine/);
    expect(local.stderr).not.toMatch(/USDT_WALLET_ADDRESS|BACKOFFICE_ORIGIN/);
  });
});

describe("6. slow and piled-up connections", () => {
  it("cuts a client that sends its headers a byte a second at the header time limit, with a 408 in our shape", async () => {
    const { port } = await listening({ HEADERS_TIMEOUT_MS: "1000" });
    const text = "GET /healthz HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow-loris\r\n\r\n";
    const socket = connect(port, "127.0.0.1");
    const closed = untilClosed(socket);
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < text.length && !socket.destroyed) socket.write(text[sent++]!);
    }, 1000);
    const received = await closed;
    clearInterval(timer);
    // cut long before the header block was complete (it would take a minute at this pace)
    expect(sent).toBeLessThan(text.length / 2);
    expectEdgeAnswer(parseAnswer(received), 408, "slow headers");
  });

  it("closes connections past the per-address cap at once, and takes new ones when others close", async () => {
    const { app, port } = await listening({ MAX_CONNECTIONS_PER_ADDRESS: "4" });
    const open = async () => {
      const socket = connect(port, "127.0.0.1");
      await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
      return socket;
    };
    /** One keep-alive GET on `socket`; resolves with the status line, or null when the server closed it. */
    const ask = (socket: Socket) =>
      new Promise<string | null>((resolve) => {
        socket.setEncoding("utf8");
        socket.once("data", (chunk: string) => resolve(chunk.split("\r\n")[0] ?? ""));
        socket.once("close", () => resolve(null));
        socket.on("error", () => {});
        socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
      });
    const kept: Socket[] = [];
    for (let i = 0; i < 4; i++) {
      const socket = await open();
      expect(await ask(socket)).toBe("HTTP/1.1 200 OK");
      kept.push(socket);
    }
    for (let i = 0; i < 3; i++) {
      // (not waiting for "connect": the server may close it before this side hears of it)
      const extra = connect(port, "127.0.0.1");
      expect(await ask(extra), `connection ${5 + i}`).toBeNull();
    }
    // the four are still served
    expect(await ask(kept[0]!)).toBe("HTTP/1.1 200 OK");
    // one closes: once the server has seen it go, a new connection is taken
    kept.pop()?.destroy();
    for (let i = 0; i < 200; i++) {
      const count = await new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n)));
      if (count <= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await ask(await open())).toBe("HTTP/1.1 200 OK");
    for (const socket of kept) socket.destroy();
  });

  it("caps 256 connections per address and keeps idle connections 10 s by default; behind a proxy no cap, 72 s", () => {
    expect(connectionCap(testEnv())).toBe(256);
    expect(connectionCap(testEnv({ TRUST_PROXY: "1" }))).toBe(0);
    expect(connectionCap(testEnv({ TRUST_PROXY: "1", MAX_CONNECTIONS_PER_ADDRESS: "1000" }))).toBe(1000);
    const direct = serverTimeouts(testEnv());
    expect([direct.http.headersTimeout, direct.requestTimeout, direct.keepAliveTimeout]).toEqual([
      10_000, 30_000, 10_000,
    ]);
    expect(direct.http.connectionsCheckingInterval).toBe(1000);
    expect(serverTimeouts(testEnv({ TRUST_PROXY: "1" })).keepAliveTimeout).toBe(72_000);
  });
});

describe("7. the framework's own refusals", () => {
  it("carry the security headers and { message, issues } on both origins", async () => {
    for (const surface of ["storefront", "backoffice"] as const) {
      const { port } = await listening({}, surface);
      expectEdgeAnswer(await get(port, "/%E0%A4%A"), 400, `${surface} bad escape`);
      expectEdgeAnswer(await get(port, `/api/trpc/${"a".repeat(5001)}`), 414, `${surface} long path`);
      const huge = await get(port, "/healthz", { "x-filler": "a".repeat(20_000) });
      expectEdgeAnswer(huge, 431, `${surface} huge headers`);
      const garbage = connect(port, "127.0.0.1");
      const closed = untilClosed(garbage);
      garbage.write("NOT A REQUEST\r\n\r\n");
      expectEdgeAnswer(parseAnswer(await closed), 400, `${surface} unparsable`);
      if (surface === "backoffice") {
        expect((await get(port, `/api/trpc/${"a".repeat(5001)}`)).headers["cache-control"]).toBe("no-store");
        expect(huge.headers["cache-control"]).toBe("no-store");
      }
    }
  });
});

describe("9. the read cache keys on paths and known parameters", () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "security-edges-"));
    writeFileSync(join(dist, "index.html"), FALLBACK_TEMPLATE);
    app = await buildApp({ surface: "storefront", db: db.handle.db, env: testEnv(), spa: dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const random = () => Math.random().toString(36).slice(2, 12);

  it("keys pages on their path and the parameters they read", () => {
    expect(pageAddress("/products?x=1&utm_source=mail")).toEqual({ address: "/products", chosen: false });
    expect(pageAddress("/blog?page=abc&utm_source=mail")).toEqual({ address: "/blog", chosen: false });
    expect(pageAddress("/blog?utm=1&category=design&q=%20steel%20%20frames&page=2")).toEqual({
      address: "/blog?q=steel+frames&category=design&page=2",
      chosen: true,
    });
    expect(pageAddress("/order-status?order=CH-1")).toEqual({ address: "/order-status", chosen: false });
    expect(pageAddress(`/proposal/${"a".repeat(24)}`).chosen).toBe(true);
  });

  it("500 made-up query strings, categories and product ids neither grow the cache nor push out a page", async () => {
    const cache = readCache(db.handle.db);
    await app.inject("/products");
    for (let i = 0; i < 200 && !cache.trusted(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.trusted()).toBe(true);
    for (const url of ["/products", "/blog?q=steel", "/api/products/featured", "/api/products?category=20ft-homes"]) {
      expect((await app.inject(url)).statusCode, url).toBe(200);
    }
    const held = ["page:/products", "page:/blog?q=steel", "products:featured", "products:list:20ft-homes"];
    for (const key of held) expect(cache.holds(key), key).toBe(true);
    const sizes = cache.sizes();

    for (let i = 0; i < 500; i++) {
      const res = await app.inject(`/products?x=${random()}`);
      expect(res.statusCode).toBe(200);
    }
    for (let i = 0; i < 500; i++) {
      const res = await app.inject(`/api/products?category=${random()}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/No product category/), issues: [] });
    }
    for (let i = 0; i < 500; i++) {
      expect((await app.inject(`/product/${100_000 + i}`)).statusCode).toBe(404);
      expect((await app.inject(`/products/${random()}`)).statusCode).toBe(404);
    }
    expect(cache.sizes()).toEqual(sizes);
    for (const key of held) expect(cache.holds(key), key).toBe(true);
  });

  it("answers an unknown category with 404 on tRPC too, and a known one with its products", async () => {
    const unknown = await app.inject(
      `/api/trpc/catalog.list?input=${encodeURIComponent(JSON.stringify({ category: "nope" }))}`,
    );
    expect(unknown.statusCode).toBe(404);
    const known = await app.inject("/api/products?category=40ft-homes");
    expect(known.statusCode).toBe(200);
    expect((known.json() as { category: string }[]).every((p) => p.category === "40ft-homes")).toBe(true);
  });
});

describe("11. expired rate-limit counters are purged in the background", () => {
  it("deletes counters whose window is over, keeps the live ones", async () => {
    const clock = new TestClock();
    const start = clock.now();
    await hitRateLimit(db.handle.db, "edges:old-10min", { limit: 10, windowSeconds: 600 }, start);
    await hitRateLimit(db.handle.db, "edges:old-day", { limit: 10, windowSeconds: 86_400 }, start);
    clock.advance(23 * 3600_000);
    await hitRateLimit(db.handle.db, "edges:recent", { limit: 10, windowSeconds: 600 }, clock.now());
    clock.advance(2 * 3600_000);
    const keys = async () =>
      rowsOf<{ key: string }>(
        await db.handle.db.execute(sql`select key from rate_limits where key like 'edges:%' order by key`),
      ).map((r) => r.key);
    expect(await keys()).toEqual(["edges:old-10min", "edges:old-day", "edges:recent"]);

    // the background jobs run housekeeping at start and every hour
    const jobs = startBackgroundJobs({
      db: db.handle.db,
      env: testEnv({ OUTBOX_WORKER: "off", TRON_WATCHER: "off" }),
      clock,
      log: pino({ level: "silent" }),
    });
    await jobs.stop();
    expect(await keys()).toEqual(["edges:recent"]);
  });

  it("refuses a rule whose window is longer than the purge keeps", () => {
    expect(() => rateLimitHit("x", { limit: 1, windowSeconds: MAX_RATE_WINDOW_SECONDS + 1 }, new Date())).toThrow(
      /must be 1 to 86400 s/,
    );
  });
});
