import { createFileRoute } from "@tanstack/react-router";
import { ConfirmationPage } from "../features/orders/confirmation-page";
import { orderLinkSearch } from "../features/orders/order-link-search";
import { lazyHead } from "../features/seo/lazy-head";

// /order-confirmation?order=<orderNumber>&t=<accessToken>: the order's own link (checkout goes there)
export const Route = createFileRoute("/order-confirmation")({
  validateSearch: orderLinkSearch,
  head: () => lazyHead((seo) => seo.staticPageMeta("/order-confirmation")),
  component: ConfirmationRoute,
});

function ConfirmationRoute() {
  const { order, t } = Route.useSearch();
  return <ConfirmationPage orderNumber={order} token={t} />;
}
