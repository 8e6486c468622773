import { createFileRoute } from "@tanstack/react-router";
import { SetupScreen } from "../../features/auth/setup-screen";

export const Route = createFileRoute("/admin/setup")({
  component: SetupScreen,
});
