// The one form-field primitive: a label bound to its control, an optional hint and the field's error
// (from the API's zod issues, keyed by path), announced to assistive technology.
import { type InputHTMLAttributes, type ReactNode, useId } from "react";

export type FieldErrors = Record<string, string>;

/**
 * The issues of a refused write (zod on the client, a tRPC error's data, or a REST answer's { issues } body),
 * keyed by "a.b.0".
 */
export function issuesOf(error: unknown): FieldErrors {
  const found: FieldErrors = {};
  if (!error || typeof error !== "object") return found;
  const issues =
    (error as { issues?: unknown }).issues ??
    (error as { data?: { issues?: unknown } }).data?.issues ??
    (error as { shape?: { data?: { issues?: unknown } } }).shape?.data?.issues ??
    (error as { body?: { issues?: unknown } | null }).body?.issues;
  if (Array.isArray(issues)) {
    for (const issue of issues as { path: (string | number)[]; message: string }[]) {
      found[issue.path.join(".")] ??= issue.message;
    }
  }
  return found;
}

export function FormField({
  id: givenId,
  label,
  error,
  hint,
  className,
  children,
}: {
  /** The control's id when something outside refers to it; a generated one otherwise. */
  id?: string | undefined;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({
        id,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A group of controls under one legend (checkboxes, an upload button): an optional hint and the group's error. */
export function Fieldset({
  legend,
  hint,
  error,
  children,
}: {
  legend: string;
  hint?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="field-label">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A labelled input that is no form's field (a search box, a period's day): its value and what typing does. */
export function InputBox({
  id,
  label,
  error,
  className,
  value,
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "value" | "onChange" | "children"> & {
  id?: string;
  label: string;
  error?: string | undefined;
  className?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={label} error={error} className={className}>
      {(field) => (
        <input {...input} {...field} className="field-input" value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </FormField>
  );
}

/** A labelled select that is no form's field (a list's filter): its value, what choosing does, its options. */
export function SelectBox({
  id,
  label,
  className,
  selectClassName = "field-input",
  value,
  onChange,
  children,
}: {
  id?: string;
  label: string;
  className?: string;
  selectClassName?: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <FormField id={id} label={label} className={className}>
      {(field) => (
        <select {...field} className={selectClassName} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      )}
    </FormField>
  );
}

/** A select's options: each value, named by `label`. */
export function Options<V extends string>({ values, label }: { values: readonly V[]; label: (value: V) => string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
