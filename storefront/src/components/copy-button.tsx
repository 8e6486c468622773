// Copy a value to the clipboard: the button says "Copied" for two seconds. At checkout a toast also says
// so (or that copying failed); on the order's pages the button alone answers.
import { useState } from "react";
import { toast } from "../lib/toast";
import { CheckIcon, CopyIcon } from "./icons";
import { buttonClass } from "./ui";

export function CopyButton({ value, label, toasts = false }: { value: string; label: string; toasts?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      if (toasts) toast({ title: "Copied!", description: `${label} copied to clipboard` });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      if (toasts) {
        toast({ title: "Copy Failed", description: "Please copy the information manually.", variant: "destructive" });
      } else {
        setCopied(false);
      }
    }
  };
  return (
    <button type="button" onClick={copy} className={`${buttonClass.outline} px-3 py-2`} aria-label={`Copy ${label}`}>
      {copied ? <CheckIcon className="h-4 w-4 text-green-700" /> : <CopyIcon className="h-4 w-4" />}
      {copied ? "Copied" : "Copy"}
    </button>
  );
}

/** A USDT (TRC20) wallet address to copy: the address as code and its copy button. */
export function WalletAddress({
  address,
  testId,
  darkText = false,
  toasts = false,
}: {
  address: string;
  testId: string;
  darkText?: boolean;
  toasts?: boolean;
}) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <code
        className={`min-w-0 rounded-md bg-white px-2 py-1.5 font-mono text-sm break-all ${darkText ? "text-slate-900 " : ""}ring-1 ring-slate-200`}
        data-testid={testId}
      >
        {address}
      </code>
      <CopyButton value={address} label="Wallet address" toasts={toasts} />
    </div>
  );
}
