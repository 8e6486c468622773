// "Forgot password?": asks for the account's e-mail. The answer is the same whether an account uses
// the address or not, so the page cannot tell anyone which addresses are staff.
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { FormField } from "../../components/form-field";
import { http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { errorMessage } from "../../lib/trpc";
import { AuthCard } from "../auth/auth-card";

export function ForgotPasswordScreen() {
  const toast = useToast();
  const [email, setEmail] = useState("");
  const forgot = useMutation({
    mutationFn: () => http<{ ok: true; message: string }>("POST", "/api/admin/password/forgot", { email }),
    onError: (error) =>
      toast({ title: "Not sent", description: errorMessage(error, "Please try again later"), variant: "destructive" }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    forgot.mutate();
  };
  return (
    <AuthCard title="Forgot password" subtitle="We e-mail a link to choose a new password to your account's address.">
      {forgot.data ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900">
          {forgot.data.message}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <FormField label="E-mail">
            {(p) => (
              <input
                {...p}
                type="email"
                className="field-input"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </FormField>
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
