// Input rules that the generated corpus relies on, spelled out: strict schemas (unknown keys are a 400, so
// nobody sets a status or a price through a public form), lengths, enums, US states and ZIP codes, NUL and
// lone surrogates, out-of-range ids, order lines (quantity 1-10, at most 20 lines), Idempotency-Key format,
// the 64 KiB body limit, and the larger upload limit only behind a session.

import { schema } from "@ch/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256, stableStringify } from "../src/lib/stable-json";
import { orderBody, signedInCookie, startTestApps, type TestApps } from "./harness";

let apps: TestApps;
let product: { id: number; price: number };
let cookie: string;

beforeAll(async () => {
  apps = await startTestApps();
  product = (await apps.storefront.inject({ method: "GET", url: "/api/products" }))
    .json()
    .find((p: { inStock: boolean }) => p.inStock);
  cookie = await signedInCookie(apps);
});
afterAll(async () => {
  await apps?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  apps.storefront.inject({
    method: "POST",
    url,
    payload: JSON.stringify(payload),
    headers: { "content-type": "application/json", ...headers },
  });
const order = (
  overrides: Record<string, unknown> = {},
  lines: { id?: number; quantity: number; price: number }[] = [{ quantity: 1, price: 0 }],
) =>
  orderBody(
    lines.map((l) => ({ ...l, id: l.id ?? product.id, price: product.price })),
    overrides,
  );
const contact = { firstName: "Ana", lastName: "Ruiz", email: "ana@example.com" };

describe("strict schemas", () => {
  it("refuse unknown keys on every public form, so status, price or ids cannot be set", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ["/api/contact", { ...contact, status: "closed" }],
      ["/api/quote-requests", { kind: "quote", ...contact, status: "qualified" }],
      ["/api/orders", order({ status: "delivered" })],
      ["/api/orders", order({ paymentStatus: "paid" })],
      ["/api/orders", order({ subtotal: 1 })],
      ["/api/visits", { path: "/", telegramNotified: true }],
      ["/api/roi", { investment: 64_649, monthlyRent: 275, occupancy: 18, monthlyExpenses: 200, id: 1 }],
      [
        "/api/telegram/chat",
        { message: "hi", userInfo: { currentPage: "/", device: "Desktop", browser: "Chrome", ip: "1.2.3.4" } },
      ],
    ];
    for (const [url, body] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
    // a line's price is not trusted either: the server prices the order (a wrong total is refused)
    const cheap = orderBody([{ id: product.id, quantity: 1, price: 1 }]);
    expect((await post("/api/orders", cheap)).statusCode).toBe(409);
  });

  it("check lengths, enums, e-mails, US states and ZIP codes", async () => {
    const bad: Record<string, unknown>[] = [
      order({ firstName: "a".repeat(81) }),
      order({ state: "Narnia" }),
      order({ state: "XX" }),
      order({ zipCode: "1234" }),
      order({ zipCode: "782051" }),
      order({ zipCode: "ABCDE" }),
      order({ email: "maria@" }),
      order({ email: "maria example.com" }),
      order({ paymentMethod: "cash" }),
      order({ phone: "call me" }),
    ];
    for (const body of bad)
      expect((await post("/api/orders", body)).statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
    for (const good of [order({ state: "Texas" }), order({ state: "tx", zipCode: "78205-1234" })]) {
      expect((await post("/api/orders", good)).statusCode).toBe(201);
    }
    expect((await post("/api/contact", { ...contact, projectType: "castle" })).statusCode).toBe(400);
    expect((await post("/api/contact", { ...contact, message: "m".repeat(5001) })).statusCode).toBe(400);
    expect((await post("/api/quote-requests", { ...contact, kind: "bribe" })).statusCode).toBe(400);
  });

  it("refuse NUL characters, lone surrogates and out-of-range ids before PostgreSQL", async () => {
    for (const value of ["Ana\u0000", "\ud800", "x\udfffy"]) {
      expect((await post("/api/contact", { ...contact, firstName: value })).statusCode).toBe(400);
      expect((await post("/api/orders", order({ city: value }))).statusCode).toBe(400);
    }
    for (const id of [0, -1, 1.5, 2 ** 31, 2 ** 53 + 1]) {
      expect((await post("/api/orders", order({}, [{ id, quantity: 1, price: 0 }]))).statusCode, String(id)).toBe(400);
      expect((await post("/api/quote-requests", { kind: "quote", ...contact, productId: id })).statusCode).toBe(400);
      expect((await apps.storefront.inject({ method: "GET", url: `/api/products/${id}` })).statusCode).toBe(400);
      const admin = await apps.backoffice.inject({
        method: "PUT",
        url: `/api/admin/orders/${id}/status`,
        payload: { status: "shipped" },
        headers: { cookie },
      });
      expect(admin.statusCode, `admin id ${id}`).toBe(400);
    }
  });
});

describe("order lines", () => {
  it("take a whole quantity from 1 to 10 per line and at most 20 lines", async () => {
    for (const quantity of [0, -1, 1.5, 11, 1e9]) {
      expect((await post("/api/orders", order({}, [{ quantity, price: 0 }]))).statusCode, String(quantity)).toBe(400);
    }
    expect((await post("/api/orders", order({}, [{ quantity: 10, price: 0 }]))).statusCode).toBe(201);
    const lines = (n: number) => Array.from({ length: n }, () => ({ quantity: 1, price: 0 }));
    expect((await post("/api/orders", order({}, lines(21)))).statusCode).toBe(400);
    expect((await post("/api/orders", order({ cartItems: [] }))).statusCode).toBe(400);
  });

  it("take an Idempotency-Key of 16 to 255 printable characters", async () => {
    for (const key of ["short", "k".repeat(256), "has a space in it!!", "tab\tinside-the-key"]) {
      const res = await post("/api/orders", order(), { "idempotency-key": key });
      expect(res.statusCode, key.slice(0, 20)).toBe(400);
    }
    for (const key of ["k".repeat(16), "k".repeat(255), "550e8400-e29b-41d4-a716-446655440000"]) {
      expect((await post("/api/orders", order(), { "idempotency-key": key })).statusCode).toBe(201);
    }
  });
});

describe("Idempotency-Key semantics", () => {
  it("replays the first answer, refuses another body with 422 and a repeat of a running request with 409", async () => {
    const body = order({ deliveryNotes: "idempotency semantics" });
    const key = "semantics-key-000000000001";
    const first = await post("/api/orders", body, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await post("/api/orders", body, { "idempotency-key": key });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(
      (await post("/api/orders", { ...body, deliveryNotes: "changed" }, { "idempotency-key": key })).statusCode,
    ).toBe(422);

    // a request with this key is still running (its row is claimed, not done): a repeat is 409 ...
    const running = "semantics-key-000000000002";
    const pending = order({ deliveryNotes: "still running" });
    await apps.db.handle.db.insert(schema.idempotencyKeys).values({
      // the record key: the operation's and the caller's (lib/idempotency.ts)
      key: `placeOrder:public:${running}`,
      requestHash: sha256(stableStringify(JSON.parse(JSON.stringify(pending)))),
      state: "running",
      createdAt: apps.clock.now(),
    });
    const busy = await post("/api/orders", pending, { "idempotency-key": running });
    expect(busy.statusCode).toBe(409);
    // ... and a claim abandoned for over a minute (its process died) is taken over
    apps.clock.advance(61_000);
    const taken = await post("/api/orders", pending, { "idempotency-key": running });
    expect(taken.statusCode).toBe(201);
  });
});

describe("body size", () => {
  it("refuses JSON bodies over 64 KiB with 413 on both origins", async () => {
    const big = { ...contact, message: "m".repeat(70_000) };
    expect((await post("/api/contact", big)).statusCode).toBe(413);
    expect((await post("/api/trpc/leads.contact", big)).statusCode).toBe(413);
    const admin = await apps.backoffice.inject({
      method: "POST",
      url: "/api/trpc/orders.addNote",
      payload: JSON.stringify({ id: 1, body: "n".repeat(70_000) }),
      headers: { cookie, "content-type": "application/json" },
    });
    expect(admin.statusCode).toBe(413);
  });

  it("accepts larger image uploads only with a session (401 before the body is read)", async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 1);
    const anonymous = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/media",
      payload: megabyte,
      headers: { "content-type": "image/png" },
    });
    expect(anonymous.statusCode).toBe(401);
    const signedIn = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/media",
      payload: megabyte,
      headers: { cookie, "content-type": "image/png" },
    });
    // not a real PNG: refused as an image, but not for its size
    expect(signedIn.statusCode).toBeGreaterThanOrEqual(400);
    expect(signedIn.statusCode).toBeLessThan(500);
    expect(signedIn.statusCode).not.toBe(413);
  });
});
