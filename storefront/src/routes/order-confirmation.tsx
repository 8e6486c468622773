import { createFileRoute } from "@tanstack/react-router";
import { ConfirmationPage } from "../features/orders/confirmation-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/order-confirmation")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/order-confirmation")),
  component: ConfirmationPage,
});
