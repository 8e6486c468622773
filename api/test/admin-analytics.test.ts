// The dashboard's and the Analytics tab's figures against a small data set computed by hand (see the
// comments): revenue booked (orders not cancelled, by order date) and received (the payment ledger, by
// the day the money arrived), and orders by stage (the order's one state).

import type { OrderStage } from "@ch/contracts/stages";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, dashboardStats } from "../src/modules/analytics/analytics.service";
import { LEGACY_STATUS } from "../src/modules/orders/stages.service";
import { signedInCookie, startTestApps, type TestApps } from "./harness";

let apps: TestApps;
// A Wednesday: the current week starts Monday 2026-03-16, the 12 months run 2025-04 … 2026-03.
const NOW = new Date("2026-03-18T12:00:00Z");

let n = 0;
/** An order at a stage, with the status the stage service derives from it. */
function order(email: string, dollars: number, stage: OrderStage, at: string) {
  n += 1;
  const cents = Math.round(dollars * 100);
  return {
    orderNumber: `CH-TEST-${n}`,
    firstName: "Test",
    lastName: `Buyer${n}`,
    email,
    phone: "210-555-0100",
    address: "1 Main St",
    city: "San Antonio",
    state: "TX",
    zipCode: "78205",
    paymentMethod: "usdt",
    subtotalCents: cents,
    taxCents: 0,
    shippingCents: 0,
    totalCents: cents,
    stage,
    status: LEGACY_STATUS[stage],
    createdAt: new Date(at),
    updatedAt: new Date(at),
  };
}

function payment(orderId: number, dollars: number, receivedAt: string | null, status = "recorded") {
  return {
    orderId,
    method: "bank-transfer",
    status,
    amountCents: Math.round(dollars * 100),
    receivedAt: receivedAt ? new Date(receivedAt) : null,
    recordedBy: "owner",
    ...(dollars < 0 ? { reason: "cancelled" } : {}),
    createdAt: new Date(receivedAt ?? "2026-01-21T10:00:00Z"),
  };
}

beforeAll(async () => {
  apps = await startTestApps({ seed: false });
  const db = apps.db.handle.db;
  const ids = (
    await db
      .insert(schema.orders)
      .values([
        order("a@x.com", 100_000, "completed", "2026-03-16T10:00:00Z"), // March, this week; derived status "delivered"
        order("a@x.com", 50_000, "awaiting_deposit", "2026-03-02T09:00:00Z"), // March, week of Mar 2; unpaid
        order("b@x.com", 80_000, "ready_for_delivery", "2026-02-10T00:00:00Z"), // February, week of Feb 9
        order("c@x.com", 30_000, "cancelled", "2026-02-11T00:00:00Z"), // not booked; still an order of week Feb 9
        order("d@x.com", 20_000, "deposit_received", "2025-04-05T00:00:00Z"), // April 2025: the oldest month shown
        order("e@x.com", 10_000, "awaiting_deposit", "2025-03-31T23:00:00Z"), // March 2025: outside the 12 months
        order("B@X.com", 5_000, "in_production", "2026-01-20T00:00:00Z"), // January; week of Jan 19 is before the 8 weeks
      ])
      .returning({ id: schema.orders.id })
  ).map((r) => r.id);
  const [o1, o2, o3, o4, o5, o6, o7] = ids as [number, number, number, number, number, number, number];
  await db.insert(schema.payments).values([
    payment(o1, 50_000, "2026-03-16T12:00:00Z"), // deposit, March
    payment(o1, 50_000, "2026-03-17T12:00:00Z"), // balance, March
    payment(o3, 40_000, "2026-02-12T00:00:00Z"), // deposit, February
    payment(o4, 15_000, "2026-02-11T12:00:00Z"), // deposit of the cancelled order, February …
    payment(o4, -15_000, "2026-03-01T00:00:00Z"), // … refunded in March
    payment(o5, 10_000, "2025-04-06T00:00:00Z"), // April 2025
    payment(o6, 5_000, "2025-03-31T23:30:00Z"), // March 2025: outside the 12 months, still received
    payment(o7, 2_500, null), // no arrival day: the day it was recorded (2026-01-21)
    payment(o2, 99_999, "2026-03-03T00:00:00Z", "pending_verification"), // not recorded: not received
    payment(o2, 77_777, "2026-03-03T00:00:00Z", "rejected"),
  ]);
  const at = new Date("2026-01-05T00:00:00Z");
  await db.insert(schema.enquiries).values([
    { source: "contact-form", firstName: "A", email: "a@x.com", createdAt: at },
    { source: "quote-request", firstName: "A", email: "A@x.com", createdAt: at }, // same person as above
    { source: "call-request", firstName: "C", email: "c@x.com", createdAt: at }, // only a cancelled order
    { source: "roi", firstName: "Z", email: "z@x.com", createdAt: at }, // never ordered
    { source: "chat", message: "hello", email: "", createdAt: at }, // no e-mail: not counted
  ]);
});
afterAll(async () => {
  await apps?.close();
});

