import { createFileRoute } from "@tanstack/react-router";
import { DashboardScreen } from "../../../features/dashboard/dashboard-screen";
import { parseDashboardSearch } from "../../../features/dashboard/search";

// /admin shows the same dashboard as /admin/dashboard.
export const Route = createFileRoute("/admin/_auth/")({
  validateSearch: parseDashboardSearch,
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return <DashboardScreen search={Route.useSearch()} onSearch={(search) => void navigate({ search, replace: true })} />;
}
