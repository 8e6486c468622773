// ?tab= for the dashboard; plain code (no zod) because route search validation ships in the entry chunk.
const TABS = ["overview", "analytics", "orders", "contacts", "products"] as const;
export type DashboardTabId = (typeof TABS)[number];

export function parseDashboardSearch(search: Record<string, unknown>): { tab?: DashboardTabId } {
  const tab = search.tab;
  return typeof tab === "string" && (TABS as readonly string[]).includes(tab) ? { tab: tab as DashboardTabId } : {};
}
