import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates the server's markup, true from the render
 * right after hydration (and at once for anything mounted later). Whatever depends on the browser
 * alone (local time zone, storage, the document head) renders its server form first.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
