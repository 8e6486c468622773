// What a failed quote or order means to the customer (409 conflicts, rate limits), and the cart refresh
// after the server's prices win.
import { ApiError, serverMessage } from "../../lib/api";
import { readCart, writeCart } from "../../lib/cart";
import type { CartLine } from "../../lib/cart-ops";
import { formatAmount } from "../../lib/format";
import { trpcClient } from "../../lib/trpc";

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return `checkout-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** After a 409 the server's prices win: refresh the cart's lines from the catalog. */
export async function refreshCartPrices(): Promise<void> {
  const lines = readCart();
  const refreshed = await Promise.all(
    lines.map(async (line): Promise<CartLine | null> => {
      try {
        const product = await trpcClient.catalog.byId.query({ id: line.id });
        return { ...line, name: product.name, price: product.price, image: product.images[0] ?? line.image };
      } catch (error) {
        return error instanceof ApiError && error.status === 404 ? null : line;
      }
    }),
  );
  writeCart(refreshed.filter((l): l is CartLine => l !== null));
}

export function explainConflict(error: ApiError): { title: string; description: string } {
  const body = (error.body ?? {}) as {
    outOfStock?: { name: string }[];
    unknownProductIds?: number[];
    totalAmount?: number;
  };
  if (body.outOfStock?.length) {
    return {
      title: "Out of Stock",
      description: `${body.outOfStock.map((p) => p.name).join(", ")} ${body.outOfStock.length === 1 ? "is" : "are"} no longer available. Please remove ${body.outOfStock.length === 1 ? "it" : "them"} from your cart.`,
    };
  }
  if (body.unknownProductIds?.length) {
    return {
      title: "Cart Updated",
      description: "Some items in your cart are no longer sold and have been removed. Please review your order.",
    };
  }
  if (typeof body.totalAmount === "number") {
    return {
      title: "Prices Changed",
      description: `Prices have changed since you added these items. The new total is ${formatAmount(body.totalAmount)}. Please review your order and submit again.`,
    };
  }
  return { title: "Order Error", description: serverMessage(error) ?? "Failed to submit order. Please try again." };
}

/** A 409 naming products (unknown or out of stock), from the quote or the order: what the customer reads. */
export function productConflict(error: unknown): { title: string; description: string; unknown: boolean } | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body || typeof error.body !== "object")
    return null;
  if (!("outOfStock" in error.body) && !("unknownProductIds" in error.body)) return null;
  return { ...explainConflict(error), unknown: "unknownProductIds" in error.body };
}

/** A 409 on the order naming its total or its products: the server's figures win. */
export function isOrderConflict(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    !!error.body &&
    typeof error.body === "object" &&
    ("totalAmount" in error.body || "outOfStock" in error.body || "unknownProductIds" in error.body)
  );
}

/** Why the quote is missing, in the customer's words (the server's reason for a ZIP or state it cannot price). */
export function quoteProblemText(error: unknown): string {
  return (
    productConflict(error)?.description ??
    serverMessage(error) ??
    "We couldn't price delivery and tax just now. Please try again."
  );
}

/** A quote that failed for a reason another try may not share (network, server, rate limit). */
export const retryable = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
