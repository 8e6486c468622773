import { createFileRoute } from "@tanstack/react-router";
import { StaffScreen } from "../../../features/staff/staff-screen";

export const Route = createFileRoute("/admin/_auth/staff")({
  head: () => ({ meta: [{ title: "Staff · Admin" }] }),
  component: StaffScreen,
});
