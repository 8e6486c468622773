// A button that opens the one quote/call dialog (lib/quote.ts) with the request it names.
import type { ReactNode } from "react";
import { openQuoteDialog, type QuoteRequestOptions } from "../lib/quote";

export function QuoteButton({
  className,
  request,
  onOpen,
  children,
}: {
  className: string;
  request: QuoteRequestOptions;
  /** Runs before the dialog opens (the mobile menu closes itself). */
  onOpen?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onOpen?.();
        openQuoteDialog(request);
      }}
    >
      {children}
    </button>
  );
}
