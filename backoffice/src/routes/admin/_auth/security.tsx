import { createFileRoute } from "@tanstack/react-router";
import { SecurityScreen } from "../../../features/security/security-screen";

export const Route = createFileRoute("/admin/_auth/security")({
  component: SecurityScreen,
});
