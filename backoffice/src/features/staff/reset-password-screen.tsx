// The page a reset e-mail's link opens: a new password, once, within 30 minutes. Every session of the
// account ends, so it signs in again afterwards.
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { FormMessage, useApiForm } from "../../components/form";
import { SubmitButton } from "../../components/submit-button";
import { http } from "../../lib/http";
import { useFailureToast, useToast } from "../../lib/toast";
import { AuthCard, LinkProblem } from "../auth/auth-card";
import { tokenFromHash } from "./link-token";
import { checkNewPassword, NewPasswordFields } from "./password-fields";

const resetForm = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => checkNewPassword(ctx, "password", v.password, v.confirm));
type ResetValues = z.input<typeof resetForm>;

export function ResetPasswordScreen() {
  const toast = useToast();
  const failed = useFailureToast();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  // a refused link (used, expired) is said next to the password
  const form = useApiForm<ResetValues>({
    schema: resetForm,
    defaultValues: { password: "", confirm: "" },
    toField: (path) => (path === "token" ? "password" : path),
    toasted: true,
  });
  const reset = useMutation({
    mutationFn: (password: string) =>
      http<{ ok: true; username: string }>("POST", "/api/admin/password/reset", { token, password }),
    onSuccess: (answer) => {
      toast({ title: "Password changed", description: `Sign in as ${answer.username} with the new password.` });
      void navigate({ to: "/admin/login" });
    },
    onError: failed("Password not changed"),
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
        <form onSubmit={form.submit(({ password }) => reset.mutateAsync(password))} className="space-y-4">
          <NewPasswordFields control={form.control} name="password" confirmName="confirm" />
          <FormMessage message={form.message} />
          <SubmitButton full pending={reset.isPending} label="Set new password" pendingLabel="Saving…" />
        </form>
      )}
    </AuthCard>
  );
}
