import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Card, EmptyState, LoadError, StatCard } from "../../components/card";
import type { Column } from "../../components/data-table";
import { LazyChart } from "../../components/lazy-chart";
import { QueryTable } from "../../components/list-card";
import { TabPanel, Tabs } from "../../components/tabs";
import { formatDateTime, truncate } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";
import { VISITOR_DEFINITION } from "./visitor-definition";

export const VISITOR_REFRESH_MS = 30_000;
const TABS = [
  { id: "overview", label: "Analytics Overview" },
  { id: "recent", label: "Recent Visitors" },
  { id: "details", label: "Detailed Stats" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const visitsLabel = (n: number) => `${n} ${n === 1 ? "visit" : "visits"}`;
const pageLabel = (path: string) => (path === "/" ? "Home" : path);
const referrerLabel = (r: string | null) => (r ? truncate(r, 30) : "Direct");
const PALETTE = [
  "#334155",
  "#0f766e",
  "#2563eb",
  "#9333ea",
  "#ca8a04",
  "#dc2626",
  "#059669",
  "#ea580c",
  "#64748b",
  "#db2777",
];

const VISITOR_COLUMNS: Column<RouterOutputs["admin"]["visitors"][number]>[] = [
  { header: "Time", className: "whitespace-nowrap", cell: (v) => formatDateTime(v.createdAt) },
  { header: "Page", hideable: false, cell: (v) => pageLabel(v.path) },
  { header: "Device", className: "capitalize", cell: (v) => v.deviceType },
  { header: "Browser", cell: (v) => v.browser },
  { header: "Visitor", className: "font-mono text-xs", cell: (v) => v.visitor },
  { header: "Referrer", cell: (v) => <span title={v.referrer ?? undefined}>{referrerLabel(v.referrer)}</span> },
  { header: "Notified", cell: (v) => (v.telegramNotified ? "Yes" : "No") },
];

export function VisitorsScreen() {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [tab, setTab] = useState<TabId>("overview");
  const interval = autoRefresh ? VISITOR_REFRESH_MS : false;
  const visitors = useQuery({ ...trpc.admin.visitors.queryOptions(), refetchInterval: interval });
  const stats = useQuery({ ...trpc.admin.visitorStats.queryOptions(), refetchInterval: interval });
  const refreshing = visitors.isFetching || stats.isFetching;
  const s = stats.data;
  const topDevice = s?.topDevices[0];
  const topBrowser = s?.topBrowsers[0];
  const topPages8 = (s?.topPages ?? []).slice(0, 8);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Visitor Analytics</h1>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              role="switch"
              aria-checked={autoRefresh}
              className="size-4"
              checked={autoRefresh}
              onChange={(e) => setAutoRefresh(e.target.checked)}
            />
            Auto Refresh {autoRefresh ? "(every 30 s)" : "(off)"}
          </label>
          <button
            type="button"
            className="btn-secondary"
            disabled={refreshing}
            onClick={() => {
              void visitors.refetch();
              void stats.refetch();
            }}
          >
            {refreshing ? "Refreshing..." : "Refresh Now"}
          </button>
        </div>
      </div>
      {(stats.error || visitors.error) && (
        <div className="mt-4">
          <LoadError message={errorMessage(stats.error ?? visitors.error, "Visitor data could not be loaded.")} />
        </div>
      )}
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Visits" value={s ? s.totalVisits : "—"} />
        <StatCard label="Unique Visitors" value={s ? s.uniqueVisitors : "—"} hint="One device per day" />
        <StatCard
          label="Top Device"
          value={topDevice ? <span className="capitalize">{topDevice.device}</span> : s ? "None yet" : "—"}
          hint={topDevice ? visitsLabel(topDevice.count) : undefined}
        />
        <StatCard
          label="Top Browser"
          value={topBrowser ? topBrowser.browser : s ? "None yet" : "—"}
          hint={topBrowser ? visitsLabel(topBrowser.count) : undefined}
        />
      </div>
      <div className="mt-6">
        <Tabs label="Visitor analytics sections" tabs={TABS} value={tab} onChange={setTab} idPrefix="visits" />
        <TabPanel idPrefix="visits" id={tab}>
          {tab === "overview" &&
            (s && s.totalVisits === 0 ? (
              <EmptyState>No visits recorded yet. Charts appear after the first storefront visit.</EmptyState>
            ) : (
              s && (
                <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
                  <Card title="Top Pages" className="lg:col-span-3">
                    <LazyChart
                      type="bar"
                      label={`Top pages: ${topPages8.map((p) => `${pageLabel(p.path)} ${p.count}`).join(", ")}`}
                      series={[{ name: "Visits", data: topPages8.map((p) => p.count) }]}
                      options={{
                        xaxis: {
                          categories: topPages8.map((p) => pageLabel(p.path)),
                          labels: { formatter: (v: string) => (Number.isInteger(Number(v)) ? v : "") },
                        },
                        plotOptions: { bar: { horizontal: true, borderRadius: 3 } },
                        dataLabels: { enabled: false },
                        colors: ["#334155"],
                      }}
                    />
                  </Card>
                  <ShareCard title="Devices" parts={s.topDevices.map((d) => [d.device, d.count])} />
                  <ShareCard title="Browsers" parts={s.topBrowsers.map((b) => [b.browser, b.count])} />
                </div>
              )
            ))}
          {tab === "recent" && (
            <Card title="Recent Visitors (latest 50)">
              <QueryTable
                query={visitors}
                label="Recent visitors"
                scrollRegion
                columns={VISITOR_COLUMNS}
                rowKey={(v) => v.id}
                loading="Loading visitors…"
                empty="No visitors recorded yet."
              />
            </Card>
          )}
          {tab === "details" && s && (
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
              <CountList title="Top 10 Pages" rows={s.topPages.slice(0, 10).map((p) => [pageLabel(p.path), p.count])} />
              <CountList title="Browsers" rows={s.topBrowsers.map((b) => [b.browser, b.count])} />
              <CountList title="Devices" rows={s.topDevices.map((d) => [d.device, d.count])} capitalize />
            </div>
          )}
        </TabPanel>
      </div>
      <p className="mt-6 text-sm text-slate-600">
        {VISITOR_DEFINITION} Known bots and crawlers are left out. IP addresses are not stored: a day's views are linked
        only by a code that changes every day (the Visitor column).
      </p>
      <p className="mt-2 text-sm text-slate-600">
        New-visitor notifications are sent to the team's Telegram bot. With Auto Refresh on, this page reloads its data
        every 30 seconds.
      </p>
    </div>
  );
}

/** `capitalize` for words such as device types; page paths are shown exactly as they are. */
function CountList({ title, rows, capitalize }: { title: string; rows: [string, number][]; capitalize?: boolean }) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No data yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100 text-sm">
          {rows.map(([label, count]) => (
            <li key={label} className="flex justify-between gap-3 py-2">
              <span className={`truncate ${capitalize ? "capitalize" : ""}`}>{label}</span>
              <span className="font-medium tabular-nums">{count}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Who visits with what, as a donut: each part's name and count (also the chart's accessible name). */
function ShareCard({ title, parts }: { title: string; parts: [name: string, count: number][] }) {
  return (
    <Card title={title}>
      <LazyChart
        type="donut"
        label={`${title}: ${parts.map(([name, count]) => `${name} ${count}`).join(", ")}`}
        series={parts.map(([, count]) => count)}
        options={{ labels: parts.map(([name]) => name), colors: PALETTE, legend: { position: "bottom" } }}
      />
    </Card>
  );
}
