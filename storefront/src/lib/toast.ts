// One toast at a time (spec section 9): a new toast replaces the current one; each shows for 5 s.
import { useSyncExternalStore } from "react";
import { createStore } from "./external-store";

export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
}

const store = createStore<Toast | null>(null);
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function toast(input: { title: string; description?: string; variant?: Toast["variant"] }): void {
  clearTimeout(timer);
  const current: Toast = { id: nextId++, variant: input.variant ?? "default", title: input.title };
  if (input.description !== undefined) current.description = input.description;
  store.set(current);
  timer = setTimeout(() => dismissToast(current.id), TOAST_DURATION_MS);
}

export function dismissToast(id?: number): void {
  if (id !== undefined && store.get()?.id !== id) return;
  clearTimeout(timer);
  store.set(null);
}

/** Keeps the toast on screen while the pointer or focus is on it. */
export function holdToast(hold: boolean): void {
  const current = store.get();
  if (!current) return;
  clearTimeout(timer);
  if (!hold) timer = setTimeout(() => dismissToast(current.id), TOAST_DURATION_MS);
}

export const useToast = (): Toast | null => useSyncExternalStore(store.subscribe, store.get, store.get);
