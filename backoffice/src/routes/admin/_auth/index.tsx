import { createFileRoute } from "@tanstack/react-router";
import { DashboardScreen } from "../../../features/dashboard/dashboard-screen";
import { parseDashboardSearch } from "../../../features/dashboard/search";

// /admin shows the same dashboard as /admin/dashboard.
export const Route = createFileRoute("/admin/_auth/")({
  validateSearch: parseDashboardSearch,
  component: Page,
});

function Page() {
  const { tab, order } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DashboardScreen
      tab={tab ?? "overview"}
      onTab={(t) => void navigate({ search: { tab: t }, replace: true })}
      order={order ?? null}
      onOrder={(id) => void navigate({ search: { tab: "orders", ...(id ? { order: id } : {}) }, replace: true })}
    />
  );
}
