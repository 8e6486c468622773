import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { LoadError, StatCard } from "../../components/card";
import { TabPanel, Tabs } from "../../components/tabs";
import { formatCents } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { DASHBOARD_TAB_AREAS, useAccount } from "../staff/use-account";
import { OverviewTab } from "./overview-tab";
import { STATS_REFRESH_MS } from "./refresh";
import type { DashboardSearch } from "./search";

// Each tab but the first loads when it opens: the Analytics tab pulls in the chart library, and the
// others keep the dashboard's first load inside the 120 KB budget.
const AnalyticsTab = lazy(() => import("./analytics-tab"));
const OrdersTab = lazy(() => import("./orders-tab").then((m) => ({ default: m.OrdersTab })));
const ContactsTab = lazy(() => import("./contacts-tab").then((m) => ({ default: m.ContactsTab })));
const ProductsTab = lazy(() => import("./products-tab").then((m) => ({ default: m.ProductsTab })));

export const DASHBOARD_TABS = [
  { id: "overview", label: "Overview" },
  { id: "analytics", label: "Analytics" },
  { id: "orders", label: "Orders" },
  { id: "contacts", label: "Contacts" },
  { id: "products", label: "Products" },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];

/** The dashboard at either of its addresses (/admin, /admin/dashboard): the screen's state is the address's search. */
export function DashboardPage({ routeId }: { routeId: "/admin/_auth/" | "/admin/_auth/dashboard" }) {
  const route = getRouteApi(routeId);
  const navigate = route.useNavigate();
  return <DashboardScreen search={route.useSearch()} onSearch={(search) => void navigate({ search, replace: true })} />;
}

export function DashboardScreen({
  search,
  onSearch,
}: {
  /** The tab, and the order whose details are open (Orders tab; ?order= links to it). */
  search: DashboardSearch;
  onSearch: (search: DashboardSearch) => void;
}) {
  const asked = search.tab ?? "overview";
  const order = search.order ?? null;
  const onTab = (tab: DashboardTab) => onSearch({ tab });
  const onOrder = (id: number | null) => onSearch({ tab: "orders", ...(id ? { order: id } : {}) });
  // a role sees the tabs of its areas (content: Products only) and the figures only with the dashboard's
  const areas = useAccount().data?.areas ?? [];
  const tabs = DASHBOARD_TABS.filter((t) => areas.includes(DASHBOARD_TAB_AREAS[t.id]));
  const tab = tabs.some((t) => t.id === asked) ? asked : tabs[0]?.id;
  const withFigures = areas.includes("dashboard");
  const stats = useQuery({
    ...trpc.admin.stats.queryOptions(),
    refetchInterval: STATS_REFRESH_MS,
    enabled: withFigures,
  });
  const s = stats.data;
  const dash = "—";
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">Dashboard</h1>
      {stats.error && (
        <div className="mt-4">
          <LoadError message={errorMessage(stats.error, "The dashboard figures could not be loaded.")} />
        </div>
      )}
      {withFigures && (
        <div
          className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
          aria-busy={stats.isPending}
        >
          <StatCard
            label="Total Orders"
            value={s ? s.totalOrders : dash}
            hint={s ? `${s.bookedOrders} booked · ${s.cancelledOrders} cancelled` : "Every order placed"}
          />
          <StatCard label="Pending Orders" value={s ? s.pendingOrders : dash} hint="At the stage awaiting deposit" />
          <StatCard
            label="Revenue Received"
            value={s ? formatCents(s.revenueReceivedCents) : dash}
            hint={
              s && s.refundedCents > 0
                ? `Cash: payments recorded, less ${formatCents(s.refundedCents)} refunded`
                : "Cash: payments recorded, less refunds"
            }
          />
          <StatCard
            label="Revenue Booked"
            value={s ? formatCents(s.revenueBookedCents) : dash}
            hint="Totals of orders not cancelled, paid or not"
          />
          <StatCard label="New Contacts" value={s ? s.newContacts : dash} hint="Leads with status new" />
        </div>
      )}
      {tab && (
        <div className="mt-6">
          <Tabs label="Dashboard sections" tabs={tabs} value={tab} onChange={onTab} idPrefix="dash" />
          <TabPanel idPrefix="dash" id={tab}>
            <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>
              {tab === "overview" && <OverviewTab stats={s} />}
              {tab === "analytics" && <AnalyticsTab />}
              {tab === "orders" && <OrdersTab openId={order} onOpen={onOrder} />}
              {tab === "contacts" && <ContactsTab />}
              {tab === "products" && <ProductsTab stats={s} />}
            </Suspense>
          </TabPanel>
        </div>
      )}
    </div>
  );
}
