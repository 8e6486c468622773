import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordScreen } from "../../features/staff/forgot-password-screen";

export const Route = createFileRoute("/admin/forgot-password")({
  head: () => ({ meta: [{ title: "Forgot password · Admin" }] }),
  component: ForgotPasswordScreen,
});
