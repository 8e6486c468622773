// "Forgot password?": asks for the account's e-mail. The answer is the same whether an account uses
// the address or not, so the page cannot tell anyone which addresses are staff.
import { forgotPasswordInput } from "@ch/contracts/staff";
import { useMutation } from "@tanstack/react-query";
import { FormMessage, InputField, useApiForm } from "../../components/form";
import { SubmitButton } from "../../components/submit-button";
import { http } from "../../lib/http";
import { useFailureToast } from "../../lib/toast";
import { AuthCard, BACK_TO_SIGN_IN } from "../auth/auth-card";

export function ForgotPasswordScreen() {
  const failed = useFailureToast();
  const form = useApiForm<{ email: string }>({
    schema: forgotPasswordInput,
    defaultValues: { email: "" },
    toasted: true,
  });
  const forgot = useMutation({
    mutationFn: (values: { email: string }) =>
      http<{ ok: true; message: string }>("POST", "/api/admin/password/forgot", values),
    onError: failed("Not sent", "Please try again later"),
  });
  return (
    <AuthCard
      title="Forgot password"
      subtitle="We e-mail a link to choose a new password to your account's address."
      link={BACK_TO_SIGN_IN}
    >
      {forgot.data ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900">
          {forgot.data.message}
        </p>
      ) : (
        <form onSubmit={form.submit((values) => forgot.mutateAsync(values))} className="space-y-4">
          <InputField control={form.control} name="email" label="E-mail" type="email" autoComplete="email" required />
          <FormMessage message={form.message} />
          <SubmitButton full pending={forgot.isPending} label="Send reset link" pendingLabel="Sending…" />
        </form>
      )}
    </AuthCard>
  );
}
