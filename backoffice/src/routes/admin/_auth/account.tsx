import { createFileRoute } from "@tanstack/react-router";
import { AccountScreen } from "../../../features/staff/account-screen";

export const Route = createFileRoute("/admin/_auth/account")({
  head: () => ({ meta: [{ title: "My account · Admin" }] }),
  component: AccountScreen,
});
