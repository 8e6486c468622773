// A portal form that sends a text with files attached (a message to the team, a warranty claim): one
// error line under the text, the files uploaded before sending, the portal's data reloaded once sent.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { buttonClass, TextAreaField } from "../../components/ui";
import { formErrors } from "../../lib/form-errors";
import { trpc } from "../../lib/trpc";
import { FileInput, PendingFiles, usePendingFiles } from "./portal-uploads";

export function useAttachedText(orderNumber: string) {
  const queries = useQueryClient();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const files = usePendingFiles(orderNumber, setError);
  return {
    text,
    setText,
    error,
    setError,
    files,
    /** The request went through: the form empties and the portal's data reloads. */
    sent: () => {
      setText("");
      files.clear();
      void queries.invalidateQueries({ queryKey: trpc.portal.pathKey() });
    },
    /** The request failed: the reason given for the first of `fields` that has one, else the form's. */
    failed: (cause: unknown, fields: readonly string[], fallback: string) => {
      const problem = formErrors(cause, fields, fallback);
      setError(fields.map((field) => problem.fields[field]).find(Boolean) ?? problem.message);
    },
  };
}

export type AttachedText = ReturnType<typeof useAttachedText>;

interface AttachedTextFormProps {
  form: AttachedText;
  label: string;
  fileLabel: string;
  accept: readonly string[];
  filesFull?: boolean;
  submitLabel: string;
  sending: boolean;
  /** Why the form cannot be sent as it is (the text trimmed), or null. */
  check: (text: string, fileCount: number) => string | null;
  send: (text: string, fileIds: number[]) => void;
}

export function AttachedTextForm({ form, check, send, ...props }: AttachedTextFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = form.text.trim();
    const problem = check(text, form.files.files.length);
    form.setError(problem);
    if (!problem) send(text, form.files.ids);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-3">
      <TextAreaField
        label={props.label}
        rows={3}
        value={form.text}
        onChange={(e) => form.setText(e.target.value)}
        error={form.error ?? undefined}
      />
      <PendingFiles pending={form.files} />
      <FileInput label={props.fileLabel} accept={props.accept} pending={form.files} disabled={props.filesFull} />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={props.sending || form.files.uploading}>
          {props.sending ? "Sending..." : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
