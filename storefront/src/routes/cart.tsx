import { createFileRoute } from "@tanstack/react-router";
import { CartPage } from "../features/cart/cart-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/cart")({
  head: () => lazyHead((seo) => seo.staticPageMeta("/cart")),
  component: CartPage,
});
