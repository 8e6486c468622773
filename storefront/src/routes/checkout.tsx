import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { CheckoutPage } from "../features/checkout/checkout-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/checkout")({
  head: () => headFor(staticPageMeta("/checkout")),
  component: CheckoutPage,
});
