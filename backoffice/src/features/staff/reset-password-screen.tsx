// The page a reset e-mail's link opens: a new password, once, within 30 minutes. Every session of the
// account ends, so it signs in again afterwards.
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { type FieldErrors, issuesOf } from "../../components/form-field";
import { HttpError, http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { errorMessage } from "../../lib/trpc";
import { AuthCard } from "../auth/auth-card";
import { tokenFromHash } from "./link-token";
import { NewPasswordFields, newPasswordProblem } from "./password-fields";

export function ResetPasswordScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useMutation({
    mutationFn: () => http<{ ok: true; username: string }>("POST", "/api/admin/password/reset", { token, password }),
    onSuccess: (answer) => {
      toast({ title: "Password changed", description: `Sign in as ${answer.username} with the new password.` });
      void navigate({ to: "/admin/login" });
    },
    onError: (error) => {
      setErrors(error instanceof HttpError ? issuesOf(error.body) : {});
      toast({
        title: "Password not changed",
        description: errorMessage(error, "The server refused it"),
        variant: "destructive",
      });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      setErrors({ password: problem });
      return;
    }
    reset.mutate();
  };
  return (
    <AuthCard title="Choose a new password" subtitle="The link works once, for 30 minutes.">
      {token.length === 0 ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          The link is incomplete: open it from the e-mail again, or ask for a new one.
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            error={errors.password ?? errors.token}
          />
          <button type="submit" className="btn-primary w-full" disabled={reset.isPending}>
            {reset.isPending ? "Saving…" : "Set new password"}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/admin/forgot-password" className="font-medium text-slate-900 underline">
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
