import { createFileRoute } from "@tanstack/react-router";
import { WebhooksScreen } from "../../../features/webhooks/webhooks-screen";

export const Route = createFileRoute("/admin/_auth/webhooks")({
  head: () => ({ meta: [{ title: "Webhooks · Admin" }] }),
  component: WebhooksScreen,
});
