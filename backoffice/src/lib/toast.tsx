// Toasts: one at a time, shown for 5 s (spec section 9). A destructive toast is announced as an alert.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { errorMessage } from "./trpc";

export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

const TOAST_MS = 5000;
const ToastContext = createContext<(toast: Toast) => void>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { key: number }) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((toast: Toast) => {
    clearTimeout(timer.current);
    setCurrent({ ...toast, key: Date.now() });
    timer.current = setTimeout(() => setCurrent(null), TOAST_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const destructive = current?.variant === "destructive";
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end">
        <div role={destructive ? "alert" : "status"} aria-live={destructive ? "assertive" : "polite"}>
          {current && (
            <div
              key={current.key}
              data-testid="toast"
              data-variant={current.variant ?? "default"}
              className={`pointer-events-auto w-80 max-w-[calc(100vw-2rem)] rounded-lg border p-4 shadow-lg ${
                destructive ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
              }`}
            >
              <div className="flex items-start gap-3">
                <div className="flex-1">
                  <p className="font-semibold">{current.title}</p>
                  {current.description && (
                    <p className={`mt-1 text-sm ${destructive ? "text-red-50" : "text-slate-600"}`}>
                      {current.description}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  onClick={() => setCurrent(null)}
                  className="rounded px-1 text-lg leading-none opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2"
                  aria-label="Dismiss notification"
                >
                  ×
                </button>
              </div>
            </div>
          )}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);

/** `failed(title)` is an onError that toasts the refusal: the title, and the server's words or `fallback`. */
export function useFailureToast() {
  const toast = useToast();
  return (title: string, fallback = "The server refused it") =>
    (error: unknown) =>
      toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
}
