// Dashboard cards and the Analytics tab, computed from orders and enquiries (never sample figures).
// The dashboard's "Total Revenue" is money received (the payment ledger), shown next to the amount
// ordered; elsewhere "revenue" means the totals of orders that are not cancelled.
import { type Database, type Executor, rowsOf, schema } from "@ch/db";
import { count, eq, sql } from "drizzle-orm";
import type { DashboardStatsDto } from "../../contracts/admin";
import { ORDER_STATUSES } from "../../contracts/constants";
import { readCache } from "../../lib/read-cache";
import { listContactsForAdmin } from "../leads/leads.service";
import { listOrdersForAdmin } from "../orders/orders.service";

const { orders, enquiries, products, roiCalculations, payments } = schema;

export async function dashboardStats(db: Executor): Promise<DashboardStatsDto> {
  const [orderRow] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pending')::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
    })
    .from(orders);
  const [paidRow] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint` })
    .from(payments)
    .where(eq(payments.status, "recorded"));
  const [contactRow] = await db.select({ n: count() }).from(enquiries).where(eq(enquiries.status, "new"));
  const [productRow] = await db.select({ n: count() }).from(products);
  const [roiRow] = await db.select({ n: count() }).from(roiCalculations);
  return {
    totalOrders: Number(orderRow?.total ?? 0),
    pendingOrders: Number(orderRow?.pending ?? 0),
    totalRevenue: Number(paidRow?.cents ?? 0) / 100,
    orderedAmount: Number(orderRow?.revenueCents ?? 0) / 100,
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
 * The Analytics tab: read from the rollups the database keeps (order_daily_counts, order_customer_counts,
 * enquiry_email_counts; migration 0014), so a cold read does not scan the orders. One answer is still
 * kept per process for at most 30 s (every open tab polls it), dropped by any write this process
 * answers; keyed by the UTC day, since the months and weeks shown depend on the date.
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

export interface AnalyticsDto {
  monthlyRevenue: { month: string; revenue: number; orders: number }[];
  orderStatusDistribution: { status: string; count: number }[];
  weeklyOrders: { weekStart: string; orders: number }[];
  customerAcquisition: {
    totalCustomers: number;
    enquirers: number;
    convertedEnquirers: number;
    conversionRate: number;
    averageOrderValue: number;
    customerLifetimeValue: number;
  };
}

export async function analytics(db: Executor, now: Date): Promise<AnalyticsDto> {
  const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const monthly = rowsOf<{ month: string; revenue_cents: string | number; orders: number }>(
    await db.execute(sql`
      select to_char(date_trunc('month', day), 'YYYY-MM') as month,
             coalesce(sum(total_cents), 0)::bigint as revenue_cents, sum(orders)::int as orders
      from order_daily_counts
      where status <> 'cancelled' and day >= ${firstMonth.toISOString().slice(0, 10)}::date
      group by 1`),
  );
  const byMonth = new Map(monthly.map((r) => [r.month, r]));
  const monthlyRevenue = Array.from({ length: 12 }, (_, i) => {
    const key = monthKey(new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + i, 1)));
    const row = byMonth.get(key);
    return { month: key, revenue: Number(row?.revenue_cents ?? 0) / 100, orders: Number(row?.orders ?? 0) };
  });

  const statusRows = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select status, sum(orders)::int as n from order_daily_counts group by status`),
  );
  const statusCounts = new Map(statusRows.map((r) => [r.status, Number(r.n)]));
  const orderStatusDistribution = ORDER_STATUSES.map((status) => ({ status, count: statusCounts.get(status) ?? 0 }));

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

  // from the rollups the database keeps (migration 0014): order totals by day and status, customers and
  // enquirers by lower-cased e-mail; an enquirer who ordered is an e-mail in both
  const [acq] = rowsOf<{
    customers: number;
    orders: number;
    revenue_cents: string | number;
    enquirers: number;
    converted: number;
  }>(
    await db.execute(sql`
      select (select count(*) from order_customer_counts)::int as customers,
             coalesce(sum(orders), 0)::int as orders, coalesce(sum(total_cents), 0)::bigint as revenue_cents,
             (select count(*) from enquiry_email_counts)::int as enquirers,
             (select count(*) from enquiry_email_counts e join order_customer_counts c using (email))::int as converted
      from order_daily_counts where status <> 'cancelled'`),
  );
  const revenue = Number(acq?.revenue_cents ?? 0) / 100;
  const customers = acq?.customers ?? 0;
  const orderCount = acq?.orders ?? 0;
  const enquirers = acq?.enquirers ?? 0;
  const converted = acq?.converted ?? 0;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    monthlyRevenue,
    orderStatusDistribution,
    weeklyOrders,
    customerAcquisition: {
      totalCustomers: customers,
      enquirers,
      convertedEnquirers: converted,
      conversionRate: enquirers > 0 ? round2((converted / enquirers) * 100) : 0,
      averageOrderValue: orderCount > 0 ? round2(revenue / orderCount) : 0,
      customerLifetimeValue: customers > 0 ? round2(revenue / customers) : 0,
    },
  };
}
