// A form's one file (react-hook-form): a labelled file input, the rule's hint and the field's error. The
// value is the File chosen (null for none); the input is emptied when the form is reset.
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { messageOf } from "../../components/form";
import { FormField } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import type { FileRule } from "./project-upload";

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
