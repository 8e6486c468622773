// Pure cart operations (no storage, no DOM): what the cart does, unit-tested in cart-ops.test.ts.
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "@ch/contracts/constants";
import type { CartLine } from "./cart-lines";

// what the first load needs (the header's count, reading the stored cart) is in cart-lines.ts
export { type CartLine, itemCount, parseCart } from "./cart-lines";

export interface CartProduct {
  id: number;
  name: string;
  price: number;
  images: string[];
  category: string;
}

export type AddResult =
  | { kind: "added"; lines: CartLine[]; line: CartLine }
  | { kind: "increased"; lines: CartLine[]; line: CartLine }
  | { kind: "at-limit"; lines: CartLine[]; line: CartLine }
  | { kind: "too-many-lines"; lines: CartLine[] };

export function addProduct(lines: CartLine[], product: CartProduct): AddResult {
  const existing = lines.find((line) => line.id === product.id);
  if (existing) {
    if (existing.quantity >= MAX_LINE_QUANTITY) return { kind: "at-limit", lines, line: existing };
    const line = { ...existing, quantity: existing.quantity + 1 };
    return { kind: "increased", lines: lines.map((l) => (l.id === product.id ? line : l)), line };
  }
  if (lines.length >= MAX_ORDER_LINES) return { kind: "too-many-lines", lines };
  const line: CartLine = {
    id: product.id,
    name: product.name,
    price: product.price,
    image: product.images[0] ?? "",
    category: product.category,
    quantity: 1,
  };
  return { kind: "added", lines: [...lines, line], line };
}

/** A quantity at or below 0 removes the line; above the limit it is capped. */
export function setQuantity(lines: CartLine[], id: number, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((line) => line.id !== id);
  const capped = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
  return lines.map((line) => (line.id === id ? { ...line, quantity: capped } : line));
}

export const removeLine = (lines: CartLine[], id: number): CartLine[] => lines.filter((line) => line.id !== id);

export const subtotal = (lines: CartLine[]): number =>
  Math.round(lines.reduce((sum, line) => sum + line.price * 100 * line.quantity, 0)) / 100;

/** The cart's contents as text, for a quote request. */
export function describeCart(lines: CartLine[]): string {
  return lines.map((line) => `${line.quantity} x ${line.name} (product #${line.id}) at $${line.price}`).join("\n");
}
