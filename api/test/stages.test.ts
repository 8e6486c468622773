// Build stages through PUT /api/admin/orders/{id}/stage: every pair of stages from the one table of
// allowed moves (contracts/src/stages.ts), payment stages refused to staff but allowed to the system,
// a cancel without a reason, the timeline row and the customer's e-mail in the outbox, the pipeline board,
// and balance paid reached by itself whether the balance arrives after delivery or before it.

import { canMoveStage, ORDER_STAGES, PAYMENT_DRIVEN_STAGES } from "@ch/contracts/stages";
import { schema } from "@ch/db";
import { and, asc, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { moveOrderStage } from "../src/modules/orders/stages.service";
import { type TestApps, useSignedInApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";
import { placeOrderOf, productsInStock } from "./order-fixtures";
import { staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;
let orderId: number;

const db = () => apps.db.handle.db;
const move = (id: number, payload: unknown) =>
  staffRequest(apps, cookie, "PUT", `/api/admin/orders/${id}/stage`, payload);

useSignedInApps(
  { env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000, apiVersion: LEGACY_API_VERSION },
  (signedIn) => {
    ({ apps, cookie } = signedIn);
  },
);
beforeAll(async () => {
  orderId = (await bankTransferOrder()).order.id;
}, 120_000);

/** An order of the first product in stock, to be paid by bank transfer. */
async function bankTransferOrder() {
  const [product] = await productsInStock(db());
  return placeOrderOf(apps, product!, { paymentMethod: "bank-transfer" });
}

/** The order's row as it stands now. */
const orderRow = async (id: number) => (await db().select().from(schema.orders).where(eq(schema.orders.id, id)))[0];

const setStage = (stage: string) =>
  db().update(schema.orders).set({ stage, cancelReason: null }).where(eq(schema.orders.id, orderId));

/**
 * The moves staff may make, written out from the business's rules rather than read from the code's table:
 * onward one stage at a time, back from the quality check to production, cancelling (with a reason) up to
 * delivery; the deposit and balance stages follow payments only.
 */
const STAFF_MOVES = new Set([
  "awaiting_deposit → cancelled",
  "deposit_received → in_production",
  "deposit_received → cancelled",
  "in_production → quality_check",
  "in_production → cancelled",
  "quality_check → ready_for_delivery",
  "quality_check → in_production",
  "quality_check → cancelled",
  "ready_for_delivery → delivered",
  "ready_for_delivery → cancelled",
  "balance_paid → completed",
]);

describe("every move of the stages table", () => {
  it("the written rules and the code's table agree on who moves what", () => {
    const fromCode = ORDER_STAGES.flatMap((from) =>
      ORDER_STAGES.filter((to) => canMoveStage(from, to) && !PAYMENT_DRIVEN_STAGES.includes(to)).map(
        (to) => `${from} → ${to}`,
      ),
    );
    expect(new Set(fromCode)).toEqual(STAFF_MOVES);
  });

  for (const from of ORDER_STAGES) {
    for (const to of ORDER_STAGES) {
      const byStaff = STAFF_MOVES.has(`${from} → ${to}`);
      it(`${from} → ${to}: ${byStaff ? "allowed" : "refused (409)"}`, async () => {
        await setStage(from);
        const res = await move(orderId, { stage: to, ...(to === "cancelled" ? { reason: "Customer withdrew" } : {}) });
        const order = await orderRow(orderId);
        if (byStaff) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().stage).toBe(to);
          expect(order!.stage).toBe(to);
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().message).toBeTruthy();
          expect(order!.stage).toBe(from);
        }
      });
    }
  }
});

