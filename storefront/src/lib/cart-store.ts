// The cart in localStorage under CART_KEY: reading it, writing it and watching it. Each change
// broadcasts CART_UPDATED in this tab; other tabs learn of it through the storage event. useCart()
// listens to both. The cart's actions (add, remove, with their toasts) are in cart.ts.
import { useSyncExternalStore } from "react";
import { type CartLine, parseCart } from "./cart-lines";

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
