// The fields of an electronic signature (the proposal's acceptance, a change order): the checkboxes that
// state agreement and consent, and the e-mailed 6-digit code with its "send" button.
import type { ComponentProps, ReactNode } from "react";
import { buttonClass, TextField } from "./ui";

export function CheckField({
  name,
  checked,
  onChange,
  error,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-1"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          {...(error ? { "aria-invalid": true, "aria-describedby": `accept-${name}-error` } : {})}
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={`accept-${name}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SigningCodeField({
  field,
  onSend,
  sending,
  sentMessage,
}: {
  field: Partial<ComponentProps<typeof TextField>>;
  onSend: () => void;
  sending: boolean;
  sentMessage: string | null;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Signing code"
          className="w-40"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          hint="6 digits, e-mailed to you"
          {...field}
        />
        <button type="button" className={buttonClass.outline} onClick={onSend} disabled={sending}>
          {sending ? "Sending..." : sentMessage ? "Send a new code" : "Email me a signing code"}
        </button>
      </div>
      {sentMessage ? (
        <p className="text-sm text-slate-600" role="status" data-testid="signing-code-sent">
          {sentMessage}
        </p>
      ) : null}
    </div>
  );
}
