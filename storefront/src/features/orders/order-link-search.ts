// validateSearch of the pages that open an order by its link (/order-confirmation, /order-status):
// kept apart from the pages' code, since the routes' definitions are part of every first load.

/** The search of a page that opens an order by its link. */
export interface OrderLinkSearch {
  order?: string;
  t?: string;
}

// a value the router's search parser read as JSON (a token of digits only) comes back as its text
const asText = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;

/** validateSearch of the pages that take an order link: the order number and the token, when sane. */
export function orderLinkSearch(search: Record<string, unknown>): OrderLinkSearch {
  const order = asText(search.order);
  const t = asText(search.t);
  return {
    ...(order && order.length <= 40 ? { order } : {}),
    ...(t && t.length <= 200 ? { t } : {}),
  };
}
