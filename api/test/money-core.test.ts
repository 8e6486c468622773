// Issue 21's findings on the order core and the ledger, each reproduced and asserted fixed through the
// REST paths: one order state (the spec's status / payment PUTs are commands over the stage moves and the
// ledger), proposal versions staff never sent, payment amounts and idempotency, figures that agree (the
// payment webhook's balance, a short USDT payment's new exact amount, the ledger identity), and the audit
// of every change of money or state.
import { schema } from "@ch/db";
import { and, asc, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { firstProductOnSale, orderBody, type TestApps, useSignedInApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";
import { signed } from "./signing";

let apps: TestApps;
let cookie: string;
let product: { id: number; price: number };

const db = () => apps.db.handle.db;
const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  apps.backoffice.inject({
    method,
    url,
    headers: { cookie, origin: apps.env.backofficeOrigin, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const pub = (method: "GET" | "POST", url: string, payload?: unknown) =>
  apps.storefront.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

useSignedInApps(
  { env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000, apiVersion: LEGACY_API_VERSION },
  (signedIn) => {
    ({ apps, cookie } = signedIn);
  },
);
beforeAll(async () => {
  product = await firstProductOnSale(apps);
}, 120_000);

async function placeOrder(paymentMethod: "usdt" | "bank-transfer" = "bank-transfer") {
  const res = await pub("POST", "/api/orders", orderBody([{ ...product, quantity: 1 }], { paymentMethod }));
  expect(res.statusCode, res.body).toBe(201);
  const receipt = res.json();
  const [order] = await db().select().from(schema.orders).where(eq(schema.orders.orderNumber, receipt.orderNumber));
  return { receipt, order: order! };
}

const ledger = async (orderId: number) => {
  const res = await admin("GET", `/api/admin/orders/${orderId}/payments`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

const today = () => new Date().toISOString().slice(0, 10);

describe("finding 2: one order state", () => {
  it("PUT …/status delivered and PUT …/payment paid on a fresh unpaid order are refused, nothing changes", async () => {
    const { order } = await placeOrder();
    const delivered = await admin("PUT", `/api/admin/orders/${order.id}/status`, { status: "delivered" });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json()).toMatchObject({ allowedStatuses: ["cancelled"], stage: "awaiting_deposit" });
    expect(delivered.json().message).toMatch(/allowed now: cancelled/);
    const paid = await admin("PUT", `/api/admin/orders/${order.id}/payment`, { paymentStatus: "paid" });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/\/api\/admin\/orders\/\d+\/payments/);
    const confirmed = await admin("PUT", `/api/admin/orders/${order.id}/status`, { status: "confirmed" });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toMatch(/payments recorded/);
    const [after] = await db().select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(after).toMatchObject({ stage: "awaiting_deposit", status: "pending", paymentStatus: "pending" });
    const l = await ledger(order.id);
    expect(l.paid).toBe(0);
  });

  it("a status maps to the allowed stage move; cancelling needs a reason; paid follows the ledger", async () => {
    const { order } = await placeOrder();
    const noReason = await admin("PUT", `/api/admin/orders/${order.id}/status`, { status: "cancelled" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0].path).toEqual(["reason"]);

    const { receipt, order: paidOrder } = await placeOrder();
    const l = await ledger(paidOrder.id);
    const deposit = l.invoices.find((i: { kind: string }) => i.kind === "deposit");
    const rec = await admin("POST", `/api/admin/orders/${paidOrder.id}/payments`, {
      amount: deposit.amount,
      receivedAt: today(),
    });
    expect(rec.statusCode).toBe(201);
    const moved = await admin("PUT", `/api/admin/orders/${paidOrder.id}/status`, { status: "in_production" });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: "in_production", stage: "in_production", paymentStatus: "pending" });
    // the whole total paid: the ledger says paid, and asking for "paid" then changes nothing
    const rest = await admin("POST", `/api/admin/orders/${paidOrder.id}/payments`, {
      amount: receipt.totalAmount - deposit.amount,
      receivedAt: today(),
    });
    expect(rest.statusCode).toBe(201);
    const same = await admin("PUT", `/api/admin/orders/${paidOrder.id}/payment`, { paymentStatus: "paid" });
    expect(same.statusCode).toBe(200);
    expect(same.json().paymentStatus).toBe("paid");
    const back = await admin("PUT", `/api/admin/orders/${paidOrder.id}/payment`, { paymentStatus: "pending" });
    expect(back.statusCode).toBe(409);
  });

  it("the customer's page and the Orders list read the stage and the ledger", async () => {
    const { receipt, order } = await placeOrder();
    await admin("PUT", `/api/admin/orders/${order.id}/status`, { status: "delivered" });
    await admin("PUT", `/api/admin/orders/${order.id}/payment`, { paymentStatus: "paid" });
    const look = await pub("POST", "/api/orders/lookup", {
      orderNumber: receipt.orderNumber,
      email: "maria@example.com",
    });
    expect(look.json()).toMatchObject({ status: "pending", paymentStatus: "pending", stage: "awaiting_deposit" });
    expect(look.json().payment.outstanding).toBe(receipt.totalAmount);
    const list = await admin("GET", `/api/admin/orders?q=${receipt.orderNumber}`);
    expect(list.json()[0]).toMatchObject({ status: "pending", paymentStatus: "pending", stage: "awaiting_deposit" });
  });
});

describe("finding 4: a version staff never sent cannot be accepted", () => {
  const proposalBody = (price: number) => ({
    customerName: "Dana Reyes",
    email: "dana@example.com",
    phone: "(512) 555-0199",
    address: "9 Ranch Rd",
    city: "San Antonio",
    state: "TX",
    zipCode: "78205",
    lines: [{ kind: "custom", name: "Site work", unitPriceCents: price, quantity: 1 }],
    discountCents: 0,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    terms: "50% deposit on acceptance, balance due on delivery.",
  });

  it("an edit after sending is a draft the customer cannot see; acceptance names its version", async () => {
    const created = await admin("POST", "/api/admin/proposals", proposalBody(5_000_000));
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json();
    expect((await admin("POST", `/api/admin/proposals/${id}/send`)).statusCode).toBe(200);
    const v1 = (await pub("GET", `/api/proposals/${token}`)).json();
    expect(v1.version).toBe(1);

    const edited = await apps.backoffice.inject({
      method: "PUT",
      url: `/api/admin/proposals/${id}`,
      headers: { cookie, origin: apps.env.backofficeOrigin },
      payload: proposalBody(100),
    });
    expect(edited.statusCode).toBe(200);
    const seen = (await pub("GET", `/api/proposals/${token}`)).json();
    expect(seen.version).toBe(1);
    expect(seen.totalCents).toBe(v1.totalCents);

    const noVersion = await pub("POST", `/api/proposals/${token}/accept`, {
      fullName: "Dana Reyes",
      agree: true,
      consent: true,
      code: "000000",
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().issues[0].path).toEqual(["version"]);
    const draft = await pub("POST", `/api/proposals/${token}/accept`, {
      fullName: "Dana Reyes",
      agree: true,
      consent: true,
      code: "000000",
      version: 2,
    });
    expect(draft.statusCode).toBe(409);
    expect(draft.json().version).toBe(1);
    expect(await db().select().from(schema.orders).where(eq(schema.orders.email, "dana@example.com"))).toHaveLength(0);

    expect((await admin("POST", `/api/admin/proposals/${id}/send`)).statusCode).toBe(200);
    const stale = await pub("POST", `/api/proposals/${token}/accept`, {
      fullName: "Dana Reyes",
      agree: true,
      consent: true,
      code: "000000",
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const ok = await pub(
      "POST",
      `/api/proposals/${token}/accept`,
      await signed(apps, token, { fullName: "Dana Reyes", agree: true, version: 2, paymentMethod: "bank-transfer" }),
    );
    expect(ok.statusCode).toBe(201);
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.orderNumber, ok.json().orderNumber));
    expect(order!.totalCents).toBe((await pub("GET", `/api/proposals/${token}`)).json().totalCents);
    // the order core: the same first timeline row and audit entry as a checkout's
    const events = await db().select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, order!.id));
    expect(events[0]).toMatchObject({ kind: "stage", toStage: "awaiting_deposit", actor: "customer" });
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityType, "order"), eq(schema.auditLog.entityId, String(order!.id))));
    expect(audit.map((a) => a.action)).toContain("order.create");
  });
});

