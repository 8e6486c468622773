// Every account's own page: who am I, which role, and change the password (the current one is needed;
// the account's other sessions end).
import { ROLE_LABELS } from "@ch/api/contracts/staff-roles";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Card, LoadError } from "../../components/card";
import { type FieldErrors, FormField, issuesOf } from "../../components/form-field";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import { NewPasswordFields, newPasswordProblem } from "./password-fields";
import { useAccount } from "./use-account";

export function AccountScreen() {
  const toast = useToast();
  const account = useAccount();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useMutation({
    ...trpc.staff.changePassword.mutationOptions(),
    onSuccess: (answer) => {
      setCurrent("");
      setNext("");
      setConfirm("");
      setErrors({});
      toast({
        title: "Password changed",
        description:
          answer.endedSessions === 1
            ? "1 other session of this account was signed out."
            : `${answer.endedSessions} other sessions of this account were signed out.`,
      });
    },
    onError: (error) => {
      setErrors(issuesOf(error));
      toast({
        title: "Password not changed",
        description: errorMessage(error, "The server refused it"),
        variant: "destructive",
      });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = newPasswordProblem(next, confirm);
    if (problem) {
      setErrors({ newPassword: problem });
      return;
    }
    change.mutate({ currentPassword: current, newPassword: next });
  };
  const a = account.data;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">My account</h1>
      {account.error && <LoadError message={errorMessage(account.error, "The account could not be loaded.")} />}
      <Card title="Account">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Username</dt>
            <dd className="font-medium text-slate-900">{a?.username ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Role</dt>
            <dd className="font-medium text-slate-900">{a ? ROLE_LABELS[a.role] : "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-600">E-mail (for password resets)</dt>
            <dd className="font-medium text-slate-900">{a ? (a.email ?? "none") : "—"}</dd>
          </div>
        </dl>
      </Card>
      <EmailForm current={a?.email ?? null} />
      <Card title="Change password">
        <form onSubmit={submit} className="max-w-md space-y-4">
          <FormField label="Current password" error={errors.currentPassword}>
            {(p) => (
              <input
                {...p}
                type="password"
                className="field-input"
                autoComplete="current-password"
                required
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
            )}
          </FormField>
          <NewPasswordFields
            password={next}
            confirm={confirm}
            onPassword={setNext}
            onConfirm={setConfirm}
            error={errors.newPassword}
          />
          <p className="text-xs text-slate-600">Your other sessions (other browsers or devices) are signed out.</p>
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {change.isPending ? "Changing…" : "Change password"}
          </button>
        </form>
      </Card>
    </div>
  );
}

/** Where password-reset links go; the current password confirms the change. */
function EmailForm({ current }: { current: string | null }) {
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    ...trpc.staff.setEmail.mutationOptions(),
    onSuccess: (answer) => {
      setEmail("");
      setPassword("");
      setErrors({});
      toast({ title: "E-mail saved", description: `Password-reset links now go to ${answer.email}.` });
      void queryClient.invalidateQueries({ queryKey: trpc.staff.me.queryKey() });
    },
    onError: (error) => {
      setErrors(issuesOf(error));
      toast({
        title: "E-mail not saved",
        description: errorMessage(error, "The server refused it"),
        variant: "destructive",
      });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ email, currentPassword: password });
  };
  return (
    <Card title={current ? "Change e-mail" : "Add an e-mail for password resets"}>
      <form onSubmit={submit} className="max-w-md space-y-4">
        <FormField label="New e-mail" error={errors.email}>
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
        <FormField label="Current password (to confirm)" error={errors.currentPassword}>
          {(p) => (
            <input
              {...p}
              type="password"
              className="field-input"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="btn-secondary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save e-mail"}
        </button>
      </form>
    </Card>
  );
}
