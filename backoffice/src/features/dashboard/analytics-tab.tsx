// The Analytics tab: every figure comes from admin.analytics (orders and enquiries in the database).
import { useQuery } from "@tanstack/react-query";
import { Card, EmptyState, LoadError } from "../../components/card";
import { LazyChart } from "../../components/lazy-chart";
import { formatUsd, formatUsdWhole, statusLabel } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { VISITOR_DEFINITION } from "../visitors/visitor-definition";

const STATUS_COLOURS: Record<string, string> = {
  pending: "#ca8a04",
  confirmed: "#2563eb",
  in_production: "#9333ea",
  shipped: "#16a34a",
  delivered: "#059669",
  cancelled: "#dc2626",
};

const monthLabel = (key: string) => {
  const [y, m] = key.split("-").map(Number);
  const month = new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, 1)).toLocaleDateString("en-US", {
    month: "short",
    timeZone: "UTC",
  });
  return `${month} '${String(y).slice(2)}`;
};
const weekLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

export default function AnalyticsTab() {
  const analytics = useQuery(trpc.admin.analytics.queryOptions());
  if (analytics.error) return <LoadError message={errorMessage(analytics.error, "Analytics could not be loaded.")} />;
  const a = analytics.data;
  if (!a) return <p className="text-sm text-slate-600">Loading analytics…</p>;
  const hasRevenue = a.monthlyRevenue.some((m) => m.revenue > 0);
  const statusTotal = a.orderStatusDistribution.reduce((s, d) => s + d.count, 0);
  const statuses = a.orderStatusDistribution.filter((d) => d.count > 0);
  const hasWeekly = a.weeklyOrders.some((w) => w.orders > 0);
  const c = a.customerAcquisition;

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card title="Monthly Revenue">
        <p className="mb-3 text-xs text-slate-600">
          Sum of order totals (tax and shipping included) per calendar month (UTC), last 12 months, cancelled orders
          excluded.
        </p>
        {hasRevenue ? (
          <LazyChart
            type="bar"
            label="Monthly revenue bar chart, last 12 months"
            series={[{ name: "Revenue", data: a.monthlyRevenue.map((m) => m.revenue) }]}
            options={{
              xaxis: { categories: a.monthlyRevenue.map((m) => monthLabel(m.month)) },
              yaxis: { labels: { formatter: (v: number) => formatUsdWhole(v) } },
              dataLabels: { enabled: false },
              colors: ["#334155"],
              tooltip: { y: { formatter: (v: number) => formatUsd(v) } },
            }}
          />
        ) : (
          <EmptyState>No revenue in the last 12 months yet.</EmptyState>
        )}
      </Card>
      <Card title="Order Status Distribution">
        <p className="mb-3 text-xs text-slate-600">Number of orders currently in each status, all time.</p>
        {statusTotal > 0 ? (
          <LazyChart
            type="donut"
            label={`Order status doughnut: ${statuses.map((s) => `${statusLabel(s.status)} ${s.count}`).join(", ")}`}
            series={statuses.map((s) => s.count)}
            options={{
              labels: statuses.map((s) => statusLabel(s.status)),
              colors: statuses.map((s) => STATUS_COLOURS[s.status] ?? "#64748b"),
              legend: { position: "bottom" },
            }}
          />
        ) : (
          <EmptyState>No orders yet.</EmptyState>
        )}
      </Card>
      <Card title="Sales Trend">
        <p className="mb-3 text-xs text-slate-600">
          Orders placed per week (Monday to Sunday, UTC), last 8 weeks including this one, all statuses.
        </p>
        {hasWeekly ? (
          <LazyChart
            type="line"
            label="Weekly orders line chart, last 8 weeks"
            series={[{ name: "Orders", data: a.weeklyOrders.map((w) => w.orders) }]}
            options={{
              xaxis: { categories: a.weeklyOrders.map((w) => weekLabel(w.weekStart)) },
              yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
              stroke: { curve: "straight", width: 3 },
              markers: { size: 4 },
              colors: ["#0f766e"],
            }}
          />
        ) : (
          <EmptyState>No orders in the last 8 weeks.</EmptyState>
        )}
      </Card>
      <Card title="Customer Acquisition">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Figure
            label="Total Customers"
            value={String(c.totalCustomers)}
            definition="Distinct e-mail addresses with at least one order that is not cancelled."
          />
          <Figure
            label="Conversion Rate"
            value={`${c.conversionRate}%`}
            definition={`Share of distinct e-mail addresses from enquiries that also have an order that is not cancelled (${c.convertedEnquirers} of ${c.enquirers}).`}
          />
          <Figure
            label="Average Order Value"
            value={formatUsd(c.averageOrderValue)}
            definition="Revenue divided by the number of orders that are not cancelled."
          />
          <Figure
            label="Customer Lifetime Value"
            value={formatUsd(c.customerLifetimeValue)}
            definition="Revenue divided by the number of customers: what one customer has spent on average."
          />
        </dl>
      </Card>
      <p className="text-xs text-slate-600 lg:col-span-2">
        Site visitors are counted on the Visitor Analytics screen. {VISITOR_DEFINITION}
      </p>
    </div>
  );
}

function Figure({ label, value, definition }: { label: string; value: string; definition: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs text-slate-600">{definition}</dd>
    </div>
  );
}
