// "Forgot password?": asks for the account's e-mail. The answer is the same whether an account uses
// the address or not, so the page cannot tell anyone which addresses are staff.
import { forgotPasswordInput } from "@ch/api/contracts/staff";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormMessage, InputField, useApiForm } from "../../components/form";
import { http } from "../../lib/http";
import { useFailureToast } from "../../lib/toast";
import { AuthCard } from "../auth/auth-card";

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
    <AuthCard title="Forgot password" subtitle="We e-mail a link to choose a new password to your account's address.">
      {forgot.data ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900">
          {forgot.data.message}
        </p>
      ) : (
        <form onSubmit={form.submit((values) => forgot.mutateAsync(values))} className="space-y-4">
          <InputField control={form.control} name="email" label="E-mail" type="email" autoComplete="email" required />
          <FormMessage message={form.message} />
          <button type="submit" className="btn-primary w-full" disabled={forgot.isPending}>
            {forgot.isPending ? "Sending…" : "Send reset link"}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/admin/login" className="font-medium text-slate-900 underline">
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
