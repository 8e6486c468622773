import { createFileRoute } from "@tanstack/react-router";
import { NotificationsScreen } from "../../../features/notifications/notifications-screen";
import { parseNotificationsSearch } from "../../../features/notifications/search";

export const Route = createFileRoute("/admin/_auth/notifications")({
  validateSearch: parseNotificationsSearch,
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <NotificationsScreen search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />;
}
