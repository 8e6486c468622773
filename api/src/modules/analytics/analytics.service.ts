// Dashboard cards and the Analytics tab, computed from the ledger and the orders (never sample figures).
// Two revenues, never mixed and always named:
//   - received: cash, the payments recorded in the ledger (payments.status = 'recorded'), refunds
//     negative, whatever the order's stage; by the day the money arrived (received_at, else created_at);
//   - booked: the totals (tax and delivery included) of every order whose stage is not cancelled, paid
//     or not; by the day the order was placed.
// An order's state is its stage (orders.status is derived from it), so orders are counted by stage.
// Reads that would grow with history come from rollups or indexes; see orderFigures.

import type { AnalyticsDto, DashboardStatsDto } from "@ch/contracts/admin";
import { ORDER_STAGES, type OrderStage } from "@ch/contracts/stages";
import { type Database, type Executor, rowsOf, schema } from "@ch/db";
import { count, eq, sql } from "drizzle-orm";
import { readCache } from "../../lib/read-cache";
import { listContactsForAdmin } from "../leads";
import { listOrdersForAdmin } from "../orders";

export type { AnalyticsDto } from "@ch/contracts/admin";

const { enquiries, products, roiCalculations } = schema;

const num = (v: string | number | null | undefined) => Number(v ?? 0);

/** Revenue received: Σ recorded payments (refunds are negative amounts), and the refunds among them. */
async function received(db: Executor) {
  const [row] = rowsOf<{ cents: string | number; refunded: string | number }>(
    await db.execute(sql`
      select coalesce(sum(amount_cents), 0)::bigint as cents,
             coalesce(-sum(amount_cents) filter (where amount_cents < 0), 0)::bigint as refunded
      from payments where status = 'recorded'`),
  );
  return { cents: num(row?.cents), refundedCents: num(row?.refunded) };
}

/**
 * Orders per stage (a pass over orders_stage_idx: an index-only scan on PostgreSQL), and the booked orders
 * with the sum of their totals from the daily counts the database keeps (order_daily_counts, migration
 * 0014), which are keyed by the derived status: its "cancelled" is exactly the stage cancelled (stages.service
 * LEGACY_STATUS), so "status <> 'cancelled'" there is "stage <> 'cancelled'" without reading every order.
 */
async function orderFigures(db: Executor) {
  const rows = rowsOf<{ stage: string; n: number }>(
    await db.execute(sql`select stage, count(*)::int as n from orders group by stage`),
  );
  const byStage = new Map(rows.map((r) => [r.stage, Number(r.n)]));
  const [bookedRow] = rowsOf<{ orders: number; cents: string | number }>(
    await db.execute(sql`
      select coalesce(sum(orders), 0)::int as orders, coalesce(sum(total_cents), 0)::bigint as cents
      from order_daily_counts where status <> 'cancelled'`),
  );
  return {
    byStage: ORDER_STAGES.map((stage) => ({ stage, count: byStage.get(stage) ?? 0 })),
    countOf: (stage: OrderStage) => byStage.get(stage) ?? 0,
    total: [...byStage.values()].reduce((sum, n) => sum + n, 0),
    booked: Number(bookedRow?.orders ?? 0),
    bookedCents: num(bookedRow?.cents),
  };
}

export async function dashboardStats(db: Executor): Promise<DashboardStatsDto> {
  const stages = await orderFigures(db);
  const cash = await received(db);
  const [contactRow] = await db.select({ n: count() }).from(enquiries).where(eq(enquiries.status, "new"));
  const [productRow] = await db.select({ n: count() }).from(products);
  const [roiRow] = await db.select({ n: count() }).from(roiCalculations);
  return {
    totalOrders: stages.total,
    pendingOrders: stages.countOf("awaiting_deposit"),
    cancelledOrders: stages.countOf("cancelled"),
    bookedOrders: stages.booked,
    revenueReceivedCents: cash.cents,
    refundedCents: cash.refundedCents,
    revenueBookedCents: stages.bookedCents,
    totalRevenue: cash.cents / 100,
    orderedAmount: stages.bookedCents / 100,
    newContacts: Number(contactRow?.n ?? 0),
    totalProducts: Number(productRow?.n ?? 0),
    roiCalculations: Number(roiRow?.n ?? 0),
    recentOrders: await listOrdersForAdmin(db, { limit: 5 }),
    recentContacts: await listContactsForAdmin(db, { limit: 5 }),
  };
}

/** How old the dashboard's figures may be when another process changed the data (this one's writes show at once). */
export const DASHBOARD_STATS_MAX_AGE_MS = 5_000;

/** The dashboard cards, which every open dashboard polls: computed at most once per 5 s per process. */
export function recentDashboardStats(db: Database): Promise<DashboardStatsDto> {
  return readCache(db).recent("admin:stats", DASHBOARD_STATS_MAX_AGE_MS, () => dashboardStats(db));
}

