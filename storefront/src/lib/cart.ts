// The cart's actions (add, change, remove, clear), each with its toast and the add-to-cart analytics
// event; storage and watching are in cart-store.ts.
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "@ch/contracts/constants";
import { trackEvent } from "./analytics";
import { addProduct, type CartProduct, removeLine, setQuantity } from "./cart-ops";
import { readCart, writeCart } from "./cart-store";
import { toast } from "./toast";

// reading and watching the stored cart (the header's count) is in cart-store.ts, part of every first load
export { CART_KEY, CART_UPDATED, readCart, useCart, writeCart } from "./cart-store";

export function addToCart(product: CartProduct): void {
  try {
    const result = addProduct(readCart(), product);
    if (result.kind === "at-limit") {
      toast({
        title: "Quantity Limit",
        description: `You can order up to ${MAX_LINE_QUANTITY} of ${product.name} online. Request a quote for more.`,
      });
      return;
    }
    if (result.kind === "too-many-lines") {
      toast({
        title: "Cart Full",
        description: `An order can hold up to ${MAX_ORDER_LINES} different products. Request a quote for more.`,
        variant: "destructive",
      });
      return;
    }
    writeCart(result.lines);
    if (result.kind === "increased") {
      toast({ title: "Cart Updated", description: `Increased ${product.name} quantity to ${result.line.quantity}` });
    } else {
      toast({ title: "Added to Cart", description: `${product.name} has been added to your cart.` });
    }
    void trackEvent("add_to_cart", {
      currency: "USD",
      value: product.price,
      items: [
        {
          item_id: String(product.id),
          item_name: product.name,
          item_category: product.category,
          price: product.price,
          quantity: 1,
        },
      ],
    });
  } catch {
    toast({ title: "Error", description: "Failed to add item to cart. Please try again.", variant: "destructive" });
  }
}

export function updateQuantity(id: number, quantity: number): void {
  const lines = readCart();
  const line = lines.find((l) => l.id === id);
  writeCart(setQuantity(lines, id, quantity));
  if (line && quantity <= 0)
    toast({ title: "Item Removed", description: `${line.name} has been removed from your cart.` });
}

export function removeFromCart(id: number): void {
  const line = readCart().find((l) => l.id === id);
  writeCart(removeLine(readCart(), id));
  if (line) toast({ title: "Item Removed", description: `${line.name} has been removed from your cart.` });
}

export function clearCart(options: { silent?: boolean } = {}): void {
  writeCart([]);
  if (!options.silent) toast({ title: "Cart Cleared", description: "All items have been removed from your cart." });
}
