import { createFileRoute } from "@tanstack/react-router";
import { OrderStatusPage } from "../features/orders/order-status-page";
import { lazyHead } from "../features/seo/lazy-head";

export const Route = createFileRoute("/order-status")({
  validateSearch: (search: Record<string, unknown>): { order?: string } =>
    typeof search.order === "string" && search.order.length <= 40 ? { order: search.order } : {},
  head: () => lazyHead((seo) => seo.staticPageMeta("/order-status")),
  component: OrderStatusRoute,
});

function OrderStatusRoute() {
  const { order } = Route.useSearch();
  return <OrderStatusPage initialOrder={order ?? ""} />;
}
