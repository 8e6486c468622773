// The back office's one form layer: react-hook-form, checked by a zod schema (the API's contract where one
// fits the form), fields that render through FormField, and a refused write's issues put on their fields.
// A screen builds a form with useApiForm, renders the fields below with its `control`, and submits with
// form.submit(send): when the server refuses, each issue lands on its field (the first one takes focus)
// and what names no field is kept as the form's message (<FormMessage>).
import { zodResolver } from "@hookform/resolvers/zod";
import {
  type BaseSyntheticEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from "react";
import {
  type Control,
  type ControllerRenderProps,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useController,
  useForm,
} from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { errorMessage } from "../lib/trpc";
import { FormField, issuesOf } from "./form-field";

export interface ApiForm<T extends FieldValues> extends UseFormReturn<T> {
  /** An onSubmit handler: checks the values, then awaits `send`; a refusal is shown on the form. */
  submit: (
    send: (values: T) => Promise<unknown>,
    options?: { invalid?: (errors: FieldErrors<T>) => void },
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** The refusal's words that belong to no field, or null. */
  message: string | null;
}

// without a schema every value passes: the browser's own checks (required, type) still run first
const passAll = async <T extends FieldValues>(values: T) => ({ values, errors: {} });

export function useApiForm<T extends FieldValues>({
  schema,
  defaultValues,
  toField = (path) => path,
  fallback = "The server refused it",
  toasted = false,
}: {
  /** Checks the values before they are sent (raw: what is sent is what was typed; the server parses). */
  schema?: $ZodType<unknown, FieldValues>;
  defaultValues: DefaultValues<T>;
  /** The form's field for a path the server names ("data.price" → "price"); null: no field shows it. */
  toField?: (path: string) => string | null;
  /** The message of a refusal that says nothing. */
  fallback?: string;
  /** The screen toasts the refusal's message: the form keeps only the issues no field shows. */
  toasted?: boolean;
}): ApiForm<T> {
  const form = useForm<T>({
    defaultValues,
    resolver: (schema ? zodResolver(schema, undefined, { raw: true }) : passAll) as Resolver<T>,
    shouldFocusError: true,
  });
  const [message, setMessage] = useState<string | null>(null);

  const refuse = (error: unknown) => {
    const rest: string[] = [];
    const placed = new Set<string>();
    for (const [path, text] of Object.entries(issuesOf(error))) {
      const name = toField(path) as Path<T> | null;
      if (name === null || form.getValues(name) === undefined) rest.push(path ? `${path}: ${text}` : text);
      else if (!placed.has(name)) {
        // the first issue of a field is its message; the first field refused takes focus
        form.setError(name, { type: "server", message: text }, { shouldFocus: placed.size === 0 });
        placed.add(name);
      }
    }
    if (rest.length > 0) setMessage(rest.join(" "));
    else if (placed.size === 0 && !toasted) setMessage(errorMessage(error, fallback));
  };

  const submit: ApiForm<T>["submit"] = (send, options) => (event) => {
    setMessage(null);
    return form.handleSubmit(
      async (values) => {
        try {
          await send(values);
        } catch (error) {
          refuse(error);
        }
      },
      (errors) => options?.invalid?.(errors),
    )(event);
  };

  // a new start (new values, or the form reused): the refusal's message goes too
  const reset: UseFormReturn<T>["reset"] = (values, options) => {
    setMessage(null);
    form.reset(values, options);
  };

  return { ...form, reset, submit, message };
}

/** A refusal's words that belong to no field. */
export function FormMessage({ message, className = "" }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 ${className}`}>
      {message}
    </p>
  );
}

/** The first message in a field's errors (a list's errors are nested under it). */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === "string" && message) return message;
  for (const [key, value] of Object.entries(error)) {
    const found = key === "ref" ? undefined : messageOf(value);
    if (found) return found;
  }
  return undefined;
}

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  hint?: string | undefined;
  /** The control's id when something outside refers to it (`${id}-error` is its error). */
  id?: string | undefined;
  className?: string | undefined;
}

/** The field's value and handlers, and its error's words. */
function useField<T extends FieldValues>({ control, name }: FieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return { field, error: messageOf(fieldState.error) };
}

type Native<E> = Omit<E, "id" | "name" | "className" | "value" | "defaultValue" | "onChange" | "children">;

/** How a number is typed: empty is NaN (the schema names it), anything else a number. */
export const asNumber = {
  parse: (raw: string) => (raw === "" ? Number.NaN : Number(raw)),
  format: (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? String(value) : ""),
};

export type InputFieldProps<T extends FieldValues> = FieldProps<T> &
  Native<InputHTMLAttributes<HTMLInputElement>> & {
    /** The control's name attribute when it differs from the field's. */
    inputName?: string;
    inputClassName?: string;
    /** From what is typed to the value, and back (dollars typed, cents kept). */
    parse?: (raw: string) => unknown;
    format?: (value: unknown) => string;
  };

export function InputField<T extends FieldValues>({
  inputName,
  inputClassName = "field-input",
  parse,
  format,
  ...props
}: InputFieldProps<T>) {
  const { control, name, label, hint, id, className, ...input } = props;
  const { field, error } = useField(props);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(ids) => (
        <input
          type="text"
          {...input}
          {...ids}
          ref={field.ref}
          name={inputName ?? field.name}
          className={inputClassName}
          value={format ? format(field.value) : (field.value ?? "")}
          onChange={(e) => field.onChange(parse ? parse(e.target.value) : e.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </FormField>
  );
}

/** A native control's wiring to its field: the ids FormField gives, the value, and the field's handlers. */
function boundTo<T extends FieldValues>(
  field: ControllerRenderProps<T, Path<T>>,
  ids: { id: string; "aria-invalid"?: true; "aria-describedby"?: string },
  className: string,
) {
  const { ref, name, value, onChange, onBlur } = field;
  return { ...ids, ref, name, className, value: value ?? "", onChange, onBlur };
}

export function TextareaField<T extends FieldValues>(
  props: FieldProps<T> & Native<TextareaHTMLAttributes<HTMLTextAreaElement>> & { inputClassName?: string },
) {
  const { control, name, label, hint, id, className, inputClassName = "field-input", ...textarea } = props;
  const { field, error } = useField(props);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(ids) => <textarea {...textarea} {...boundTo(field, ids, inputClassName)} />}
    </FormField>
  );
}

export function SelectField<T extends FieldValues>(
  props: FieldProps<T> &
    Native<SelectHTMLAttributes<HTMLSelectElement>> & { inputClassName?: string; children: ReactNode },
) {
  const { control, name, label, hint, id, className, inputClassName = "field-input", children, ...select } = props;
  const { field, error } = useField(props);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(ids) => (
        <select {...select} {...boundTo(field, ids, inputClassName)}>
          {children}
        </select>
      )}
    </FormField>
  );
}

/** A checkbox with its label after it; `label` may carry more than words (a hint below the name). */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  className = "flex items-center gap-2 text-sm text-slate-800",
  inputClassName = "size-4",
  ...input
}: Omit<FieldProps<T>, "label" | "hint" | "id"> &
  Native<InputHTMLAttributes<HTMLInputElement>> & { label: ReactNode; inputClassName?: string }) {
  const { field } = useController({ control, name });
  return (
    <label className={className}>
      <input
        {...input}
        type="checkbox"
        ref={field.ref}
        name={field.name}
        className={inputClassName}
        checked={Boolean(field.value)}
        onChange={(e) => field.onChange(e.target.checked)}
        onBlur={field.onBlur}
      />
      {label}
    </label>
  );
}

/**
 * A list field chosen with checkboxes (events, scopes, days): whether a value is in it, a toggle that keeps
 * `order` when given, the list's error and the ref for the first box (focused when the list is refused).
 */
export function useChecklist<T extends FieldValues, V extends string>(
  control: Control<T>,
  name: Path<T>,
  order?: readonly V[],
) {
  const { field, fieldState } = useController({ control, name });
  const list = (field.value ?? []) as V[];
  return {
    has: (value: V) => list.includes(value),
    toggle: (value: V, on: boolean) => {
      const next = on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
      field.onChange(order ? order.filter((v) => next.includes(v)) : next);
    },
    error: messageOf(fieldState.error),
    ref: field.ref,
  };
}
