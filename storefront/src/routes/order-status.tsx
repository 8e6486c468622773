import { staticPageMeta } from "@ch/api/contracts/seo";
import { createFileRoute } from "@tanstack/react-router";
import { OrderStatusPage } from "../features/orders/order-status-page";
import { headFor } from "../features/seo/head";

export const Route = createFileRoute("/order-status")({
  validateSearch: (search: Record<string, unknown>): { order?: string } =>
    typeof search.order === "string" && search.order.length <= 40 ? { order: search.order } : {},
  head: () => headFor(staticPageMeta("/order-status")),
  component: OrderStatusRoute,
});

function OrderStatusRoute() {
  const { order } = Route.useSearch();
  return <OrderStatusPage initialOrder={order ?? ""} />;
}
