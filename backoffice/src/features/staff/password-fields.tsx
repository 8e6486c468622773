// A new password typed twice, with the server's rule shown (12+ characters, not a common one). The
// server checks again and names the field it refuses.
import { newPassword, PASSWORD_MIN_LENGTH } from "@ch/contracts/staff";
import type { Control, FieldValues, Path } from "react-hook-form";
import type { z } from "zod";
import { InputField } from "../../components/form";

export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters; common passwords (also padded with digits) are refused.`;

/**
 * For a form schema's superRefine: the first problem the browser can see before asking the server, on the
 * password's field: the two differ, else the API's rule for new passwords.
 */
export function checkNewPassword(ctx: z.RefinementCtx, path: string, password: string, confirm: string) {
  const problem =
    password !== confirm
      ? "The two passwords do not match"
      : newPassword().safeParse(password).error?.issues[0]?.message;
  if (problem) ctx.addIssue({ code: "custom", path: [path], message: problem });
}

export function NewPasswordFields<T extends FieldValues>({
  control,
  name,
  confirmName,
  label = "New password",
}: {
  control: Control<T>;
  name: Path<T>;
  confirmName: Path<T>;
  label?: string;
}) {
  const props = { control, type: "password", autoComplete: "new-password", required: true } as const;
  return (
    <>
      <InputField {...props} name={name} label={label} hint={PASSWORD_RULE} />
      <InputField {...props} name={confirmName} label={`Confirm ${label.toLowerCase()}`} />
    </>
  );
}
