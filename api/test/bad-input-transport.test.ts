// Bad input below the JSON level, over a real socket where inject cannot go: invalid UTF-8, oversized
// headers and bodies, wrong content types and methods, odd URLs. Never a 5xx, never a crash.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAppRouter, publicAppRouter } from "../src/trpc/root";
import { signedInCookie, startTestApps, type TestApps } from "./harness";
import { proceduresOf } from "./reliability/lib/routes";

let apps: TestApps;
const ports: Record<"storefront" | "backoffice", number> = { storefront: 0, backoffice: 0 };

beforeAll(async () => {
  apps = await startTestApps();
  for (const surface of ["storefront", "backoffice"] as const) {
    await apps[surface].listen({ host: "127.0.0.1", port: 0 });
    ports[surface] = (apps[surface].server.address() as { port: number }).port;
  }
});
afterAll(async () => {
  await apps?.close();
});

/** Sends raw bytes and returns the status code of the answer (0 when the server just closed). */
function raw(port: number, bytes: Buffer | string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("no answer within 10 s"));
    }, 10_000);
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0));
    });
    socket.end(bytes);
  });
}

const request = (method: string, path: string, headers: Record<string, string>, body: Buffer | string = "") => {
  const bodyBuffer = Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1");
  const head = [
    `${method} ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Connection: close",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ...(bodyBuffer.length > 0 || method === "POST" ? [`Content-Length: ${bodyBuffer.length}`] : []),
    "",
    "",
  ].join("\r\n");
  return Buffer.concat([Buffer.from(head, "latin1"), bodyBuffer]);
};

const json = { "Content-Type": "application/json" };
const invalidUtf8 = Buffer.concat([
  Buffer.from('{"firstName":"'),
  Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]),
  Buffer.from('","lastName":"B","email":"a@example.com"}'),
]);

describe("transport-level bad input", () => {
  it("answers every malformed request with a 4xx (or closes), never a 5xx", async () => {
    const cases: [keyof typeof ports, Buffer][] = [
      ["storefront", request("POST", "/api/contact", json, invalidUtf8)],
      ["storefront", request("POST", "/api/trpc/leads.contact", json, invalidUtf8)],
      ["backoffice", request("POST", "/api/admin/login", json, invalidUtf8)],
      [
        "storefront",
        request("POST", "/api/contact", { "Content-Type": "application/json; charset=latin1" }, '{"a":1}'),
      ],
      ["storefront", request("POST", "/api/contact", { "Content-Type": "application/json" }, "x".repeat(70_000))],
      [
        "storefront",
        request(
          "POST",
          "/api/orders",
          { "Content-Type": "application/json", "Idempotency-Key": "k".repeat(5000) },
          "{}",
        ),
      ],
      ["storefront", request("GET", "/api/products", { "X-Big": "a".repeat(20_000) })],
      ["backoffice", request("GET", "/api/admin/session", { Cookie: `ch_admin=${"a".repeat(20_000)}` })],
      ["storefront", request("GET", `/api/products/${"9".repeat(6000)}`, {})],
      ["storefront", request("GET", "/api/products/%ff%fe", {})],
      ["storefront", request("GET", "/api/blog/%00", {})],
      ["storefront", request("GET", "/api/products?category=%ED%A0%80", {})],
      ["storefront", request("GET", `/api/trpc/catalog.list?input=${encodeURIComponent("{".repeat(3000))}`, {})],
      ["storefront", request("GET", "/api/trpc/catalog.list?batch=1&input=%7B%220%22%3Anull", {})],
      [
        "storefront",
        request("POST", "/api/contact", { "Content-Type": "application/json", "Content-Encoding": "gzip" }, "{}"),
      ],
      [
        "storefront",
        request(
          "POST",
          "/api/contact",
          { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
          '5\r\n{"a":\r\n0\r\n\r\n',
        ),
      ],
      ["storefront", Buffer.from("GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n")],
      ["storefront", Buffer.from("GET /api/products HTTP/9.9\r\nHost: x\r\n\r\n")],
      ["storefront", Buffer.from("POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n")],
      [
        "storefront",
        Buffer.from("POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nContent-Length: 20\r\n\r\n"),
      ],
    ];
    for (const [surface, bytes] of cases) {
      const status = await raw(ports[surface], bytes);
      expect(status, bytes.subarray(0, 80).toString("latin1")).toBeLessThan(500);
    }
    // the servers still answer afterwards
    expect((await fetch(`http://127.0.0.1:${ports.storefront}/healthz`)).status).toBe(200);
  });

  it("takes a JSON content type with no body as no body: authentication first, then the route's own answer", async () => {
    const emptyJson = { "content-type": "application/json" };
    // without credentials: 401, not Fastify's 400 for an empty JSON body
    const anonymous = await apps.backoffice.inject({
      method: "DELETE",
      url: "/api/admin/products/987654",
      headers: emptyJson,
    });
    expect(anonymous.statusCode).toBe(401);
    const cookie = await signedInCookie(apps);
    const signedIn = await apps.backoffice.inject({
      method: "DELETE",
      url: "/api/admin/products/987654",
      headers: { ...emptyJson, cookie },
    });
    expect(signedIn.statusCode).toBe(404);
    // a write that needs a body says so, naming it
    const contact = await apps.storefront.inject({ method: "POST", url: "/api/contact", headers: emptyJson });
    expect(contact.statusCode).toBe(400);
    // a body that is there is still parsed as JSON, poisoning checks included
    const poisoned = await apps.storefront.inject({
      method: "POST",
      url: "/api/contact",
      headers: emptyJson,
      payload: '{"__proto__":{"x":1}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it("answers a method a REST path does not take with 405 and the methods it does take in Allow", async () => {
    const cases = [
      ["storefront", "DELETE", "/api/products", "GET, HEAD"],
      ["storefront", "GET", "/api/contact", "POST"],
      ["storefront", "PUT", "/api/products/12", "GET, HEAD"],
      ["backoffice", "PUT", "/api/admin/orders/7/payments", "GET, HEAD, POST"],
    ] as const;
    for (const [surface, method, url, allow] of cases) {
      const res = await apps[surface].inject({ method, url, ...(method === "GET" ? {} : { payload: {} }) });
      expect(res.statusCode, `${surface} ${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${surface} ${method} ${url}`).toBe(allow);
      expect(res.json().message).toBe(`${method} is not allowed on ${url}; it takes ${allow}`);
    }
    // a path no route has is still a 404, on either surface
    for (const surface of ["storefront", "backoffice"] as const) {
      const res = await apps[surface].inject({ method: "DELETE", url: "/api/no-such-thing" });
      expect(res.statusCode).toBe(404);
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it("answers wrong methods on every REST route and tRPC procedure with a 4xx", async () => {
    const methods = ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"] as const;
    for (const [surface, router] of [
      ["storefront", publicAppRouter],
      ["backoffice", adminAppRouter],
    ] as const) {
      const app = apps[surface];
      for (const url of [
        "/api/products",
        "/api/orders",
        "/api/contact",
        "/api/admin/login",
        "/api/admin/orders",
        "/healthz",
      ]) {
        for (const method of methods) {
          const res = await app.inject({ method: method as "PUT", url, payload: method === "TRACE" ? undefined : {} });
          expect(res.statusCode, `${surface} ${method} ${url}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${surface} ${method} ${url}`).toBeLessThan(500);
        }
      }
      for (const procedure of proceduresOf(router)) {
        for (const method of ["PUT", "PATCH", "DELETE"] as const) {
          const res = await app.inject({ method, url: `/api/trpc/${procedure.path}`, payload: {} });
          expect(res.statusCode, `${surface} ${method} ${procedure.path}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${surface} ${method} ${procedure.path}`).toBeLessThan(500);
        }
        const wrong = await app.inject(
          procedure.type === "query"
            ? { method: "POST", url: `/api/trpc/${procedure.path}`, payload: {} }
            : { method: "GET", url: `/api/trpc/${procedure.path}` },
        );
        expect([401, 404, 405], `${surface} wrong verb ${procedure.path}`).toContain(wrong.statusCode);
      }
    }
  });
});
