// A new password typed twice, with the server's rule shown (12+ characters, not a common one). The
// server checks again and names the field it refuses.
import { PASSWORD_MIN_LENGTH } from "@ch/api/contracts/staff-roles";
import { FormField } from "../../components/form-field";

export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters; common passwords (also padded with digits) are refused.`;

/** The first problem the browser can see before asking the server, or null. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return "The two passwords do not match";
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  return null;
}

export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  error,
  label = "New password",
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <>
      <FormField label={label} error={error} hint={PASSWORD_RULE}>
        {(p) => (
          <input
            {...p}
            type="password"
            className="field-input"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => onPassword(e.target.value)}
          />
        )}
      </FormField>
      <FormField label={`Confirm ${label.toLowerCase()}`}>
        {(p) => (
          <input
            {...p}
            type="password"
            className="field-input"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => onConfirm(e.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
