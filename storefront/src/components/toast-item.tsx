// One toast (see toaster.tsx): swipe right (50 px) or the close button dismisses it; pointer over it
// keeps it on screen.
import { useRef } from "react";
import { dismissToast, holdToast, type Toast } from "../lib/toast";
import { CloseIcon } from "./icons";

export default function ToastItem({ current }: { current: Toast }) {
  const start = useRef<number | null>(null);
  const item = useRef<HTMLLIElement>(null);
  const destructive = current.variant === "destructive";
  return (
    <li
      key={current.id}
      ref={item}
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      aria-atomic="true"
      data-testid="toast"
      data-variant={current.variant}
      onMouseEnter={() => holdToast(true)}
      onMouseLeave={() => holdToast(false)}
      onPointerDown={(event) => {
        start.current = event.clientX;
      }}
      onPointerMove={(event) => {
        if (start.current === null || !item.current) return;
        const dx = Math.max(0, event.clientX - start.current);
        item.current.style.transform = `translateX(${dx}px)`;
      }}
      onPointerUp={(event) => {
        if (start.current !== null && event.clientX - start.current > 50) dismissToast(current.id);
        else if (item.current) item.current.style.transform = "";
        start.current = null;
      }}
      className={`pointer-events-auto flex w-full max-w-[420px] items-start gap-3 rounded-xl border p-4 shadow-lg ${
        destructive ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{current.title}</p>
        {current.description ? (
          <p className={`mt-1 text-sm ${destructive ? "text-red-50" : "text-slate-600"}`}>{current.description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(current.id)}
        aria-label="Dismiss notification"
        className={`rounded-md p-1 ${destructive ? "hover:bg-red-800" : "hover:bg-slate-100"}`}
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </li>
  );
}
