import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../../features/dashboard/dashboard-screen";
import { parseDashboardSearch } from "../../../features/dashboard/search";

// /admin shows the same dashboard as /admin/dashboard.
export const Route = createFileRoute("/admin/_auth/")({
  validateSearch: parseDashboardSearch,
  component: Page,
});

function Page() {
  return <DashboardPage routeId="/admin/_auth/" />;
}
