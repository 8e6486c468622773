import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage } from "../../../features/dashboard/dashboard-screen";
import { parseDashboardSearch } from "../../../features/dashboard/search";

export const Route = createFileRoute("/admin/_auth/dashboard")({
  validateSearch: parseDashboardSearch,
  component: Page,
});

function Page() {
  return <DashboardPage routeId="/admin/_auth/dashboard" />;
}
