// POST /api/admin/orders (issue 25 item 3): an integrator's key places an order for a customer; the
// server prices it; `expectedTotal` is a 409 only when it differs; `notifyCustomer: false` sends the
// customer nothing (the SMTP sink receives no e-mail to them), true does; Idempotency-Key replays.
import type { ApiKeyScope } from "@ch/contracts/api-keys";
import { schema } from "@ch/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxWorker, type OutboxWorker } from "../src/modules/notifications/worker";
import { firstProductOnSale, signedInCookie, startTestApps, type TestApps } from "./harness";
import { FakeSmtp, notifyEnv, outboxIdle, until, workerDeps } from "./notifications-fakes";
import { createApiKey } from "./staff-requests";

let smtp: FakeSmtp;
let apps: TestApps;
let cookie: string;
let worker: OutboxWorker;
let product: { id: number; price: number };

beforeAll(async () => {
  smtp = await new FakeSmtp().start();
  apps = await startTestApps({ env: notifyEnv(null, smtp) });
  cookie = await signedInCookie(apps);
  product = await firstProductOnSale(apps);
  worker = createOutboxWorker(workerDeps(apps.db.handle.db, apps.env, apps.clock), { random: () => 0.5 });
  worker.start();
});

afterAll(async () => {
  await worker?.stop();
  await apps?.close();
  await smtp?.close();
});

const keyWith = (scopes: ApiKeyScope[]) => createApiKey(apps, cookie, scopes);

const orderFor = (email: string, extra: Record<string, unknown> = {}) => ({
  customer: { firstName: "Ada", lastName: "Builder", email, phone: "+1 512 555 0100" },
  deliveryAddress: { address: "12 Ranch Rd", city: "Austin", state: "TX", zipCode: "78701" },
  lines: [{ productId: product.id, quantity: 1 }],
  paymentMethod: "bank-transfer",
  ...extra,
});

const post = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/orders",
    headers: { authorization: `Bearer ${key}`, ...headers },
    payload: body as Record<string, unknown>,
  });

interface CreatedOrder {
  id: number;
  orderNumber: string;
  totalAmount: { amount: number; currency: string };
  email: string;
  lines: { productId: number; quantity: number }[];
}

describe("POST /api/admin/orders", () => {
  it("places a priced order with a key, e-mailing the customer only when notifyCustomer is not false", async () => {
    const key = await keyWith(["orders:write"]);
    const quiet = await post(key, orderFor("quiet@example.com", { notifyCustomer: false }));
    expect(quiet.statusCode, quiet.body).toBe(201);
    const created = quiet.json() as CreatedOrder;
    expect(created).toMatchObject({ email: "quiet@example.com", lines: [{ productId: product.id, quantity: 1 }] });
    const read = await apps.backoffice.inject({
      method: "GET",
      url: `/api/admin/orders/${created.id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.json()).toMatchObject({ orderNumber: created.orderNumber, totalAmount: created.totalAmount });

    const told = await post(key, orderFor("told@example.com"));
    expect(told.statusCode, told.body).toBe(201);
    await until(() => smtp.messages.some((m) => m.to.includes("told@example.com")), "the confirmation e-mail");
    await outboxIdle(apps.db.handle.db);
    expect(smtp.messages.filter((m) => m.to.includes("quiet@example.com"))).toEqual([]);
    // the audit entry names the key
    const audit = await apps.db.handle.db.select().from(schema.auditLog);
    expect(
      audit.some((a) => a.entityId === String(created.id) && /^api key Key orders:write/.test(a.adminName ?? "")),
    ).toBe(true);
  });

  it("answers 409 with the server's figures in cents only when expectedTotal differs", async () => {
    const key = await keyWith(["orders:write"]);
    const probe = await post(key, orderFor("probe@example.com", { expectedTotal: { amount: 1, currency: "USD" } }));
    expect(probe.statusCode).toBe(409);
    const figures = probe.json() as { total: { amount: number; currency: string }; code: string };
    expect(figures).toMatchObject({ code: "conflict", total: { currency: "USD" } });
    expect(Number.isInteger(figures.total.amount)).toBe(true);
    const ok = await post(key, orderFor("exact@example.com", { expectedTotal: figures.total }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as CreatedOrder).totalAmount).toEqual(figures.total);
    // cents, not dollars: a fraction is a 400 naming the field
    const dollars = await post(key, orderFor("x@example.com", { expectedTotal: { amount: 10.5, currency: "USD" } }));
    expect(dollars.statusCode).toBe(400);
    expect((dollars.json() as { issues: { path: unknown[] }[] }).issues[0]!.path).toEqual(["expectedTotal", "amount"]);
  });

  it("replays an Idempotency-Key, refuses a key without orders:write, and validates after authenticating", async () => {
    const key = await keyWith(["orders:write"]);
    const body = orderFor("once@example.com", { notifyCustomer: false });
    const first = await post(key, body, { "idempotency-key": "integrator-order-000001" });
    const again = await post(key, body, { "idempotency-key": "integrator-order-000001" });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((again.json() as CreatedOrder).id).toBe((first.json() as CreatedOrder).id);

    const reader = await keyWith(["orders:read"]);
    const refused = await post(reader, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ missingScopes: ["orders:write"] });
    // no credentials: 401 even for a body that is not an order
    const anonymous = await apps.backoffice.inject({ method: "POST", url: "/api/admin/orders", payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
