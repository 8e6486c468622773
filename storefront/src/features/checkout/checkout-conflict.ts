// What checkout does with a 409 from POST /api/orders (out of stock, unknown products, changed
// prices): the message, and the cart's lines refreshed from the catalog. Loaded only when it happens.
import { ApiError, getJson, serverMessage } from "../../lib/api";
import type { CartLine } from "../../lib/cart-ops";
import { readCart, writeCart } from "../../lib/cart-store";
import { formatAmount } from "../../lib/format";
import type { ProductDto } from "../../lib/queries";

/** After a 409 the server's prices win: refresh the cart's lines from the catalog. */
export async function refreshCartPrices(): Promise<void> {
  const lines = readCart();
  const refreshed = await Promise.all(
    lines.map(async (line): Promise<CartLine | null> => {
      try {
        const product = await getJson<ProductDto>(`/api/products/${line.id}`);
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
