// Every error status the README documents for the REST API answers one shape, an RFC 9457 problem
// (application/problem+json) that keeps the spec's { message, issues: [{ path, message }] }, without
// internals: one real request per status.
import { beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_LIMIT } from "../src/app";
import { BACKOFFICE, orderBody, type TestApps, useSignedInApps } from "./harness";

let apps: TestApps;
let cookie: string;
let product: { id: number; price: number };

useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});
beforeAll(async () => {
  const products = (await apps.storefront.inject({ method: "GET", url: "/api/products" })).json() as {
    id: number;
    price: number;
    inStock: boolean;
  }[];
  product = products.find((p) => p.inStock)!;
});

type Answer = Awaited<ReturnType<TestApps["storefront"]["inject"]>>;

/** A contact-form body sent as written, with the given content type. */
const postRawContact = (contentType: string, payload: string) =>
  apps.storefront.inject({ method: "POST", url: "/api/contact", headers: { "content-type": contentType }, payload });

/** The documented error shape, and nothing that gives away the server's insides. */
function expectErrorShape(res: Answer, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ status, detail: body.message });
  expect(body.instance).toMatch(/^\/api\/[^?]*$/);
  expect(body.code).toMatch(/^[a-z][a-z0-9_]+$/);
  expect(body.type).toBe(`/api/docs#error-${body.code}`);
  expect(typeof body.title).toBe("string");
  expect(typeof body.message).toBe("string");
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(Array.isArray(body.issues)).toBe(true);
  for (const issue of body.issues as { path: unknown; message: unknown }[]) {
    expect(Array.isArray(issue.path)).toBe(true);
    expect(typeof issue.message).toBe("string");
  }
  expect(res.body).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
  expect(body).not.toHaveProperty("stack");
  return body as { message: string; issues: { path: (string | number)[]; message: string }[] };
}

describe("the problem error shape, with { message, issues }", () => {
  it("400: a contact form without its fields, with one issue per field", async () => {
    const res = await apps.storefront.inject({ method: "POST", url: "/api/contact", payload: {} });
    const body = expectErrorShape(res, 400);
    expect(body.issues.length).toBeGreaterThan(0);
    expect(body.issues.map((i) => i.path[0])).toContain("email");
  });

  it("401: an admin read without a session", async () => {
    expectErrorShape(await apps.backoffice.inject({ method: "GET", url: "/api/admin/orders" }), 401);
  });

  it("403: an admin write sent from another origin", async () => {
    const res = await apps.backoffice.inject({
      method: "PUT",
      url: "/api/admin/orders/1/status",
      payload: { status: "shipped" },
      headers: { cookie, origin: "https://evil.example" },
    });
    expectErrorShape(res, 403);
  });

  it("404: an unknown product", async () => {
    expectErrorShape(await apps.storefront.inject({ method: "GET", url: "/api/products/999999" }), 404);
  });

  it("405: a method the path does not take, with Allow", async () => {
    const res = await apps.storefront.inject({ method: "DELETE", url: "/api/products" });
    expect(expectErrorShape(res, 405)).toMatchObject({ code: "method_not_allowed" });
    expect(res.headers.allow).toContain("GET");
  });

  it("409: setup once an admin exists", async () => {
    const res = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/setup",
      payload: { username: "second", password: "An0ther-Container-Owner" },
      headers: { origin: BACKOFFICE },
    });
    expectErrorShape(res, 409);
  });

  it("413: a JSON body over the limit", async () => {
    const res = await postRawContact(
      "application/json",
      JSON.stringify({ firstName: "A", lastName: "B", email: "a@b.co", message: "x".repeat(JSON_BODY_LIMIT) }),
    );
    expectErrorShape(res, 413);
  });

  it("415: a body that is not JSON", async () => {
    const res = await postRawContact("text/plain", "firstName=A");
    expectErrorShape(res, 415);
  });

  it("422: an Idempotency-Key used again with another order", async () => {
    const key = "error-shape-key-0001";
    const first = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "idempotency-key": key },
      payload: orderBody([{ id: product.id, quantity: 1, price: product.price }]),
    });
    expect(first.statusCode, first.body).toBe(201);
    const other = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "idempotency-key": key },
      payload: orderBody([{ id: product.id, quantity: 2, price: product.price }]),
    });
    expectErrorShape(other, 422);
  });

  it("429: sign-in attempts past the limit, with Retry-After", async () => {
    const attempt = () =>
      apps.backoffice.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "owner", password: "Wrong-Password-9" },
        remoteAddress: "10.9.9.9",
      });
    let res = await attempt();
    for (let i = 0; i < 20 && res.statusCode === 401; i++) {
      expectErrorShape(res, 401);
      res = await attempt();
    }
    expectErrorShape(res, 429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});
