// The server's price of the cart for the delivery state and ZIP (pricing.quote, REST POST /api/orders/quote: delivery by the
// ZIP's distance band, sales tax per tax class, the deposit). The checkout shows it and sends its total.
import { ZIP_CODE } from "@ch/contracts/constants";
import type { OrderQuoteDto } from "@ch/contracts/orders";
import { queryOptions } from "@tanstack/react-query";
import { trpcClient } from "../../lib/trpc";

export type { OrderQuoteDto };

/** The first part of every quote's query key (a new cart, state or ZIP is a new key). */
export const QUOTE_KEY = "pricing.quote";

/** Asked only once a state is chosen and the ZIP is whole (5 digits, or ZIP+4). */
export const quoteReady = (state: string, zipCode: string) => state !== "" && ZIP_CODE.test(zipCode.trim());

export const cartQuoteQuery = (lines: readonly { id: number; quantity: number }[], state: string, zipCode: string) => {
  const cartItems = lines.map((l) => ({ id: l.id, quantity: l.quantity }));
  const zip = zipCode.trim();
  return queryOptions({
    queryKey: [QUOTE_KEY, { cartItems, state, zipCode: zip }],
    queryFn: (): Promise<OrderQuoteDto> => trpcClient.pricing.quote.mutate({ cartItems, state, zipCode: zip }),
    enabled: cartItems.length > 0 && quoteReady(state, zip),
    // prices change rarely; a new cart, state or ZIP is a new key
    staleTime: 60_000,
  });
};
