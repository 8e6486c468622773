// The pricing operation: the storefront's checkout asks what the cart costs delivered to a state and ZIP
// (the same engine and figures as POST /api/orders); POST /api/orders/quote and the procedure pricing.quote.
import { orderConflictFields, orderQuoteDto, orderQuoteInput } from "@ch/contracts/orders";
import { route } from "../../http/route";
import { quoteCart } from "./pricing.service";

export const pricingOperations = {
  quote: route({
    method: "POST",
    url: "/api/orders/quote",
    access: "public",
    summary:
      "Price a cart delivered to a US state and ZIP: delivery by the ZIP's distance band, sales tax per tax class, deposit",
    operationId: "quoteOrder",
    tags: ["orders"],
    body: orderQuoteInput,
    response: orderQuoteDto,
    errors: [409],
    errorFields: { 409: orderConflictFields },
    rateLimit: "orderQuote",
    answer:
      "{ lines, subtotal, tax, taxLines: [{ taxClass, label, rateBasisPoints, taxable, tax }], shipping, deliveryLabel, miles, totalAmount, depositPercent, amountDueNow, balanceOnDelivery } in US dollars; 400 naming zipCode for a ZIP we do not know, outside the state or beyond our delivery bands; 409 for unknown or out-of-stock products",
    handler: ({ deps, body }) => quoteCart(deps, body),
  }),
};

export const pricingRoutes = Object.values(pricingOperations);
