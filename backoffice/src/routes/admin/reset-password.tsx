import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordScreen } from "../../features/staff/reset-password-screen";

export const Route = createFileRoute("/admin/reset-password")({
  head: () => ({ meta: [{ title: "New password · Admin" }] }),
  component: ResetPasswordScreen,
});
