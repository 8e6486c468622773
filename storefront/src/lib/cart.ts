// The cart lives in localStorage under CART_KEY. Each change broadcasts CART_UPDATED in this tab;
// other tabs learn of it through the storage event. useCart() listens to both.
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "@ch/api/contracts/constants";
import { useSyncExternalStore } from "react";
import { trackEvent } from "./analytics";
import { addProduct, type CartLine, type CartProduct, parseCart, removeLine, setQuantity } from "./cart-ops";
import { toast } from "./toast";

export const CART_KEY = "containerHomesCart";
export const CART_UPDATED = "cart-updated";

function readRaw(): string | null {
  try {
    return localStorage.getItem(CART_KEY);
  } catch {
    return null;
  }
}

let cachedRaw: string | null | undefined;
let cachedLines: CartLine[] = [];

export function readCart(): CartLine[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parseCart(raw);
  }
  return cachedLines;
}

export function writeCart(lines: CartLine[]): void {
  if (lines.length === 0) localStorage.removeItem(CART_KEY);
  else localStorage.setItem(CART_KEY, JSON.stringify(lines));
  window.dispatchEvent(new Event(CART_UPDATED));
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CART_UPDATED, listener);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CART_UPDATED, listener);
  };
}

export const useCart = (): CartLine[] => useSyncExternalStore(subscribe, readCart, () => []);

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
