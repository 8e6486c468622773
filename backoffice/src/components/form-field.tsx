// The one form-field primitive: a label bound to its control, an optional hint and the field's error
// (from the API's zod issues, keyed by path), announced to assistive technology.
import { type ReactNode, useId } from "react";

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

/** A select's options: each value, named by `label`. */
export function Options<V extends string>({ values, label }: { values: readonly V[]; label: (value: V) => string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
