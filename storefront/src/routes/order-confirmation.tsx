import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { ConfirmationPage } from "../features/orders/confirmation-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/order-confirmation")({
  head: () => headFor(staticPageMeta("/order-confirmation")),
  component: ConfirmationPage,
});