describe("analytics on a known data set", () => {
  it("monthly revenue: 12 calendar months, booked by order date and received by payment date", async () => {
    const a = await analytics(apps.db.handle.db, NOW);
    expect(a.monthlyRevenue.map((m) => m.month)).toEqual(
      "2025-04 2025-05 2025-06 2025-07 2025-08 2025-09 2025-10 2025-11 2025-12 2026-01 2026-02 2026-03".split(" "),
    );
    const byMonth = Object.fromEntries(
      a.monthlyRevenue.map((m) => [m.month, [m.bookedCents / 100, m.orders, m.receivedCents / 100]]),
    );
    // [booked, orders booked, received]
    expect(byMonth["2025-04"]).toEqual([20_000, 1, 10_000]);
    expect(byMonth["2025-05"]).toEqual([0, 0, 0]);
    expect(byMonth["2026-01"]).toEqual([5_000, 1, 2_500]);
    // the cancelled order is not booked; its deposit was received in February and refunded in March
    expect(byMonth["2026-02"]).toEqual([80_000, 1, 55_000]);
    expect(byMonth["2026-03"]).toEqual([150_000, 2, 85_000]);
    expect(a.monthlyRevenue.reduce((s, m) => s + m.bookedCents, 0)).toBe(25_500_000);
    expect(a.monthlyRevenue.reduce((s, m) => s + m.receivedCents, 0)).toBe(15_250_000);
  });

  it("counts every order by its stage: a completed order is Completed, not delivered", async () => {
    const a = await analytics(apps.db.handle.db, NOW);
    expect(Object.fromEntries(a.ordersByStage.map((s) => [s.stage, s.count]))).toEqual({
      awaiting_deposit: 2,
      deposit_received: 1,
      in_production: 1,
      quality_check: 0,
      ready_for_delivery: 1,
      delivered: 0,
      balance_paid: 0,
      completed: 1,
      cancelled: 1,
    });
  });

  it("weekly orders: the 8 weeks starting Monday, all stages", async () => {
    const a = await analytics(apps.db.handle.db, NOW);
    expect(a.weeklyOrders.map((w) => w.weekStart)).toEqual(
      "2026-01-26 2026-02-02 2026-02-09 2026-02-16 2026-02-23 2026-03-02 2026-03-09 2026-03-16".split(" "),
    );
    expect(a.weeklyOrders.map((w) => w.orders)).toEqual([0, 0, 2, 0, 0, 1, 0, 1]);
  });

  it("customer acquisition: average order value and lifetime value on booked orders", async () => {
    const a = await analytics(apps.db.handle.db, NOW);
    // booked (not cancelled): 6 orders, from a, b (twice, case-insensitive), d, e → 4 customers; 265,000 booked
    expect(a.customerAcquisition).toEqual({
      totalCustomers: 4,
      enquirers: 3, // a, c, z (the chat without e-mail is not counted)
      convertedEnquirers: 1, // a; c's only order is cancelled
      conversionRate: 33.33,
      bookedOrders: 6,
      bookedCents: 26_500_000,
      receivedCents: 15_750_000, // every recorded payment, refunds deducted, whatever its month
      averageOrderValueCents: 4_416_667, // 265,000 / 6
      customerLifetimeValueCents: 6_625_000, // 265,000 / 4
    });
  });

  it("dashboard cards: received and booked apart", async () => {
    const s = await dashboardStats(apps.db.handle.db);
    expect(s).toMatchObject({
      totalOrders: 7,
      pendingOrders: 2, // awaiting deposit
      cancelledOrders: 1,
      bookedOrders: 6,
      revenueReceivedCents: 15_750_000, // 100,000 + 40,000 + 15,000 − 15,000 + 10,000 + 5,000 + 2,500
      refundedCents: 1_500_000,
      revenueBookedCents: 26_500_000,
      totalRevenue: 157_500,
      orderedAmount: 265_000,
      newContacts: 5,
    });
    expect(s.recentOrders[0]).toMatchObject({ orderNumber: "CH-TEST-1", stage: "completed", status: "delivered" });
  });

  it("an empty database gives zeros, not errors", async () => {
    const empty = await startTestApps({ seed: false });
    try {
      const a = await analytics(empty.db.handle.db, NOW);
      expect(a.monthlyRevenue.every((m) => m.bookedCents === 0 && m.receivedCents === 0)).toBe(true);
      expect(a.weeklyOrders.every((w) => w.orders === 0)).toBe(true);
      expect(a.ordersByStage.every((s) => s.count === 0)).toBe(true);
      expect(a.customerAcquisition).toMatchObject({
        totalCustomers: 0,
        conversionRate: 0,
        averageOrderValueCents: 0,
        customerLifetimeValueCents: 0,
      });
      expect(await dashboardStats(empty.db.handle.db)).toMatchObject({
        totalOrders: 0,
        revenueReceivedCents: 0,
        revenueBookedCents: 0,
      });
    } finally {
      await empty.close();
    }
  });

  it("is served to a signed-in admin over tRPC", async () => {
    const cookie = await signedInCookie(apps);
    const res = await apps.backoffice.inject({ method: "GET", url: "/api/trpc/admin.analytics", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const data = res.json().result.data;
    expect(data.monthlyRevenue).toHaveLength(12);
    expect(data.weeklyOrders).toHaveLength(8);
    expect(data.customerAcquisition.totalCustomers).toBe(4);
  });

  // booked months, customers and enquirers come from rollups kept by triggers (migration 0014), stages
  // from the orders: they follow every kind of change
  it("follows a cancellation, a deletion and a changed e-mail", async () => {
    const db = apps.db.handle.db;
    await db
      .update(schema.orders)
      .set({ stage: "cancelled", status: LEGACY_STATUS.cancelled })
      .where(eq(schema.orders.email, "b@x.com"));
    await db.delete(schema.orders).where(eq(schema.orders.email, "e@x.com"));
    await db.update(schema.enquiries).set({ email: "B@x.com" }).where(eq(schema.enquiries.email, "z@x.com"));
    const a = await analytics(db, NOW);
    const byStage = Object.fromEntries(a.ordersByStage.map((s) => [s.stage, s.count]));
    expect(byStage).toMatchObject({ awaiting_deposit: 1, ready_for_delivery: 0, cancelled: 2 });
    expect(a.monthlyRevenue.find((m) => m.month === "2026-02")).toEqual({
      month: "2026-02",
      bookedCents: 0,
      orders: 0,
      receivedCents: 5_500_000, // cash received stays received until it is refunded
    });
    // not cancelled: a (twice), d, B@X.com → customers a, d, b; enquirers a, c, b; b and a ordered
    expect(a.customerAcquisition).toMatchObject({
      totalCustomers: 3,
      enquirers: 3,
      convertedEnquirers: 2,
      conversionRate: 66.67,
      bookedOrders: 4,
      bookedCents: 17_500_000,
      averageOrderValueCents: 4_375_000, // 175,000 / 4
      customerLifetimeValueCents: 5_833_333, // 175,000 / 3
    });
  });
});
