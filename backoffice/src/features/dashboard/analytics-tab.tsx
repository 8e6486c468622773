// The Analytics tab: every figure comes from admin.analytics (the payment ledger, orders and enquiries in
// the database). Revenue is always named: booked (orders not cancelled) or received (payments recorded).
import { useQuery } from "@tanstack/react-query";
import { Card, EmptyState, LoadError } from "../../components/card";
import { LazyChart } from "../../components/lazy-chart";
import { formatCents, formatUsd, formatUsdWhole } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { VISITOR_DEFINITION } from "../visitors/visitor-definition";
import { STAGE_COLOURS, stageLabel } from "./stage-badge";

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
  const hasRevenue = a.monthlyRevenue.some((m) => m.bookedCents !== 0 || m.receivedCents !== 0);
  const stageTotal = a.ordersByStage.reduce((s, d) => s + d.count, 0);
  const stages = a.ordersByStage.filter((d) => d.count > 0);
  const hasWeekly = a.weeklyOrders.some((w) => w.orders > 0);
  const c = a.customerAcquisition;

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card title="Monthly Revenue">
        <p className="mb-3 text-xs text-slate-600">
          Booked: totals of the orders placed that month (tax and delivery included), cancelled orders excluded, paid or
          not. Received: payments recorded in the ledger by the day the money arrived, refunds deducted. Calendar months
          (UTC), last 12 months.
        </p>
        {hasRevenue ? (
          <LazyChart
            type="bar"
            label={`Monthly revenue bar chart, last 12 months: booked ${formatCents(
              a.monthlyRevenue.reduce((s, m) => s + m.bookedCents, 0),
            )}, received ${formatCents(a.monthlyRevenue.reduce((s, m) => s + m.receivedCents, 0))}`}
            series={[
              { name: "Booked", data: a.monthlyRevenue.map((m) => m.bookedCents / 100) },
              { name: "Received", data: a.monthlyRevenue.map((m) => m.receivedCents / 100) },
            ]}
            options={{
              xaxis: { categories: a.monthlyRevenue.map((m) => monthLabel(m.month)) },
              yaxis: { labels: { formatter: (v: number) => formatUsdWhole(v) } },
              dataLabels: { enabled: false },
              colors: ["#334155", "#059669"],
              legend: { position: "top", horizontalAlign: "left" },
              tooltip: { y: { formatter: (v: number) => formatUsd(v) } },
            }}
          />
        ) : (
          <EmptyState>No revenue in the last 12 months yet.</EmptyState>
        )}
      </Card>
      <Card title="Orders by Stage">
        <p className="mb-3 text-xs text-slate-600">Number of orders at each stage now, all time.</p>
        {stageTotal > 0 ? (
          <LazyChart
            type="donut"
            label={`Orders by stage doughnut: ${stages.map((s) => `${stageLabel(s.stage)} ${s.count}`).join(", ")}`}
            series={stages.map((s) => s.count)}
            options={{
              labels: stages.map((s) => stageLabel(s.stage)),
              colors: stages.map((s) => STAGE_COLOURS[s.stage]),
              legend: { position: "bottom" },
            }}
          />
        ) : (
          <EmptyState>No orders yet.</EmptyState>
        )}
      </Card>
      <Card title="Sales Trend">
        <p className="mb-3 text-xs text-slate-600">
          Orders placed per week (Monday to Sunday, UTC), last 8 weeks including this one, every stage (cancelled
          included).
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
            value={formatCents(c.averageOrderValueCents)}
            definition={`Revenue booked (${formatCents(c.bookedCents)}) divided by the number of orders that are not cancelled (${c.bookedOrders}).`}
          />
          <Figure
            label="Customer Lifetime Value"
            value={formatCents(c.customerLifetimeValueCents)}
            definition="Revenue booked divided by the number of customers: what one customer has ordered on average."
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
