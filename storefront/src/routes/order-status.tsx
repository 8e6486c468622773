import { createFileRoute } from "@tanstack/react-router";
import { orderLinkSearch } from "../features/orders/order-link-search";
import { OrderStatusPage } from "../features/orders/order-status-page";
import { lazyHead } from "../features/seo/lazy-head";

// ?order= fills the look-up form; with &t= (the order's own link) the order opens without the e-mail
export const Route = createFileRoute("/order-status")({
  validateSearch: orderLinkSearch,
  head: () => lazyHead((seo) => seo.staticPageMeta("/order-status")),
  component: OrderStatusRoute,
});

function OrderStatusRoute() {
  const { order, t } = Route.useSearch();
  return <OrderStatusPage initialOrder={order ?? ""} token={t} />;
}
