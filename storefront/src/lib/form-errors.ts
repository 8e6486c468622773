// Why a form failed, in the visitor's words: the API's error body ({ message, issues: [{ path, message }] })
// or a client-side check becomes a reason per field (shown next to it) plus one sentence for the rest.
// Every storefront form shows its errors through this file and <Field error>.
import { useState } from "react";
import { ApiError } from "./api";

export interface FormErrors {
  /** field name → reason, shown next to that field */
  fields: Partial<Record<string, string>>;
  /** what names no field of the form, as a sentence */
  message: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, message: null };

interface Issue {
  path: (string | number)[];
  message: string;
}

/** "zipCode" → "zip code", "cartItems.0.quantity" → "cart items quantity" */
const words = (path: (string | number)[]) =>
  path
    .filter((p) => typeof p === "string")
    .join(" ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();

/** A reason as a sentence: capital first letter, a full stop. */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const capital = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The server's words without the parser's prefix ("Invalid body: email must be…" → "Email must be…"). */
const human = (message: string) => sentence(message.replace(/^Invalid (body|input|query|params)\s*:?\s*/i, ""));

function issuesOf(body: unknown): Issue[] {
  const issues = body && typeof body === "object" ? (body as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (i): i is Issue => !!i && Array.isArray((i as Issue).path) && typeof (i as Issue).message === "string",
  );
}

/** Issues (the server's or a client check's) as a field map; issues about other fields make the sentence. */
export function fromIssues(issues: Issue[], fields: readonly string[]): FormErrors {
  const result: FormErrors = { fields: {}, message: null };
  const other: string[] = [];
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && fields.includes(field)) {
      result.fields[field] ??= sentence(issue.message);
    } else {
      const about = words(issue.path);
      other.push(sentence(about ? `${about} ${issue.message}` : issue.message));
    }
  }
  if (other.length) result.message = other.join(" ");
  return result;
}

/**
 * What a failed request means for a form with these fields. `fallback` is said when the server gave no
 * reason a visitor can act on (network, 5xx).
 */
export function formErrors(error: unknown, fields: readonly string[], fallback: string): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, message: fallback };
  if (error.status === 429)
    return { fields: {}, message: "Too many attempts. Please wait a few minutes and try again." };
  if (error.status >= 500) return { fields: {}, message: fallback };
  const found = fromIssues(issuesOf(error.body), fields);
  if (found.message || Object.keys(found.fields).length) return found;
  const message = error.body && typeof error.body === "object" ? (error.body as { message?: unknown }).message : null;
  return { fields: {}, message: typeof message === "string" && message ? human(message) : fallback };
}

export const hasErrors = (errors: FormErrors) => errors.message !== null || Object.keys(errors.fields).length > 0;

/** A form's errors: set them from a failure or a check, and drop a field's reason once it is edited. */
export function useFormErrors() {
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  return {
    errors,
    setErrors,
    clear: () => setErrors(NO_ERRORS),
    /** The field was edited: its reason goes (the form-level sentence stays until the next submit). */
    edited: (field: string) =>
      setErrors((e) => {
        if (!e.fields[field]) return e;
        const { [field]: _gone, ...rest } = e.fields;
        return { ...e, fields: rest };
      }),
  };
}

/** What binds a control to one text field of a form: its value, its onChange and why it was refused. */
export interface BoundField {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
}

/**
 * A form's text values and its errors. `set(key)` is a control's onChange: it stores what was typed and
 * drops that field's reason; `field(key)` is all a control needs (`<TextField {...field("email")} />`).
 */
export function useFormFields<T extends { [K in keyof T]: string }>(initial: T) {
  const [values, setValues] = useState(initial);
  const errorState = useFormErrors();
  const set = (key: keyof T & string) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    errorState.edited(key);
  };
  const field = (key: keyof T & string): BoundField => ({
    value: values[key],
    onChange: set(key),
    error: errorState.errors.fields[key],
  });
  return { values, setValues, set, field, ...errorState };
}

/** After a failed submit: the first field marked invalid takes focus, so a keyboard or screen-reader user lands on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  // Called right after the errors are set: React renders the marks on its own schedule, which on a busy
  // machine can come after the next frame, so look again on each frame until they are there (a few at most).
  let frames = 0;
  const focusWhenMarked = () => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (++frames < 30) requestAnimationFrame(focusWhenMarked);
  };
  requestAnimationFrame(focusWhenMarked);
}
