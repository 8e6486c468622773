// Issue 21: the dashboard and the Analytics tab read the ledger. Orders placed through the API: one with
// its deposit recorded by staff, one left unpaid, one cancelled; revenue received is the deposit (cash),
// revenue booked the two orders not cancelled, the average order value booked / 2, orders are counted by
// stage, and a Lighthouse run is no visitor. Then an order taken through every stage to completed shows
// as Completed, wins its lead (markLeadWonForOrder) and leaves its moves and payments in the Activity log.

import type { AnalyticsDto, DashboardStatsDto } from "@ch/contracts/admin";
import { schema } from "@ch/db";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { markLeadWonForOrder } from "../src/modules/leads/leads.service";
import { type TestApps, useSignedInApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";
import { placeOrderOf, productsInStock } from "./order-fixtures";
import { staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;
let products: { id: number; price: number }[];

const LIGHTHOUSE =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
const PHONE =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";

const db = () => apps.db.handle.db;
const today = () => apps.clock.now().toISOString().slice(0, 10);

useSignedInApps(
  { env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000, apiVersion: LEGACY_API_VERSION },
  (signedIn) => {
    ({ apps, cookie } = signedIn);
  },
);
beforeAll(async () => {
  products = await productsInStock(db(), 4);
}, 120_000);

async function placeOrder(product: { id: number; price: number }, email: string) {
  const { order, invoices } = await placeOrderOf(apps, product, { paymentMethod: "bank-transfer", email });
  return { order, invoices };
}

const admin = (method: "GET" | "PUT" | "POST", url: string, payload?: Record<string, unknown>) =>
  staffRequest(apps, cookie, method, url, payload);

const recordPayment = async (orderId: number, cents: number) => {
  const res = await admin("POST", `/api/admin/orders/${orderId}/payments`, {
    amount: cents / 100,
    receivedAt: today(),
    reference: `WIRE-${orderId}-${cents}`,
  });
  expect(res.statusCode, res.body).toBe(201);
};

const moveTo = async (orderId: number, stage: string, reason?: string) => {
  const res = await admin("PUT", `/api/admin/orders/${orderId}/stage`, { stage, ...(reason ? { reason } : {}) });
  expect(res.statusCode, res.body).toBe(200);
};

const stats = async (): Promise<DashboardStatsDto> => {
  const res = await admin("GET", "/api/admin/dashboard/stats");
  expect(res.statusCode).toBe(200);
  return res.json();
};
const analytics = async (): Promise<AnalyticsDto> => {
  const res = await apps.backoffice.inject({ method: "GET", url: "/api/trpc/admin.analytics", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().result.data;
};
const countOf = (a: AnalyticsDto, stage: string) => a.ordersByStage.find((s) => s.stage === stage)?.count;

describe("the dashboard reads the ledger", () => {
  let paid: Awaited<ReturnType<typeof placeOrder>>;
  let unpaid: Awaited<ReturnType<typeof placeOrder>>;
  let cancelled: Awaited<ReturnType<typeof placeOrder>>;
  let depositCents: number;

  beforeAll(async () => {
    paid = await placeOrder(products[0]!, "paid@example.com");
    unpaid = await placeOrder(products[1]!, "unpaid@example.com");
    cancelled = await placeOrder(products[2]!, "cancelled@example.com");
    depositCents = paid.invoices.find((i) => i.kind === "deposit")!.amountCents;
    await recordPayment(paid.order.id, depositCents);
    await moveTo(cancelled.order.id, "cancelled", "Customer withdrew");
  });

  it("cards: received is the deposit, booked the two orders not cancelled, counted by stage", async () => {
    const booked = paid.order.totalCents + unpaid.order.totalCents;
    const s = await stats();
    expect(s).toMatchObject({
      totalOrders: 3,
      pendingOrders: 1, // the unpaid one, awaiting its deposit
      cancelledOrders: 1,
      bookedOrders: 2,
      revenueReceivedCents: depositCents,
      refundedCents: 0,
      revenueBookedCents: booked,
      totalRevenue: depositCents / 100,
      orderedAmount: booked / 100,
    });
    const recent = Object.fromEntries(s.recentOrders.map((o) => [o.orderNumber, o.stage]));
    expect(recent).toEqual({
      [paid.order.orderNumber]: "deposit_received",
      [unpaid.order.orderNumber]: "awaiting_deposit",
      [cancelled.order.orderNumber]: "cancelled",
    });
  });

  it("analytics: both monthly series, average order value = booked / 2, orders by stage", async () => {
    const booked = paid.order.totalCents + unpaid.order.totalCents;
    const a = await analytics();
    const month = a.monthlyRevenue.at(-1)!;
    expect(month.month).toBe(today().slice(0, 7));
    expect(month).toMatchObject({ bookedCents: booked, receivedCents: depositCents, orders: 2 });
    expect(a.monthlyRevenue.slice(0, -1).every((m) => m.bookedCents === 0 && m.receivedCents === 0)).toBe(true);
    expect(a.customerAcquisition).toMatchObject({
      bookedOrders: 2,
      bookedCents: booked,
      receivedCents: depositCents,
      averageOrderValueCents: Math.round(booked / 2),
      totalCustomers: 2,
      customerLifetimeValueCents: Math.round(booked / 2),
    });
    expect(a.ordersByStage.filter((s) => s.count > 0)).toEqual([
      { stage: "awaiting_deposit", count: 1 },
      { stage: "deposit_received", count: 1 },
      { stage: "cancelled", count: 1 },
    ]);
  });

  it("a refund is received money going back: received drops, booked does not move", async () => {
    const before = await stats();
    const res = await admin("POST", `/api/admin/orders/${paid.order.id}/payments`, {
      amount: -100,
      receivedAt: today(),
      reason: "goodwill",
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await stats();
    expect(after.revenueReceivedCents).toBe(before.revenueReceivedCents - 10_000);
    expect(after.refundedCents).toBe(10_000);
    expect(after.revenueBookedCents).toBe(before.revenueBookedCents);
    expect((await analytics()).monthlyRevenue.at(-1)!.receivedCents).toBe(depositCents - 10_000);
  });

  it("a Lighthouse run is no visitor; a phone is one", async () => {
    const visit = (ua: string, path: string) =>
      apps.storefront.inject({ method: "POST", url: "/api/visits", payload: { path }, headers: { "user-agent": ua } });
    for (const path of ["/", "/products", "/product/1", "/blog", "/contact", "/about"]) {
      expect((await visit(LIGHTHOUSE, path)).json()).toEqual({ recorded: false, newVisitor: false });
    }
    const visitorStats = async () => (await admin("GET", "/api/admin/visitor-stats")).json();
    expect(await visitorStats()).toMatchObject({ totalVisits: 0, uniqueVisitors: 0, topDevices: [] });
    expect((await visit(PHONE, "/")).json()).toEqual({ recorded: true, newVisitor: true });
    expect(await visitorStats()).toMatchObject({
      totalVisits: 1,
      uniqueVisitors: 1,
      topDevices: [{ device: "Mobile", count: 1 }],
    });
  });
});

describe("an order taken to completed", () => {
  it("shows as Completed, wins its lead and leaves its moves and payments in the Activity log", async () => {
    const email = "Builder@Example.com";
    // the lead came first, through the contact form
    const contact = await apps.storefront.inject({
      method: "POST",
      url: "/api/contact",
      payload: { firstName: "Bo", lastName: "Builder", email: "builder@example.com", message: "A 40ft home, please." },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const leadId = contact.json().id as number;

    const { order, invoices } = await placeOrder(products[3]!, email);
    const [deposit, balance] = invoices;
    await recordPayment(order.id, deposit!.amountCents); // → deposit received (the ledger moves it)
    for (const stage of ["in_production", "quality_check", "ready_for_delivery", "delivered"])
      await moveTo(order.id, stage);
    await recordPayment(order.id, balance!.amountCents); // → balance paid
    await moveTo(order.id, "completed");

    const [row] = await db().select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(row).toMatchObject({ stage: "completed", status: "delivered", paymentStatus: "paid" });
    const a = await analytics();
    expect(countOf(a, "completed")).toBe(1);
    expect(countOf(a, "delivered")).toBe(0);
    const s = await stats();
    expect(s.recentOrders.find((o) => o.orderNumber === order.orderNumber)?.stage).toBe("completed");

    const [lead] = await db().select().from(schema.enquiries).where(eq(schema.enquiries.id, leadId));
    expect(lead!.status).toBe("won");

    // nothing filters the money and the moves out of the Activity log
    const audit = await apps.backoffice.inject({
      method: "GET",
      url: `/api/trpc/admin.audit?input=${encodeURIComponent(JSON.stringify({ limit: 1000 }))}`,
      headers: { cookie },
    });
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().result.data as {
      action: string;
      adminName: string;
      entityId: string | null;
      detail: Record<string, unknown>;
    }[];
    const forOrder = entries.filter((e) => e.detail.orderNumber === order.orderNumber);
    const moves = forOrder
      .filter((e) => e.action === "order.stage")
      .map((e) => `${e.detail.from}→${e.detail.to} by ${e.adminName}`)
      .reverse();
    expect(moves).toEqual([
      "awaiting_deposit→deposit_received by system",
      "deposit_received→in_production by owner",
      "in_production→quality_check by owner",
      "quality_check→ready_for_delivery by owner",
      "ready_for_delivery→delivered by owner",
      "delivered→balance_paid by system",
      "balance_paid→completed by owner",
    ]);
    const payments = forOrder.filter((e) => e.action === "payment.record");
    expect(payments.map((e) => e.detail.amountCents).sort()).toEqual(
      [deposit!.amountCents, balance!.amountCents].sort(),
    );
    expect(payments.every((e) => e.adminName === "owner")).toBe(true);
    expect(entries.find((e) => e.action === "enquiry.status" && e.entityId === String(leadId))).toMatchObject({
      adminName: "system",
      detail: { from: "new", to: "won", orderNumber: order.orderNumber },
    });
  });
});

describe("markLeadWonForOrder", () => {
  it("wins the proposal's enquiry and the open enquiries from the order's e-mail sent before it", async () => {
    const { order } = await placeOrder(products[0]!, "Pat.Owner@example.com");
    const before = new Date(order.createdAt.getTime() - 86_400_000);
    const after = new Date(order.createdAt.getTime() + 60_000);
    const lead = (email: string, status: string, createdAt: Date) => ({
      source: "contact-form",
      firstName: "Pat",
      email,
      status,
      createdAt,
      updatedAt: createdAt,
    });
    const ids = (
      await db()
        .insert(schema.enquiries)
        .values([
          lead("proposal-lead@example.com", "closed", before), // 0: the proposal's own enquiry: won even closed
          lead("pat.owner@example.com", "contacted", before), // 1: same e-mail (case-insensitive), open: won
          lead("PAT.OWNER@EXAMPLE.COM", "new", before), // 2: won
          lead("pat.owner@example.com", "qualified", before), // 3: won
          lead("pat.owner@example.com", "closed", before), // 4: closed (lost) stays closed
          lead("pat.owner@example.com", "new", after), // 5: sent after the order: not this order's lead
          lead("someone.else@example.com", "new", before), // 6: another person
        ])
        .returning({ id: schema.enquiries.id })
    ).map((r) => r.id);
    const [proposal] = await db()
      .insert(schema.proposals)
      .values({
        token: `won-test-${order.id}`,
        enquiryId: ids[0]!,
        customerName: "Pat Owner",
        email: "pat.owner@example.com",
        state: "TX",
        status: "accepted",
        orderId: order.id,
      })
      .returning({ id: schema.proposals.id });
    await db().update(schema.orders).set({ proposalId: proposal!.id }).where(eq(schema.orders.id, order.id));

    await db().transaction((tx) => markLeadWonForOrder(tx, order.id));
    const statuses = async () => {
      const rows = await db()
        .select({ id: schema.enquiries.id, status: schema.enquiries.status })
        .from(schema.enquiries)
        .where(inArray(schema.enquiries.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r.status]));
      return ids.map((id) => byId.get(id));
    };
    expect(await statuses()).toEqual(["won", "won", "won", "won", "closed", "new", "new"]);
    const audited = await db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "enquiry.status"), inArray(schema.auditLog.entityId, ids.map(String))));
    expect(audited).toHaveLength(4);
    for (const entry of audited) {
      expect(entry).toMatchObject({ adminName: "system", adminId: null, entityType: "enquiry" });
      expect(entry.detail).toMatchObject({ to: "won", orderId: order.id, orderNumber: order.orderNumber });
    }
    expect(audited.map((e) => e.detail.from).sort()).toEqual(["closed", "contacted", "new", "qualified"]);

    // once is enough: a second call changes nothing and audits nothing
    await db().transaction((tx) => markLeadWonForOrder(tx, order.id));
    expect(await statuses()).toEqual(["won", "won", "won", "won", "closed", "new", "new"]);
    const again = await db()
      .select({ id: schema.auditLog.id })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "enquiry.status"), inArray(schema.auditLog.entityId, ids.map(String))));
    expect(again).toHaveLength(4);
  });

  it("an order without a proposal or an earlier enquiry wins nothing; an unknown order is no error", async () => {
    const { order } = await placeOrder(products[1]!, "nobody-asked@example.com");
    await expect(db().transaction((tx) => markLeadWonForOrder(tx, order.id))).resolves.toBeUndefined();
    await expect(db().transaction((tx) => markLeadWonForOrder(tx, 987_654))).resolves.toBeUndefined();
  });

  it("the back office's lead statuses include won", async () => {
    const [lead] = await db()
      .insert(schema.enquiries)
      .values({ source: "contact-form", firstName: "W", email: "w@example.com" })
      .returning({ id: schema.enquiries.id });
    const res = await admin("PUT", `/api/admin/contacts/${lead!.id}/status`, { status: "won" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("won");
  });
});
