// The request deadline (src/http/deadline.ts): an answer still pending past it becomes a 503 with
// Retry-After in the API's error shape; answers within it, and a late handler's own answer, are left alone.
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installRequestDeadline } from "../src/http/deadline";

let app: FastifyInstance;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  app = Fastify({ logger: false });
  installRequestDeadline(app, 200);
  app.get("/fast", async () => ({ ok: true }));
  app.get("/slow", async () => {
    await sleep(1_000);
    return { ok: "too late" };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe("the request deadline", () => {
  it("answers 503 with Retry-After for a request still pending past it", async () => {
    const started = Date.now();
    const slow = await app.inject({ method: "GET", url: "/slow" });
    const waited = Date.now() - started;
    expect(slow.statusCode).toBe(503);
    expect(slow.headers["retry-after"]).toBe("5");
    expect(slow.json()).toMatchObject({ message: "Service temporarily unavailable, please retry shortly", issues: [] });
    // not before the deadline (and a 503 at all means before the handler's own answer)
    expect(waited).toBeGreaterThanOrEqual(200);
  });

  it("leaves answers within it alone, also after a late one", async () => {
    for (let i = 0; i < 20; i++) {
      const fast = await app.inject({ method: "GET", url: "/fast" });
      expect(fast.statusCode).toBe(200);
      expect(fast.json()).toEqual({ ok: true });
    }
    await sleep(1_000); // the late handler finishes after its 503: nothing breaks
    expect((await app.inject({ method: "GET", url: "/fast" })).statusCode).toBe(200);
  });
});