describe("finding 5: payment amounts and idempotency", () => {
  it("a $21,474,836.48 payment is recorded (bigint cents), past $100,000,000 is 400; nothing else changes", async () => {
    const { order } = await placeOrder();
    const big = await admin("POST", `/api/admin/orders/${order.id}/payments`, {
      amount: 21_474_836.48,
      receivedAt: today(),
    });
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json().amount).toBe(21_474_836.48);
    const tooBig = await admin("POST", `/api/admin/orders/${order.id}/payments`, {
      amount: 100_000_000.01,
      receivedAt: today(),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().issues[0].path).toEqual(["amount"]);
    expect((await ledger(order.id)).payments).toHaveLength(1);
  });

  it("a staff USDT payment needs its hash; a refund needs its reason", async () => {
    const { order } = await placeOrder("usdt");
    const usdt = await admin("POST", `/api/admin/orders/${order.id}/payments`, {
      method: "usdt",
      amount: 21_000_000,
      receivedAt: today(),
    });
    expect(usdt.statusCode).toBe(400);
    expect(usdt.json().issues[0].path).toEqual(["txHash"]);
    const refund = await admin("POST", `/api/admin/orders/${order.id}/payments`, { amount: -10, receivedAt: today() });
    expect(refund.statusCode).toBe(400);
    expect(refund.json().issues[0].path).toEqual(["reason"]);
    expect((await ledger(order.id)).payments).toHaveLength(0);
  });

  it("the same Idempotency-Key records one payment; another body with it is 422", async () => {
    const { order } = await placeOrder();
    const key = `pay-${order.id}-0123456789abcdef`;
    const body = { amount: 1000, receivedAt: today(), reference: "wire 1" };
    const first = await admin("POST", `/api/admin/orders/${order.id}/payments`, body, { "idempotency-key": key });
    const again = await admin("POST", `/api/admin/orders/${order.id}/payments`, body, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const other = await admin(
      "POST",
      `/api/admin/orders/${order.id}/payments`,
      { ...body, amount: 2000 },
      {
        "idempotency-key": key,
      },
    );
    expect(other.statusCode).toBe(422);
    expect((await ledger(order.id)).payments).toHaveLength(1);
    // notes too: one note for one key
    const noteKey = `note-${order.id}-0123456789abcdef`;
    for (let i = 0; i < 2; i++) {
      const note = await admin(
        "POST",
        `/api/admin/orders/${order.id}/notes`,
        { body: "Called" },
        {
          "idempotency-key": noteKey,
        },
      );
      expect(note.statusCode).toBe(201);
    }
    expect((await admin("GET", `/api/admin/orders/${order.id}/notes`)).json()).toHaveLength(1);
  });
});

describe("finding 6: figures that agree", () => {
  it("payment.recorded says what is still due; the ledger balance is total − payments + refunds", async () => {
    const hook = await admin("POST", "/api/admin/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["payment.recorded"],
    });
    expect(hook.statusCode).toBe(201);
    const { receipt, order } = await placeOrder();
    const l = await ledger(order.id);
    const deposit = l.invoices.find((i: { kind: string }) => i.kind === "deposit");
    await admin("POST", `/api/admin/orders/${order.id}/payments`, { amount: deposit.amount, receivedAt: today() });
    // this order's event (a table read without an order comes back in no set order on PostgreSQL)
    const events = await db()
      .select()
      .from(schema.webhookEvents)
      .where(
        and(eq(schema.webhookEvents.type, "payment.recorded"), eq(schema.webhookEvents.resource, `order:${order.id}`)),
      )
      .orderBy(desc(schema.webhookEvents.id));
    expect(events).toHaveLength(1);
    const data = events[0]!.data as { balanceDue: number; paidTotal: number };
    expect(data.paidTotal).toBe(deposit.amount);
    expect(Math.round(data.balanceDue * 100)).toBe(Math.round((receipt.totalAmount - deposit.amount) * 100));

    const refund = await admin("POST", `/api/admin/orders/${order.id}/payments`, {
      amount: -100,
      receivedAt: today(),
      reason: "Goodwill: late delivery",
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json().reason).toBe("Goodwill: late delivery");
    const after = await ledger(order.id);
    const totalCents = Math.round(receipt.totalAmount * 100);
    const paidCents = Math.round(deposit.amount * 100) - 10_000;
    expect(Math.round(after.paid * 100)).toBe(paidCents);
    expect(Math.round(after.outstanding * 100)).toBe(totalCents - paidCents);
  });

  it("after a short payment the deposit invoice asks for exactly the rest, newly tagged", async () => {
    const { order } = await placeOrder("usdt");
    const l = await ledger(order.id);
    const deposit = l.invoices.find((i: { kind: string }) => i.kind === "deposit");
    await admin("POST", `/api/admin/orders/${order.id}/payments`, {
      amount: deposit.amount - 2.64,
      receivedAt: today(),
    });
    const after = (await ledger(order.id)).invoices.find((i: { kind: string }) => i.kind === "deposit");
    expect(after.status).toBe("partially_paid");
    expect(after.outstanding).toBe(2.64);
    expect(after.usdtAmount).toMatch(/^2\.64\d{4}$/);
    expect(after.usdtAmount).not.toBe("2.640000");
  });
});

describe("finding 7 (audit): every move of money or state is in the Activity log with its actor", () => {
  it("a stage move and a payment are audited", async () => {
    const { order } = await placeOrder();
    const l = await ledger(order.id);
    const deposit = l.invoices.find((i: { kind: string }) => i.kind === "deposit");
    await admin("POST", `/api/admin/orders/${order.id}/payments`, { amount: deposit.amount, receivedAt: today() });
    await admin("PUT", `/api/admin/orders/${order.id}/stage`, { stage: "in_production" });
    const audit = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityType, "order"), eq(schema.auditLog.entityId, String(order.id))))
      .orderBy(asc(schema.auditLog.id));
    expect(audit.map((a) => [a.action, a.adminName])).toEqual([
      ["order.create", "customer"],
      ["payment.record", "owner"],
      ["order.stage", "system"],
      ["order.stage", "owner"],
    ]);
    expect(audit[3]!.detail).toMatchObject({ from: "deposit_received", to: "in_production" });
  });
});
