import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { CartPage } from "../features/cart/cart-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/cart")({
  head: () => headFor(staticPageMeta("/cart")),
  component: CartPage,
});
