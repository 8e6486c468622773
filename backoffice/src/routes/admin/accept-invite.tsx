import { createFileRoute } from "@tanstack/react-router";
import { AcceptInviteScreen } from "../../features/staff/accept-invite-screen";

export const Route = createFileRoute("/admin/accept-invite")({
  head: () => ({ meta: [{ title: "Accept invitation · Admin" }] }),
  component: AcceptInviteScreen,
});
