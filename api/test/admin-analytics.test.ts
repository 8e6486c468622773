// The Analytics tab's figures against a small data set computed by hand (see the comments).
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, dashboardStats } from "../src/modules/analytics/analytics.service";
import { signedInCookie, startTestApps, type TestApps } from "./harness";

let apps: TestApps;
// A Wednesday: the current week starts Monday 2026-03-16, the 12 months run 2025-04 … 2026-03.
const NOW = new Date("2026-03-18T12:00:00Z");

let n = 0;
function order(email: string, dollars: number, status: string, at: string) {
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
    status,
    createdAt: new Date(at),
    updatedAt: new Date(at),
  };
}

beforeAll(async () => {
  apps = await startTestApps({ seed: false });
  const db = apps.db.handle.db;
  await db.insert(schema.orders).values([
    order("a@x.com", 100_000, "delivered", "2026-03-16T10:00:00Z"), // March, this week
    order("a@x.com", 50_000, "pending", "2026-03-02T09:00:00Z"), // March, week of Mar 2
    order("b@x.com", 80_000, "shipped", "2026-02-10T00:00:00Z"), // February, week of Feb 9
    order("c@x.com", 30_000, "cancelled", "2026-02-11T00:00:00Z"), // no revenue; still an order of week Feb 9
    order("d@x.com", 20_000, "confirmed", "2025-04-05T00:00:00Z"), // April 2025: the oldest month shown
    order("e@x.com", 10_000, "pending", "2025-03-31T23:00:00Z"), // March 2025: outside the 12 months
    order("B@X.com", 5_000, "in_production", "2026-01-20T00:00:00Z"), // January; week of Jan 19 is before the 8 weeks
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
  it("monthly revenue: 12 calendar months, cancelled orders excluded", async () => {
    const a = await analytics(apps.db.handle.db, NOW);
    expect(a.monthlyRevenue.map((m) => m.month)).toEqual([
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
    ]);
    const byMonth = Object.fromEntries(a.monthlyRevenue.map((m) => [m.month, [m.revenue, m.orders]]));
    expect(byMonth["2025-04"]).toEqual([20_000, 1]);
    expect(byMonth["2026-01"]).toEqual([5_000, 1]);
    expect(byMonth["2026-02"]).toEqual([80_000, 1]);
    expect(byMonth["2026-03"]).toEqual([150_000, 2]);
    expect(a.monthlyRevenue.reduce((s, m) => s + m.revenue, 0)).toBe(255_000);
  });

  it("order status distribution counts every order by its status", async () => {
    const a = await analytics(apps.db.handle.db, NOW);
    expect(a.orderStatusDistribution).toEqual([
      { status: "pending", count: 2 },
      { status: "confirmed", count: 1 },
      { status: "in_production", count: 1 },
      { status: "shipped", count: 1 },
      { status: "delivered", count: 1 },
      { status: "cancelled", count: 1 },
    ]);
  });

  it("weekly orders: the 8 weeks starting Monday, all statuses", async () => {
    const a = await analytics(apps.db.handle.db, NOW);
    expect(a.weeklyOrders).toEqual([
      { weekStart: "2026-01-26", orders: 0 },
      { weekStart: "2026-02-02", orders: 0 },
      { weekStart: "2026-02-09", orders: 2 },
      { weekStart: "2026-02-16", orders: 0 },
      { weekStart: "2026-02-23", orders: 0 },
      { weekStart: "2026-03-02", orders: 1 },
      { weekStart: "2026-03-09", orders: 0 },
      { weekStart: "2026-03-16", orders: 1 },
    ]);
  });

  it("customer acquisition", async () => {
    const a = await analytics(apps.db.handle.db, NOW);
    // not-cancelled orders: 6, from a, b (twice, case-insensitive), d, e → 4 customers; revenue 265,000
    expect(a.customerAcquisition).toEqual({
      totalCustomers: 4,
      enquirers: 3, // a, c, z (the chat without e-mail is not counted)
      convertedEnquirers: 1, // a; c's only order is cancelled
      conversionRate: 33.33,
      averageOrderValue: 44_166.67, // 265,000 / 6
      customerLifetimeValue: 66_250, // 265,000 / 4
    });
  });

  it("dashboard cards", async () => {
    const s = await dashboardStats(apps.db.handle.db);
    // no payment recorded: nothing received yet, 265,000 ordered
    expect(s).toMatchObject({
      totalOrders: 7,
      pendingOrders: 2,
      totalRevenue: 0,
      orderedAmount: 265_000,
      newContacts: 5,
    });
  });

  it("an empty database gives zeros, not errors", async () => {
    const empty = await startTestApps({ seed: false });
    try {
      const a = await analytics(empty.db.handle.db, NOW);
      expect(a.monthlyRevenue.every((m) => m.revenue === 0)).toBe(true);
      expect(a.weeklyOrders.every((w) => w.orders === 0)).toBe(true);
      expect(a.customerAcquisition).toMatchObject({ totalCustomers: 0, conversionRate: 0, averageOrderValue: 0 });
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

  // the figures come from rollups kept by triggers (migration 0014): they follow every kind of change
  it("follows a status change, a deletion and a changed e-mail", async () => {
    const db = apps.db.handle.db;
    await db.update(schema.orders).set({ status: "cancelled" }).where(eq(schema.orders.email, "b@x.com"));
    await db.delete(schema.orders).where(eq(schema.orders.email, "e@x.com"));
    await db.update(schema.enquiries).set({ email: "B@x.com" }).where(eq(schema.enquiries.email, "z@x.com"));
    const a = await analytics(db, NOW);
    const byStatus = Object.fromEntries(a.orderStatusDistribution.map((s) => [s.status, s.count]));
    expect(byStatus).toMatchObject({ pending: 1, shipped: 0, cancelled: 2 });
    expect(a.monthlyRevenue.find((m) => m.month === "2026-02")).toEqual({ month: "2026-02", revenue: 0, orders: 0 });
    // not cancelled: a (twice), d, B@X.com → customers a, d, b; enquirers a, c, b; b and a ordered
    expect(a.customerAcquisition).toEqual({
      totalCustomers: 3,
      enquirers: 3,
      convertedEnquirers: 2,
      conversionRate: 66.67,
      averageOrderValue: 43_750, // 175,000 / 4
      customerLifetimeValue: 58_333.33, // 175,000 / 3
    });
  });
});
