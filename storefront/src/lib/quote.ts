// Opens the one quote/call dialog from anywhere (header, product page, cart, contact, home).
import { useSyncExternalStore } from "react";
import { createStore } from "./external-store";

export interface QuoteRequestOptions {
  kind: "quote" | "call";
  /** The button's own words, used as the dialog title. */
  title: string;
  productId?: number;
  productName?: string;
  message?: string;
}

const store = createStore<QuoteRequestOptions | null>(null);

export const openQuoteDialog = (options: QuoteRequestOptions): void => store.set(options);
export const closeQuoteDialog = (): void => store.set(null);
export const useQuoteDialog = (): QuoteRequestOptions | null =>
  useSyncExternalStore(store.subscribe, store.get, store.get);
