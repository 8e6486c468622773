// The single toast region: default and destructive variants, swipe right (50 px) or the close
// button to dismiss, F8 moves focus to it. The region is always on the page; a toast's own code
// (toast-item.tsx) loads with the first toast, so it is not part of any page's first load.
import { lazy, Suspense, useEffect, useRef } from "react";
import { useToast } from "../lib/toast";

const ToastItem = lazy(() => import("./toast-item"));

export function Toaster() {
  const current = useToast();
  const region = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") region.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    // fetched once the page is idle, so that a toast about a failed request still shows when the
    // network has gone away since
    const warm = setTimeout(() => void import("./toast-item").catch(() => undefined), 3000);
    return () => {
      window.removeEventListener("keydown", onKey);
      clearTimeout(warm);
    };
  }, []);

  return (
    <section aria-label="Notifications (F8)">
      <ol
        ref={region}
        tabIndex={-1}
        className="pointer-events-none fixed inset-x-4 top-20 z-[100] flex flex-col items-end sm:inset-x-auto sm:right-4 sm:w-[420px]"
      >
        {current ? (
          <Suspense fallback={null}>
            <ToastItem key={current.id} current={current} />
          </Suspense>
        ) : null}
      </ol>
    </section>
  );
}
