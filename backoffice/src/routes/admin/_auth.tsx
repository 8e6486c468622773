import { createFileRoute, redirect } from "@tanstack/react-router";
import { AdminShell } from "../../features/layout/admin-shell";
import { areaOfPath, homeOf, loadAccount, mayOpen } from "../../features/staff/use-account";
import { http } from "../../lib/http";

// Every admin screen below this layout opens only with a valid server session. A screen the account's
// role may not open shows "No access" in the layout (the server's list of areas; it refuses the data
// anyway); only the dashboard, for a role without it, sends the account to a screen it may open.
export const Route = createFileRoute("/admin/_auth")({
  beforeLoad: async ({ location }) => {
    let username: string;
    try {
      const session = await http<{ authenticated: boolean; username: string }>("GET", "/api/admin/session");
      username = session.username;
    } catch {
      throw redirect({ to: "/admin/login" });
    }
    const account = await loadAccount(username);
    if (areaOfPath(location.pathname) === "dashboard-any" && !mayOpen(account.areas, location.pathname)) {
      throw redirect({ to: homeOf(account.areas) as "/admin" });
    }
    return { username };
  },
  component: AdminShell,
});
