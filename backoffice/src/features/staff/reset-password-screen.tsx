// The page a reset e-mail's link opens: a new password, once, within 30 minutes. Every session of the
// account ends, so it signs in again afterwards.
import { z } from "zod";
import { FormMessage } from "../../components/form";
import { SubmitButton } from "../../components/submit-button";
import { http } from "../../lib/http";
import { AuthCard, LinkProblem } from "../auth/auth-card";
import { useLinkForm } from "./link-form";
import { checkNewPassword, NewPasswordFields } from "./password-fields";

const resetForm = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => checkNewPassword(ctx, "password", v.password, v.confirm));
type ResetValues = z.input<typeof resetForm>;

export function ResetPasswordScreen() {
  const { token, form, pending, submit } = useLinkForm<ResetValues, { ok: true; username: string }>({
    schema: resetForm,
    defaultValues: { password: "", confirm: "" },
    send: (token, { password }) => http("POST", "/api/admin/password/reset", { token, password }),
    done: (answer) => ({
      title: "Password changed",
      description: `Sign in as ${answer.username} with the new password.`,
    }),
    failed: "Password not changed",
  });
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="The link works once, for 30 minutes."
      link={{ to: "/admin/forgot-password", label: "Ask for a new link" }}
    >
      {token.length === 0 ? (
        <LinkProblem>The link is incomplete: open it from the e-mail again, or ask for a new one.</LinkProblem>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <NewPasswordFields control={form.control} name="password" confirmName="confirm" />
          <FormMessage message={form.message} />
          <SubmitButton full pending={pending} label="Set new password" pendingLabel="Saving…" />
        </form>
      )}
    </AuthCard>
  );
}
