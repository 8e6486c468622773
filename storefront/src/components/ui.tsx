// Small shared building blocks: button styles, labelled fields, skeletons, section headings.
import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";
export const buttonClass = {
  primary: `${base} bg-amber-500 text-slate-950 shadow-sm hover:bg-amber-400`,
  dark: `${base} bg-slate-900 text-white shadow-sm hover:bg-slate-700`,
  outline: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  ghostOnDark: `${base} border border-white/30 text-white hover:bg-white/10`,
  danger: `${base} border border-red-200 bg-white text-red-700 hover:bg-red-50`,
};

export const inputClass =
  "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-amber-600";

interface FieldProps {
  label: string;
  required?: boolean;
  hint?: string;
  /** Why the value was refused (the server's reason or a client check): shown under the field. */
  error?: string | undefined;
  className?: string;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}

/** A label bound to its control; the control is rendered by the caller with the given id (and error marks). */
export function Field({ label, required, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(error ? { "aria-invalid": true as const } : {}),
      })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700" data-testid="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  required,
  hint,
  error,
  className,
  ...input
}: Omit<ComponentProps<"input">, "id"> & { label: string; hint?: string; error?: string | undefined }) {
  return (
    <Field label={label} required={required} hint={hint} error={error} className={className}>
      {(ids) => <input type="text" {...ids} {...input} required={required} className={inputClass} />}
    </Field>
  );
}

/** What a failed submit says beyond its fields, announced as it appears. */
export function FormMessage({ message, className = "" }: { message: string | null; className?: string }) {
  return message ? (
    <p role="alert" className={`rounded-lg bg-red-50 p-3 text-sm text-red-800 ${className}`} data-testid="form-error">
      {message}
    </p>
  ) : null;
}

export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
}

export function SectionHeading({ eyebrow, title, intro }: { eyebrow?: string; title: string; intro?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase">{eyebrow}</p> : null}
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h2>
      {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
    </div>
  );
}

export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="bg-slate-900 px-4 py-14 text-center text-white sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
      {intro ? <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">{intro}</p> : null}
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-24 text-slate-600">
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-amber-600"
        aria-hidden="true"
      />
      {label}
    </div>
  );
}
