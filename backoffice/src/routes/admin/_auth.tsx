import { createFileRoute, redirect } from "@tanstack/react-router";
import { AdminShell } from "../../features/layout/admin-shell";
import { http } from "../../lib/http";

// Every admin screen below this layout opens only with a valid server session.
export const Route = createFileRoute("/admin/_auth")({
  beforeLoad: async () => {
    try {
      const session = await http<{ authenticated: boolean; username: string }>("GET", "/api/admin/session");
      return { username: session.username };
    } catch {
      throw redirect({ to: "/admin/login" });
    }
  },
  component: AdminShell,
});
