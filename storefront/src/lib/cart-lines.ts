// The cart's lines as stored, and their count: the part of the cart the header needs on every page's
// first load (the rest of the cart's operations are in cart-ops.ts, loaded with the pages that use them).
import { MAX_LINE_QUANTITY } from "@ch/contracts/constants";

export interface CartLine {
  id: number;
  name: string;
  price: number;
  image: string;
  category: string;
  quantity: number;
}

export const itemCount = (lines: CartLine[]): number => lines.reduce((sum, line) => sum + line.quantity, 0);

/** Reads stored JSON defensively: anything malformed is dropped rather than breaking the page. */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.flatMap((item): CartLine[] => {
    if (!item || typeof item !== "object") return [];
    const { id, name, price, image, category, quantity } = item as Record<string, unknown>;
    if (typeof id !== "number" || !Number.isInteger(id) || id < 1) return [];
    if (typeof quantity !== "number" || !Number.isFinite(quantity) || quantity < 1) return [];
    return [
      {
        id,
        name: typeof name === "string" ? name : `Product ${id}`,
        price: typeof price === "number" && price >= 0 ? price : 0,
        image: typeof image === "string" ? image : "",
        category: typeof category === "string" ? category : "",
        quantity: Math.min(Math.floor(quantity), MAX_LINE_QUANTITY),
      },
    ];
  });
}
