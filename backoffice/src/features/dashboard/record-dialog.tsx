import type { ReactNode } from "react";
import { LoadError } from "../../components/card";
import { Dialog } from "../../components/dialog";
import { errorMessage } from "../../lib/trpc";

/** A record's details (an order, a lead) in a wide dialog, once its query answers. */
export function RecordDialog<T>({
  open,
  onClose,
  details,
  title,
  loadError,
  children,
}: {
  open: boolean;
  onClose: () => void;
  details: { data: T | undefined; error: unknown };
  /** The title, from the record once it is loaded. */
  title: (record: T | undefined) => string;
  loadError: string;
  children: (record: T) => ReactNode;
}) {
  const { data, error } = details;
  return (
    <Dialog open={open} onClose={onClose} title={title(data)} wide>
      {error ? <LoadError message={errorMessage(error, loadError)} /> : null}
      {!data && !error && <p className="text-sm text-slate-600">Loading…</p>}
      {data && <div className="space-y-6 text-sm">{children(data)}</div>}
    </Dialog>
  );
}