/** How old the Analytics tab's figures may be when another process changed the data (this one's writes show at once). */
export const ANALYTICS_MAX_AGE_MS = 30_000;

/**
 * The Analytics tab. One answer is kept per process for at most 30 s (every open tab polls it), dropped by
 * any write this process answers; keyed by the UTC day, since the months and weeks shown depend on the date.
 */
export function recentAnalytics(db: Database, now: Date): Promise<AnalyticsDto> {
  return readCache(db).recent(`admin:analytics:${now.toISOString().slice(0, 10)}`, ANALYTICS_MAX_AGE_MS, () =>
    analytics(db, now),
  );
}

const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

/** Monday 00:00 UTC of the week that holds `d`. */
function weekStart(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
}

export async function analytics(db: Executor, now: Date): Promise<AnalyticsDto> {
  const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  // booked by the month the order was placed, from the daily counts the database keeps (order_daily_counts,
  // migration 0014; keyed by the derived status, whose "cancelled" is exactly the stage cancelled)
  const bookedRows = rowsOf<{ month: string; orders: number; cents: string | number }>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM') as month, sum(orders)::int as orders, coalesce(sum(total_cents), 0)::bigint as cents
      from order_daily_counts
      where status <> 'cancelled' and day >= ${firstMonth.toISOString().slice(0, 10)}::date
      group by 1`),
  );
  // received by the month the money arrived: one pass over the recorded payments gives every month, and
  // so the all-time total too
  const receivedRows = rowsOf<{ month: string; cents: string | number }>(
    await db.execute(sql`
      select to_char(coalesce(received_at, created_at) at time zone 'UTC', 'YYYY-MM') as month,
             coalesce(sum(amount_cents), 0)::bigint as cents
      from payments where status = 'recorded'
      group by 1`),
  );
  const booked = new Map(bookedRows.map((r) => [r.month, r]));
  const cashByMonth = new Map(receivedRows.map((r) => [r.month, num(r.cents)]));
  const monthlyRevenue = Array.from({ length: 12 }, (_, i) => {
    const key = monthKey(new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + i, 1)));
    const row = booked.get(key);
    return {
      month: key,
      bookedCents: num(row?.cents),
      receivedCents: cashByMonth.get(key) ?? 0,
      orders: Number(row?.orders ?? 0),
    };
  });

  const receivedCents = receivedRows.reduce((sum, r) => sum + num(r.cents), 0);
  const stages = await orderFigures(db);

  // orders placed per week, whatever their stage: the daily counts the database keeps (migration 0014)
  const firstWeek = new Date(weekStart(now).getTime() - 7 * 7 * 86_400_000);
  const weekly = rowsOf<{ week: string; orders: number }>(
    await db.execute(sql`
      select to_char(date_trunc('week', day), 'YYYY-MM-DD') as week, sum(orders)::int as orders
      from order_daily_counts where day >= ${firstWeek.toISOString().slice(0, 10)}::date group by 1`),
  );
  const byWeek = new Map(weekly.map((r) => [r.week, Number(r.orders)]));
  const weeklyOrders = Array.from({ length: 8 }, (_, i) => {
    const start = new Date(firstWeek.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10);
    return { weekStart: start, orders: byWeek.get(start) ?? 0 };
  });

  // customers and enquirers by lower-cased e-mail, from the rollups the database keeps (migration 0014):
  // a customer is an e-mail with an order that is not cancelled (the derived status cancelled is exactly
  // the stage cancelled); an enquirer who ordered is an e-mail in both
  const [acq] = rowsOf<{ customers: number; enquirers: number; converted: number }>(
    await db.execute(sql`
      select (select count(*) from order_customer_counts)::int as customers,
             (select count(*) from enquiry_email_counts)::int as enquirers,
             (select count(*) from enquiry_email_counts e join order_customer_counts c using (email))::int as converted`),
  );
  const customers = acq?.customers ?? 0;
  const enquirers = acq?.enquirers ?? 0;
  const converted = acq?.converted ?? 0;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    monthlyRevenue,
    ordersByStage: stages.byStage,
    weeklyOrders,
    customerAcquisition: {
      totalCustomers: customers,
      enquirers,
      convertedEnquirers: converted,
      conversionRate: enquirers > 0 ? round2((converted / enquirers) * 100) : 0,
      bookedOrders: stages.booked,
      bookedCents: stages.bookedCents,
      receivedCents,
      averageOrderValueCents: stages.booked > 0 ? Math.round(stages.bookedCents / stages.booked) : 0,
      customerLifetimeValueCents: customers > 0 ? Math.round(stages.bookedCents / customers) : 0,
    },
  };
}
