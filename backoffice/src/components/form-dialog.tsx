// A form in a dialog: its fields, what the server refused that no field shows, then Cancel (which closes the
// dialog) and the submit button, which says what it is doing while the form's send runs. Apart from
// dialog.tsx, so the dialogs without a form carry no form layer.
import type { FormEvent, ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { Dialog, DialogActions } from "./dialog";
import { type ApiForm, FormMessage } from "./form";

export function FormDialog<T extends FieldValues>({
  open = true,
  onClose,
  title,
  wide,
  form,
  onSubmit,
  noValidate,
  button: [label, pendingLabel],
  children,
}: {
  /** Open by default: a dialog mounted only while it is shown. */
  open?: boolean;
  onClose: () => void;
  title: string;
  wide?: boolean;
  /** The form (useApiForm): its message, and whether its submit is still sending. */
  form: Pick<ApiForm<T>, "message" | "formState">;
  /** The form's submit (form.submit(send)). */
  onSubmit: (event: FormEvent) => void;
  /** The form's own checks only (zod), not the browser's. */
  noValidate?: boolean;
  /** The submit button's words, and its words while the form is sending. */
  button: [label: string, pendingLabel: string];
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} wide={wide}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate={noValidate}>
        {children}
        <FormMessage message={form.message} />
        <DialogActions
          onCancel={onClose}
          pending={form.formState.isSubmitting}
          label={label}
          pendingLabel={pendingLabel}
        />
      </form>
    </Dialog>
  );
}
