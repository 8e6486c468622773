// A modal built on <dialog>: the browser traps focus, Esc closes it, focus returns to the opener.
import { Fragment, type ReactNode, Suspense, useEffect, useId, useRef } from "react";
import { SubmitButton } from "./submit-button";
import type { EditDialogs } from "./use-edit-dialogs";

export function Dialog({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // React passes a <dialog>'s close event on to a dialog around it: a confirm inside the order's dialog
      // would close both
      onClose={(event) => {
        event.stopPropagation();
        onClose();
      }}
      className={`m-auto w-[calc(100vw-1.5rem)] ${wide ? "max-w-3xl" : "max-w-lg"} rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50`}
    >
      {open && (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button type="button" onClick={onClose} className="btn-ghost" aria-label="Close dialog">
              ✕
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}

/** A dialog around a form loaded apart (React.lazy): the form mounts only while the dialog is open. */
export function LazyFormDialog({
  open,
  onClose,
  title,
  wide,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} wide={wide}>
      {open && <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>{children}</Suspense>}
    </Dialog>
  );
}

/**
 * A list's add-or-edit form (useEditDialogs) in a dialog loaded apart: the title says which, and the form is
 * made anew for each item.
 */
export function EditFormDialog<T extends { id: string | number }>({
  dialogs: { editing, formOpen, closeForm },
  titles: [editTitle, addTitle],
  wide,
  children,
}: {
  dialogs: Pick<EditDialogs<T>, "editing" | "formOpen" | "closeForm">;
  /** The title while an item is edited, and while one is added. */
  titles: [string, string];
  wide?: boolean;
  /** The form for the item (null: a new one), and what closes it. */
  children: (item: T | null, done: () => void) => ReactNode;
}) {
  return (
    <LazyFormDialog open={formOpen} onClose={closeForm} title={editing ? editTitle : addTitle} wide={wide}>
      <Fragment key={editing?.id ?? "new"}>{children(editing, closeForm)}</Fragment>
    </LazyFormDialog>
  );
}

/** A form dialog's footer: Cancel, and the submit button that says what it does and when it is doing it. */
export function DialogActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  divided = false,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** A line above it, closing a long form. */
  divided?: boolean;
}) {
  return (
    <div className={`flex justify-end gap-2${divided ? " border-t border-slate-100 pt-4" : ""}`}>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancel
      </button>
      <SubmitButton pending={pending} label={label} pendingLabel={pendingLabel} />
    </div>
  );
}

/** Asks before a destructive action. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  pending,
  pendingLabel = "Deleting...",
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  /** What the button says while the action runs. */
  pendingLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <p className="text-slate-700">{message}</p>
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn-danger" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
