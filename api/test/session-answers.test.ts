// The back office's reads repeated before routing (src/http/cached-answers.ts), over real HTTP (inject does
// not pass through the server's request handler): a signed-in session's tRPC query that answered one
// shared value of the read cache gets the same bytes again without routing, and only that session, only
// while the value stands and while its session store would let it through from memory. REQUEST_LOG=all
// makes Fastify log every answer it sends, so an answer without a log line was sent before routing.
import { request } from "node:http";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answeredBeforeRouting, routedIn } from "./before-routing";
import { signedInCookie, startTestApps, type TestApps } from "./harness";

const lines: string[] = [];
let apps: TestApps;
let base: string;
let cookie: string;

beforeAll(async () => {
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  apps = await startTestApps({ env: { LOG_LEVEL: "info", REQUEST_LOG: "all" }, backoffice: { logger } });
  base = await apps.backoffice.listen({ host: "127.0.0.1", port: 0 });
  cookie = await signedInCookie(apps);
});
afterAll(async () => {
  await apps?.close();
});

const POSTS = "/api/trpc/content.posts";

/** How many answers to `path` Fastify has logged so far. */
const routed = (path: string) => routedIn(lines, path);

/** One GET over HTTP with these headers, the bytes as sent. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const { date: _date, "request-id": requestId, ...rest } = res.headers;
        if (!/^[0-9a-f-]{36}$/.test(String(requestId))) reject(new Error(`${path}: no request id`));
        resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Waits (at most 10 s) until a GET of `path` with `headers` is answered without Fastify routing it. */
const servedBeforeRouting = (path: string, headers: Record<string, string>) =>
  answeredBeforeRouting(
    path,
    () => get(path, headers),
    () => routed(path),
  );

describe("a back-office session's reads answered before routing", () => {
  it("repeats a session's own tRPC read exactly (bytes, headers, no cookie set), without routing it", async () => {
    const first = await get(POSTS, { cookie });
    expect(first.status).toBe(200);
    expect(first.headers["set-cookie"]).toBeUndefined();
    await servedBeforeRouting(POSTS, { cookie });
    const before = routed(POSTS);
    for (let i = 0; i < 3; i++) expect(await get(POSTS, { cookie })).toEqual(first);
    expect(routed(POSTS)).toBe(before);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["content-security-policy"]).toContain("default-src 'self'");
    // compressed the same way, and 304 for its tag
    const br = await get(POSTS, { cookie, "accept-encoding": "br" });
    expect(br.status).toBe(200);
    await servedBeforeRouting(POSTS, { cookie, "accept-encoding": "br" });
    const notModified = await get(POSTS, { cookie, "if-none-match": String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it("routes what is not that session's: no cookie, a forged one, another session, an API key, a pinned version", async () => {
    await servedBeforeRouting(POSTS, { cookie });
    const before = routed(POSTS);
    expect((await get(POSTS)).status).toBe(401);
    const [name, value] = cookie.split("=") as [string, string];
    const forged = `${name}=${value.slice(0, -4)}AAAA`;
    expect((await get(POSTS, { cookie: forged })).status).toBe(401);
    expect((await get(POSTS, { cookie, authorization: "Bearer chk_unknown" })).status).toBe(401);
    expect((await get(POSTS, { cookie, "api-version": "2026-11-28" })).status).toBe(200);
    expect(routed(POSTS)).toBe(before + 4);
    // a second session of the same account gets the same figures, its own first answer routed
    const second = await signedInCookie(apps);
    expect(second).not.toBe(cookie);
    const count = routed(POSTS);
    const answer = await get(POSTS, { cookie: second });
    expect(answer.status).toBe(200);
    expect(routed(POSTS)).toBe(count + 1);
  });

  it("goes through Fastify again once the value changes, and shows the change", async () => {
    await servedBeforeRouting(POSTS, { cookie });
    const shown = JSON.parse((await get(POSTS, { cookie })).body.toString()) as {
      result: { data: { posts: { id: number; published: boolean }[] } };
    };
    const post = shown.result.data.posts.find((p) => p.published)!;
    const change = await apps.backoffice.inject({
      method: "POST",
      url: `/api/admin/blog/posts/${post.id}/unpublish`,
      headers: { cookie },
    });
    expect(change.statusCode).toBe(200);
    const before = routed(POSTS);
    const after = JSON.parse((await get(POSTS, { cookie })).body.toString()) as typeof shown;
    expect(routed(POSTS)).toBe(before + 1);
    expect(after.result.data.posts.find((p) => p.id === post.id)!.published).toBe(false);
  });

  it("reads the session again after 15 s without it, as the session store does", async () => {
    await servedBeforeRouting(POSTS, { cookie });
    apps.clock.advance(16_000);
    const before = routed(POSTS);
    expect((await get(POSTS, { cookie })).status).toBe(200);
    expect(routed(POSTS)).toBe(before + 1);
  });

  it("refuses the cookie of a session that signed out, at once", async () => {
    const own = await signedInCookie(apps);
    expect((await get(POSTS, { cookie: own })).status).toBe(200);
    await servedBeforeRouting(POSTS, { cookie: own });
    const out = await apps.backoffice.inject({ method: "POST", url: "/api/admin/logout", headers: { cookie: own } });
    expect(out.statusCode).toBe(200);
    const before = routed(POSTS);
    expect((await get(POSTS, { cookie: own })).status).toBe(401);
    expect(routed(POSTS)).toBe(before + 1);
  });
});
