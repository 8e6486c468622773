// The page an invitation's link opens: shows the address and role, then the new member chooses a
// username and password. The link works once, within 72 hours.
import { ROLE_LABELS, type StaffRole } from "@ch/api/contracts/staff-roles";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { type FieldErrors, FormField, issuesOf } from "../../components/form-field";
import { HttpError, http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { errorMessage } from "../../lib/trpc";
import { AuthCard } from "../auth/auth-card";
import { tokenFromHash } from "./link-token";
import { NewPasswordFields, newPasswordProblem } from "./password-fields";

export function AcceptInviteScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const preview = useQuery({
    queryKey: ["invite-preview", token],
    queryFn: () =>
      http<{ email: string; role: StaffRole; expiresAt: string }>(
        "GET",
        `/api/admin/invites/preview?token=${encodeURIComponent(token)}`,
      ),
    enabled: token.length > 0,
  });
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const accept = useMutation({
    mutationFn: () => http("POST", "/api/admin/invites/accept", { token, username, password }),
    onSuccess: () => {
      toast({ title: "Account created", description: "Sign in with your new username and password." });
      void navigate({ to: "/admin/login" });
    },
    onError: (error) => {
      setErrors(error instanceof HttpError ? issuesOf(error.body) : {});
      toast({
        title: "Account not created",
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
    accept.mutate();
  };

  const invalid = token.length === 0 || preview.isError;
  return (
    <AuthCard title="Join the back office" subtitle="Choose the username and password you will sign in with.">
      {invalid ? (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">This invitation link does not work</p>
          <p className="mt-1">
            {token.length === 0
              ? "The link is incomplete: open it from the e-mail again."
              : errorMessage(preview.error, "It was used, replaced or has expired.")}{" "}
            Ask the owner to send a new invitation.
          </p>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {preview.data && (
            <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
              Invitation for <strong>{preview.data.email}</strong> as <strong>{ROLE_LABELS[preview.data.role]}</strong>.
            </p>
          )}
          <FormField label="Username" error={errors.username} hint="Letters, digits and . _ @ - only.">
            {(p) => (
              <input
                {...p}
                className="field-input"
                autoComplete="username"
                required
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            )}
          </FormField>
          <NewPasswordFields
            label="Password"
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            error={errors.password ?? errors.token}
          />
          <button type="submit" className="btn-primary w-full" disabled={accept.isPending || preview.isPending}>
            {accept.isPending ? "Creating account…" : "Create my account"}
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
