// tRPC procedures of pricing: the same service and schemas as pricing.rest.ts.
import { orderQuoteInput } from "../../contracts/orders";
import { rateLimited, router } from "../../trpc/trpc";
import { quoteCart } from "./pricing.service";

export const pricingRouter = router({
  /** What the cart costs delivered to a state and ZIP (POST /api/orders/quote). */
  quote: rateLimited("orderQuote")
    .input(orderQuoteInput)
    .query(({ ctx, input }) => quoteCart(ctx.deps, input)),
});
