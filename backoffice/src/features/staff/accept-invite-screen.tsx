// The page an invitation's link opens: shows the address and role, then the new member chooses a
// username and password. The link works once, within 72 hours.
import { acceptInviteInput, ROLE_LABELS, type StaffRole } from "@ch/contracts/staff";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { FormMessage, InputField } from "../../components/form";
import { SubmitButton } from "../../components/submit-button";
import { http } from "../../lib/http";
import { errorMessage } from "../../lib/trpc";
import { AuthCard, BACK_TO_SIGN_IN, LinkProblem } from "../auth/auth-card";
import { useLinkForm } from "./link-form";
import { checkNewPassword, NewPasswordFields } from "./password-fields";

const acceptForm = acceptInviteInput
  .pick({ username: true })
  .extend({ password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => checkNewPassword(ctx, "password", v.password, v.confirm));
type AcceptValues = z.input<typeof acceptForm>;

export function AcceptInviteScreen() {
  const { token, form, pending, submit } = useLinkForm<AcceptValues, unknown>({
    schema: acceptForm,
    defaultValues: { username: "", password: "", confirm: "" },
    send: (token, { username, password }) => http("POST", "/api/admin/invites/accept", { token, username, password }),
    done: () => ({ title: "Account created", description: "Sign in with your new username and password." }),
    failed: "Account not created",
  });
  const preview = useQuery({
    queryKey: ["invite-preview", token],
    queryFn: () =>
      http<{ email: string; role: StaffRole; expiresAt: string }>(
        "GET",
        `/api/admin/invites/preview?token=${encodeURIComponent(token)}`,
      ),
    enabled: token.length > 0,
  });
  const invalid = token.length === 0 || preview.isError;
  return (
    <AuthCard
      title="Join the back office"
      subtitle="Choose the username and password you will sign in with."
      link={BACK_TO_SIGN_IN}
    >
      {invalid ? (
        <LinkProblem>
          <p className="font-semibold">This invitation link does not work</p>
          <p className="mt-1">
            {token.length === 0
              ? "The link is incomplete: open it from the e-mail again."
              : errorMessage(preview.error, "It was used, replaced or has expired.")}{" "}
            Ask the owner to send a new invitation.
          </p>
        </LinkProblem>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {preview.data && (
            <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
              Invitation for <strong>{preview.data.email}</strong> as <strong>{ROLE_LABELS[preview.data.role]}</strong>.
            </p>
          )}
          <InputField
            control={form.control}
            name="username"
            label="Username"
            hint="Letters, digits and . _ @ - only."
            autoComplete="username"
            required
          />
          <NewPasswordFields control={form.control} name="password" confirmName="confirm" label="Password" />
          <FormMessage message={form.message} />
          <SubmitButton
            full
            pending={pending}
            disabled={preview.isPending}
            label="Create my account"
            pendingLabel="Creating account…"
          />
        </form>
      )}
    </AuthCard>
  );
}
