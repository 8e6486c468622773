// ?tab= for the dashboard, and ?order= for the order whose details are open (a link to one order);
// plain code (no zod) because route search validation ships in the entry chunk.
const TABS = ["overview", "analytics", "orders", "contacts", "products"] as const;
export type DashboardTabId = (typeof TABS)[number];

export interface DashboardSearch {
  tab?: DashboardTabId;
  order?: number;
}

export function parseDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const tab = search.tab;
  const order = Number(search.order);
  return {
    ...(typeof tab === "string" && (TABS as readonly string[]).includes(tab) ? { tab: tab as DashboardTabId } : {}),
    ...(Number.isInteger(order) && order > 0 && order <= 2_147_483_647 ? { order } : {}),
  };
}
