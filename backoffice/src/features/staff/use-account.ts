// The signed-in account and the back-office areas its role may open: the server's answer (staff.me),
// read once per sign-in. The navigation and the screens hide what the role cannot do; the server
// refuses it anyway (403).
import type { StaffArea } from "@ch/contracts/staff-roles";
import { useQuery } from "@tanstack/react-query";
import { queryClient, trpc } from "../../lib/trpc";

export const accountQuery = () => trpc.staff.me.queryOptions();

export function useAccount() {
  return useQuery(accountQuery());
}

/** The account of the session `username` (read again when another account signed in in this tab). */
export async function loadAccount(username: string) {
  const known = await queryClient.ensureQueryData(accountQuery());
  return known.username === username ? known : queryClient.fetchQuery({ ...accountQuery(), staleTime: 0 });
}

/** Whether the account may open an area; while the account is loading, nothing is shown. */
export function useCan(): (area: StaffArea) => boolean {
  const account = useAccount();
  const areas = account.data?.areas ?? [];
  return (area) => areas.includes(area);
}

/** The area a back-office path belongs to; null for what every account may open (account, security). */
export function areaOfPath(pathname: string): StaffArea | "dashboard-any" | null {
  const first = pathname.replace(/^\/admin\/?/, "").split("/")[0] ?? "";
  const byPath: Record<string, StaffArea> = {
    visitors: "visitors",
    gallery: "gallery",
    blog: "blog",
    activity: "activity",
    seo: "seo",
    notifications: "notifications",
    settings: "settings",
    proposals: "proposals",
    pipeline: "pipeline",
    "usdt-transfers": "orders",
    warranty: "orders",
    staff: "staff",
    webhooks: "webhooks",
    "api-keys": "apiKeys",
  };
  if (first === "" || first === "dashboard") return "dashboard-any";
  return byPath[first] ?? null;
}

/** What each area is called on screen (the navigation's names). */
export const AREA_LABELS: Record<StaffArea, string> = {
  dashboard: "Dashboard",
  orders: "Orders and payments",
  leads: "Contacts",
  proposals: "Proposals",
  pipeline: "Pipeline",
  visitors: "Visitor Analytics",
  catalog: "Products",
  gallery: "Gallery",
  blog: "Blog",
  seo: "SEO Report",
  activity: "Activity",
  notifications: "Notifications",
  settings: "Settings",
  staff: "Staff",
  webhooks: "Webhooks",
  apiKeys: "API Keys",
};

/** The dashboard's tabs and the area each needs: content sees the Products tab only. */
export const DASHBOARD_TAB_AREAS = {
  overview: "dashboard",
  analytics: "dashboard",
  orders: "orders",
  contacts: "leads",
  products: "catalog",
} as const satisfies Record<string, StaffArea>;

export function mayOpen(areas: readonly StaffArea[], pathname: string): boolean {
  const area = areaOfPath(pathname);
  if (area === null) return true;
  if (area === "dashboard-any") return Object.values(DASHBOARD_TAB_AREAS).some((a) => areas.includes(a));
  return areas.includes(area);
}

/** Where an account lands when it may not open the dashboard (any other path it may not open says so). */
export function homeOf(areas: readonly StaffArea[]): string {
  if (mayOpen(areas, "/admin")) return "/admin";
  const order: [StaffArea, string][] = [
    ["gallery", "/admin/gallery"],
    ["blog", "/admin/blog"],
    ["proposals", "/admin/proposals"],
    ["visitors", "/admin/visitors"],
  ];
  return order.find(([a]) => areas.includes(a))?.[1] ?? "/admin/account";
}
