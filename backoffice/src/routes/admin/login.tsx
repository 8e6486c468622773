import { createFileRoute } from "@tanstack/react-router";
import { LoginScreen } from "../../features/auth/login-screen";

export const Route = createFileRoute("/admin/login")({
  head: () => ({ meta: [{ title: "Sign in · Admin" }] }),
  component: LoginScreen,
});
