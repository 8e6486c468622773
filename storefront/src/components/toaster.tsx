// The single toast region: default and destructive variants, swipe right (50 px) or the close
// button to dismiss, F8 moves focus to it. The region is always on the page; a toast's own code
// (toast-item.tsx) loads with the first toast, so it is not part of any page's first load.
import { type ComponentType, useEffect, useRef, useState } from "react";
import { type Toast, useToast } from "../lib/toast";

type ToastItemComponent = ComponentType<{ current: Toast }>;
let loading: Promise<ToastItemComponent> | undefined;
const loadToastItem = (): Promise<ToastItemComponent> => {
  loading ??= import("./toast-item").then(
    (m) => m.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

export function Toaster() {
  const current = useToast();
  const region = useRef<HTMLOListElement>(null);
  // not React.lazy: a Suspense boundary reveals late content on a timer, and a toast must show at
  // once (also when a page's timers are held)
  const [ToastItem, setToastItem] = useState<ToastItemComponent | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") region.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    // fetched once the page has settled, so that a toast about a failed request still shows when the
    // network has gone away since
    const warm = setTimeout(() => void loadToastItem().catch(() => undefined), 3000);
    return () => {
      window.removeEventListener("keydown", onKey);
      clearTimeout(warm);
    };
  }, []);

  useEffect(() => {
    if (!current || ToastItem) return;
    let live = true;
    loadToastItem().then(
      (item) => {
        if (live) setToastItem(() => item);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [current, ToastItem]);

  return (
    <section aria-label="Notifications (F8)">
      <ol
        ref={region}
        tabIndex={-1}
        className="pointer-events-none fixed inset-x-4 top-20 z-[100] flex flex-col items-end sm:inset-x-auto sm:right-4 sm:w-[420px]"
      >
        {current && ToastItem ? <ToastItem key={current.id} current={current} /> : null}
      </ol>
    </section>
  );
}
