import { createFileRoute } from "@tanstack/react-router";
import { CheckoutPage } from "../features/checkout/checkout-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/checkout")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/checkout")),
  component: CheckoutPage,
});
