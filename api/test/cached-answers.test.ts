// Cached public reads answered before routing (src/http/cached-answers.ts), over real HTTP (inject does
// not pass through the server's request handler): the same status, headers and bytes as Fastify's own
// answer, in every encoding; a change to the data, a request the cache cannot vouch for and a draining
// process all go through Fastify again. REQUEST_LOG=all makes Fastify log every answer it sends, so an
// answer without a log line is one that was sent before routing.
import { request } from "node:http";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answeredBeforeRouting, routedIn } from "./before-routing";
import { signedInCookie, startTestApps, type TestApps } from "./harness";

const lines: string[] = [];
const lifecycle = { draining: false };
let apps: TestApps;
let base: string;
let cookie: string;

beforeAll(async () => {
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  apps = await startTestApps({ env: { LOG_LEVEL: "info", REQUEST_LOG: "all" }, storefront: { logger, lifecycle } });
  base = await apps.storefront.listen({ host: "127.0.0.1", port: 0 });
  cookie = await signedInCookie(apps);
});
afterAll(async () => {
  await apps?.close();
});

/** How many answers to `path` Fastify has logged so far. */
const routed = (path: string) => routedIn(lines, path);

/** One GET over HTTP, with the bytes as sent (fetch would decompress them and ask for gzip by itself). */
function get(path: string, acceptEncoding?: string, method = "GET", ifNoneMatch?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        headers: {
          ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
          ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          // the date and the request id are each answer's own
          const { date: _date, "request-id": requestId, ...headers } = res.headers;
          if (!/^[0-9a-f-]{36}$/.test(String(requestId))) reject(new Error(`${path}: no request id`));
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Waits (at most 10 s) until an answer to `path` comes without Fastify routing it. */
const servedBeforeRouting = (path: string, acceptEncoding?: string) =>
  answeredBeforeRouting(
    path,
    () => get(path, acceptEncoding),
    () => routed(path),
  );

/** The first answer to `path` is routed; once the cache may repeat it, the same answer comes without routing. */
async function repeatedBeforeRouting(path: string, encoding?: string) {
  const before = routed(path);
  const first = await get(path, encoding);
  expect(first.status).toBe(200);
  expect(routed(path) - before).toBe(1);
  // the read cache keeps answers once its change channel has been heard (a heartbeat, at start) and a
  // compressed form exists once an answer in that encoding made it: until then answers are routed
  await servedBeforeRouting(path, encoding);
  const afterwards = routed(path);
  for (let i = 0; i < 2; i++) expect(await get(path, encoding)).toEqual(first);
  expect(routed(path), `${path} ${encoding}`).toBe(afterwards);
  return first;
}

describe("cached public reads answered before routing", () => {
  it("repeats Fastify's answer exactly, plain and compressed, without routing it again", async () => {
    for (const [path, encoding] of [
      ["/api/products/1", undefined],
      ["/api/products", undefined],
      ["/api/products", "gzip, deflate, br"],
      ["/api/products", "gzip"],
      ["/api/gallery", "br"],
    ] as const) {
      const first = await repeatedBeforeRouting(path, encoding);
      expect(first.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(first.headers["x-content-type-options"]).toBe("nosniff");
      expect(first.headers.vary).toBe("accept-encoding");
      expect(Number(first.headers["content-length"])).toBe(first.body.length);
    }
  });

  it("answers If-None-Match with 304 and no body before routing, per encoding, as Fastify does", async () => {
    for (const encoding of [undefined, "br"]) {
      const path = "/api/products";
      await servedBeforeRouting(path, encoding);
      const first = await get(path, encoding);
      const tag = String(first.headers.etag);
      expect(tag).toMatch(encoding ? /^"[\w-]{22}-br"$/ : /^"[\w-]{22}"$/);
      const before = routed(path);
      const notModified = await get(path, encoding, "GET", tag);
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(tag);
      expect(notModified.headers["api-version"]).toBe(first.headers["api-version"]);
      expect(routed(path)).toBe(before);
      // a stale tag gets the whole answer
      expect(await get(path, encoding, "GET", '"stale"')).toEqual(first);
    }
    // Fastify answers the same way (a HEAD is routed)
    const plain = await get("/api/products");
    const routedAnswer = await apps.storefront.inject({
      method: "GET",
      url: "/api/products",
      headers: { "if-none-match": String(plain.headers.etag) },
    });
    expect(routedAnswer.statusCode).toBe(304);
    expect(routedAnswer.body).toBe("");
  });

  it("answers a public tRPC query before routing from the entry its REST path uses, in tRPC's envelope", async () => {
    const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    for (const [path, rest, encoding, batch] of [
      [`/api/trpc/catalog.byId?input=${input({ id: 1 })}`, "/api/products/1", undefined, false],
      [`/api/trpc/catalog.list?batch=1&input=${input({ 0: {} })}`, "/api/products", "br", true],
    ] as const) {
      await repeatedBeforeRouting(path, encoding);
      // the same bytes REST sends, in the envelope
      const plain = await get(path);
      const result = `{"result":{"data":${(await get(rest)).body.toString()}}}`;
      expect(plain.body.toString()).toBe(batch ? `[${result}]` : result);
    }
  });

  it("goes through Fastify again once the data changes, then repeats the new answer", async () => {
    const path = "/api/products/1";
    await get(path);
    const shown = await get(path);
    expect(shown.status).toBe(200);
    const change = (procedure: "publish" | "unpublish") =>
      apps.backoffice.inject({
        method: "POST",
        url: `/api/trpc/catalog.${procedure}`,
        headers: { cookie },
        payload: { id: 1 },
      });

    expect((await change("unpublish")).statusCode).toBe(200);
    let before = routed(path);
    expect((await get(path)).status).toBe(404);
    expect((await get(path)).status).toBe(404);
    expect(routed(path)).toBe(before + 2);

    expect((await change("publish")).statusCode).toBe(200);
    before = routed(path);
    const again = await get(path);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body.toString()).name).toBe(JSON.parse(shown.body.toString()).name);
    expect(routed(path)).toBe(before + 1);
    // (the change's notice may still arrive from the database and drop the entry once more)
    await servedBeforeRouting(path);
    const settled = routed(path);
    expect(await get(path)).toEqual(again);
    expect(routed(path)).toBe(settled);
  });

  it("leaves alone what is not a cached public read, and everything while the process drains", async () => {
    // an unknown product is a 404 every time, logged every time
    const missing = "/api/products/987654";
    await get(missing);
    await get(missing);
    expect(routed(missing)).toBe(2);
    // HEAD is Fastify's
    const before = routed("/api/products/1");
    const head = await get("/api/products/1", undefined, "HEAD");
    expect(head.status).toBe(200);
    expect(routed("/api/products/1")).toBe(before + 1);

    lifecycle.draining = true;
    try {
      const draining = await get("/api/products/1");
      expect(draining.status).toBe(200);
      expect(draining.headers.connection).toBe("close");
      expect(routed("/api/products/1")).toBe(before + 2);
    } finally {
      lifecycle.draining = false;
    }
  });
});