describe("rules around the table", () => {
  it("staff cannot set a payment stage; the system (payments) can", async () => {
    await setStage("awaiting_deposit");
    const staff = await move(orderId, { stage: "deposit_received" });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().message).toMatch(/payments/);
    const deps = { db: db(), env: apps.env, clock: apps.clock, log: apps.storefront.log };
    await db().transaction((tx) =>
      moveOrderStage(tx, { orderId, to: "deposit_received", actor: "system", bySystem: true }, deps),
    );
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ stage: "deposit_received", status: "confirmed" });
    // the system is held to the table too
    await expect(
      db().transaction((tx) =>
        moveOrderStage(tx, { orderId, to: "balance_paid", actor: "system", bySystem: true }, deps),
      ),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("a cancel needs a reason (400 with the field), which is stored", async () => {
    await setStage("in_production");
    const res = await move(orderId, { stage: "cancelled" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(["reason"]);
    const ok = await move(orderId, { stage: "cancelled", reason: "Site not ready" });
    expect(ok.statusCode).toBe(200);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ stage: "cancelled", status: "cancelled", cancelReason: "Site not ready" });
  });

  it("bad input is a 400 with the field; unknown order 404; no session 401", async () => {
    const bad = await move(orderId, { stage: "shipped" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(["stage"]);
    expect((await move(999_999, { stage: "in_production" })).statusCode).toBe(404);
    const anonymous = await apps.backoffice.inject({
      method: "PUT",
      url: `/api/admin/orders/${orderId}/stage`,
      headers: { origin: apps.env.backofficeOrigin },
      payload: { stage: "in_production" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("a move writes the timeline (who, when) and e-mails the customer through the outbox", async () => {
    await setStage("deposit_received");
    const res = await move(orderId, { stage: "in_production" });
    expect(res.statusCode).toBe(200);
    const [event] = await db()
      .select()
      .from(schema.orderEvents)
      .where(and(eq(schema.orderEvents.orderId, orderId), eq(schema.orderEvents.kind, "stage")))
      .orderBy(desc(schema.orderEvents.id))
      .limit(1);
    expect(event).toMatchObject({ fromStage: "deposit_received", toStage: "in_production", actor: "owner" });
    const [mail] = await db()
      .select()
      .from(schema.notifications)
      .where(
        and(eq(schema.notifications.kind, "order-stage-in_production"), eq(schema.notifications.entityId, orderId)),
      )
      .orderBy(desc(schema.notifications.id));
    expect(mail).toMatchObject({ channel: "email", recipient: "maria@example.com", status: "pending" });
    expect(mail!.subject).toContain("In production");
    expect(mail!.bodyText).toContain("/order-status?order=");
  });

  it("the pipeline board lists the order with its outstanding amount and only the staff moves", async () => {
    await setStage("quality_check");
    const res = await staffRequest(apps, cookie, "GET", "/api/admin/pipeline");
    expect(res.statusCode).toBe(200);
    const row = res.json().find((o: { id: number }) => o.id === orderId);
    const order = await orderRow(orderId);
    expect(row).toMatchObject({ stage: "quality_check", totalCents: order!.totalCents, paidCents: 0 });
    expect(row.outstandingCents).toBe(order!.totalCents);
    expect(row.moves).toEqual(["in_production", "ready_for_delivery", "cancelled"]);
  });
});

describe("balance paid moves by itself", () => {
  async function paidOrder() {
    const { order, invoices } = await bankTransferOrder();
    return { order, deposit: invoices[0]!, balance: invoices[1]! };
  }
  const pay = (id: number, cents: number) =>
    staffRequest(apps, cookie, "POST", `/api/admin/orders/${id}/payments`, {
      method: "bank-transfer",
      amount: cents / 100,
      receivedAt: "2026-03-02",
    });
  const stageRows = async (id: number) =>
    (
      await db()
        .select({ from: schema.orderEvents.fromStage, to: schema.orderEvents.toStage, actor: schema.orderEvents.actor })
        .from(schema.orderEvents)
        .where(and(eq(schema.orderEvents.orderId, id), eq(schema.orderEvents.kind, "stage")))
        .orderBy(asc(schema.orderEvents.id))
    ).map((e) => `${e.from}→${e.to} by ${e.actor}`);
  /** The order's last two moves: staff marked it delivered, and the system moved it on to balance paid. */
  const expectDeliveredThenBalancePaid = async (id: number) =>
    expect((await stageRows(id)).slice(-2)).toEqual([
      "ready_for_delivery→delivered by owner",
      "delivered→balance_paid by system",
    ]);
  const mails = async (id: number) =>
    (
      await db()
        .select({ kind: schema.notifications.kind })
        .from(schema.notifications)
        .where(and(eq(schema.notifications.entityId, id), eq(schema.notifications.channel, "email")))
        .orderBy(asc(schema.notifications.id))
    ).map((n) => n.kind);

  it("the balance recorded after delivery moves delivered → balance paid (system), with the payment's e-mail", async () => {
    const { order, deposit, balance } = await paidOrder();
    expect((await pay(order.id, deposit.amountCents)).statusCode).toBe(201);
    for (const stage of ["in_production", "quality_check", "ready_for_delivery", "delivered"]) {
      const res = await move(order.id, { stage });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().stage).toBe(stage);
    }
    // a part of the balance is not enough
    expect((await pay(order.id, 100_00)).statusCode).toBe(201);
    const partly = await orderRow(order.id);
    expect(partly!.stage).toBe("delivered");
    expect((await pay(order.id, balance.amountCents - 100_00)).statusCode).toBe(201);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ stage: "balance_paid", paymentStatus: "paid" });
    await expectDeliveredThenBalancePaid(order.id);
    // one e-mail for the payment, which says the order is paid in full (no second one for the stage)
    const kinds = await mails(order.id);
    expect(kinds).not.toContain("order-stage-balance_paid");
    expect(kinds.at(-1)).toBe("payment-received");
    // and staff complete it
    expect((await move(order.id, { stage: "completed" })).json().stage).toBe("completed");
  });

  it("a balance paid before delivery moves the order on to balance paid when staff mark it delivered", async () => {
    const { order, deposit, balance } = await paidOrder();
    expect((await pay(order.id, deposit.amountCents)).statusCode).toBe(201);
    for (const stage of ["in_production", "quality_check", "ready_for_delivery"]) {
      expect((await move(order.id, { stage })).statusCode).toBe(200);
    }
    // the whole balance arrives early: invoices paid, the stage stays (balance paid only after delivery)
    expect((await pay(order.id, balance.amountCents)).statusCode).toBe(201);
    const early = await orderRow(order.id);
    expect(early).toMatchObject({ stage: "ready_for_delivery", paymentStatus: "paid" });
    const res = await move(order.id, { stage: "delivered" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stage).toBe("balance_paid");
    const after = await orderRow(order.id);
    expect(after!.stage).toBe("balance_paid");
    await expectDeliveredThenBalancePaid(order.id);
    // one e-mail for the two moves: balance paid says the home is delivered and paid in full
    const kinds = await mails(order.id);
    expect(kinds).not.toContain("order-stage-delivered");
    expect(kinds.at(-1)).toBe("order-stage-balance_paid");
  });

  it("an order with money still due stays delivered", async () => {
    const { order, deposit } = await paidOrder();
    expect((await pay(order.id, deposit.amountCents)).statusCode).toBe(201);
    for (const stage of ["in_production", "quality_check", "ready_for_delivery", "delivered"]) {
      expect((await move(order.id, { stage })).json().stage).toBe(stage);
    }
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ stage: "delivered", paymentStatus: "pending" });
  });
});
