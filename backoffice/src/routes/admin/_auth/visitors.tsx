import { createFileRoute } from "@tanstack/react-router";
import { VisitorsScreen } from "../../../features/visitors/visitors-screen";

export const Route = createFileRoute("/admin/_auth/visitors")({
  component: VisitorsScreen,
});
