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

type ControlProps<Tag extends "textarea" | "select"> = Omit<ComponentProps<Tag>, "id" | "className"> & {
  label: string;
  error?: string | undefined;
  className?: string;
};

export function TextAreaField({ label, error, className, rows, ...textarea }: ControlProps<"textarea">) {
  return (
    <Field label={label} error={error} className={className}>
      {(ids) => <textarea {...ids} rows={rows} className={inputClass} {...textarea} />}
    </Field>
  );
}

/**
 * A choice from a list, with an empty first option that says what to pick. `required` marks the label only:
 * the empty option stays selectable and the server says why it is refused.
 */
export function SelectField({
  label,
  required,
  error,
  className,
  name,
  placeholder,
  options,
  ...select
}: Omit<ControlProps<"select">, "children"> & {
  placeholder: string;
  /** value → the text shown for it */
  options: readonly (readonly [string, string])[];
}) {
  return (
    <Field label={label} required={required} error={error} className={className}>
      {(ids) => (
        <select {...ids} name={name} className={inputClass} {...select}>
          <option value="">{placeholder}</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
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

/** A table's head: one row of column headings, given as [label, classes] (each column's padding and alignment). */
export function TableHead({
  columns,
  className,
  rowClassName,
}: {
  columns: readonly (readonly [string, string])[];
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map(([label, cellClassName]) => (
          <th key={label} scope="col" className={cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A section named by its heading (aria-labelledby → the heading's id). Without classes it is the bordered
 * card of the storefront's side panels (contact details, hours, order details).
 */
export function TitledSection({
  id,
  title,
  as: Tag = "section",
  heading: Heading = "h2",
  className = "rounded-2xl border border-slate-200 p-6 shadow-sm",
  titleClassName = "text-lg font-bold text-slate-900",
  children,
  ...rest
}: {
  id: string;
  title: ReactNode;
  as?: "section" | "aside";
  heading?: "h2" | "h3";
  className?: string;
  titleClassName?: string;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <Tag aria-labelledby={id} className={className} {...rest}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </Tag>
  );
}

/** One term and its value in a <dl>. The term is muted, except on an `emphasis` row (a total, what is due now). */
export function DetailRow({
  term,
  className,
  emphasis,
  valueClassName,
  valueTestId,
  children,
}: {
  term: ReactNode;
  className?: string;
  emphasis?: boolean;
  valueClassName?: string;
  valueTestId?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className={emphasis ? undefined : "text-slate-600"}>{term}</dt>
      <dd className={valueClassName} data-testid={valueTestId}>
        {children}
      </dd>
    </div>
  );
}

export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
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
