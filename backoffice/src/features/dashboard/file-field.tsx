// A form's one file (react-hook-form): a labelled file input, the rule's hint and the field's error. The
// value is the File chosen (null for none); the input is emptied when the form is reset. And the upload
// forms of the order page: their frame, and what they do around an upload.
import { type QueryFilters, useMutation } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { type Control, type DefaultValues, type FieldValues, type Path, useController } from "react-hook-form";
import { messageOf, useApiForm } from "../../components/form";
import { FormField } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import { useFailureToast, useToast } from "../../lib/toast";
import { queryClient, trpc } from "../../lib/trpc";
import { type FileRule, toUploadField } from "./project-upload";

export const FILE_INPUT_CLASS =
  "field-input file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1 file:text-sm file:font-medium file:text-slate-800";

export function FileField<T extends FieldValues>({
  control,
  name,
  label,
  rule,
  className,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  rule: FileRule;
  className?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!field.value && input.current) input.current.value = "";
  }, [field.value]);
  return (
    <FormField label={label} hint={rule.hint} error={messageOf(fieldState.error)} className={className}>
      {(ids) => (
        <input
          {...ids}
          ref={(element) => {
            input.current = element;
            field.ref(element);
          }}
          type="file"
          name={field.name}
          accept={rule.types.join(",")}
          className={FILE_INPUT_CLASS}
          onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
          onBlur={field.onBlur}
        />
      )}
    </FormField>
  );
}

/**
 * An upload form of the order page: its values checked by `schema`, sent by `send`; once stored, the form
 * holds `done`'s values again, the order and `list` are read again, and `done`'s toast says so.
 */
export function useUploadForm<V extends FieldValues, A>({
  schema,
  defaultValues,
  send,
  list,
  done,
  failed: [failedTitle, fallback],
}: {
  schema: Parameters<typeof useApiForm<V>>[0]["schema"];
  defaultValues: DefaultValues<V>;
  send: (values: V) => Promise<A>;
  /** The order's list of such files. */
  list: QueryFilters;
  done: (stored: A) => { values: V; title: string; description: string };
  /** The failure toast's title, and its words when the server says none. */
  failed: [title: string, fallback: string];
}) {
  const toast = useToast();
  const failure = useFailureToast();
  const form = useApiForm<V>({ schema, defaultValues, toField: toUploadField, toasted: true });
  const upload = useMutation({
    mutationFn: send,
    onSuccess: async (stored) => {
      const { values, title, description } = done(stored);
      form.reset(values);
      await queryClient.invalidateQueries(list);
      await queryClient.invalidateQueries(trpc.orders.details.pathFilter());
      toast({ title, description });
    },
    onError: failure(failedTitle, fallback),
  });
  return {
    control: form.control,
    submit: form.submit((values) => upload.mutateAsync(values)),
    pending: upload.isPending,
  };
}

/** The frame of an upload form on the order page: its title, its fields in two columns, its button. */
export function UploadForm({
  title,
  onSubmit,
  pending,
  submitLabel,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      aria-label={title}
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
    >
      <h4 className="font-semibold text-slate-900 sm:col-span-2">{title}</h4>
      {children}
      <div className="sm:col-span-2">
        <SubmitButton pending={pending} label={submitLabel} pendingLabel="Uploading..." />
      </div>
    </form>
  );
}
