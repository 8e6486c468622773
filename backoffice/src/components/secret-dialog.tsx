// A secret the server shows once (a new API key, a webhook's signing secret): the words around it, the
// secret itself, a Copy button and the close that says it has been stored.
import type { ReactNode } from "react";
import { useToast } from "../lib/toast";
import { Dialog } from "./dialog";

export function SecretDialog({
  secret,
  title,
  secretLabel,
  copiedTitle,
  intro,
  children,
  onClose,
}: {
  /** The secret to show; null keeps the dialog closed. */
  secret: string | null;
  title: string;
  /** The secret's accessible name. */
  secretLabel: string;
  /** The toast after a copy. */
  copiedTitle: string;
  /** What the secret is, above it. */
  intro: ReactNode;
  /** Anything to say below it. */
  children?: ReactNode;
  onClose: () => void;
}) {
  const toast = useToast();
  const copy = async () => {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: copiedTitle });
    } catch {
      toast({ title: "Copy it by hand", description: "The browser did not allow copying.", variant: "destructive" });
    }
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} title={title}>
      {secret !== null ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{intro}</p>
          <output
            aria-label={secretLabel}
            className="block break-all rounded-md bg-slate-100 p-3 font-mono text-sm text-slate-900"
          >
            {secret}
          </output>
          {children}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => void copy()}>
              Copy
            </button>
            <button type="button" className="btn-primary" onClick={onClose}>
              I have stored it
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
