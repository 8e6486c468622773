// Every account's own page: who am I, which role, and change the password (the current one is needed;
// the account's other sessions end).
import { changePasswordInput, ROLE_LABELS, setEmailInput } from "@ch/contracts/staff";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { Card, LoadError } from "../../components/card";
import { FormMessage, InputField, useApiForm } from "../../components/form";
import { SubmitButton } from "../../components/submit-button";
import { useFailureToast, useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import { checkNewPassword, NewPasswordFields } from "./password-fields";
import { useAccount } from "./use-account";

const changeForm = changePasswordInput
  .extend({ newPassword: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => checkNewPassword(ctx, "newPassword", v.newPassword, v.confirm));
type ChangeValues = z.input<typeof changeForm>;
type EmailValues = z.input<typeof setEmailInput>;

export function AccountScreen() {
  const toast = useToast();
  const failed = useFailureToast();
  const account = useAccount();
  const form = useApiForm<ChangeValues>({
    schema: changeForm,
    defaultValues: { currentPassword: "", newPassword: "", confirm: "" },
    toasted: true,
  });
  const change = useMutation({
    ...trpc.staff.changePassword.mutationOptions(),
    onSuccess: (answer) => {
      form.reset();
      toast({
        title: "Password changed",
        description:
          answer.endedSessions === 1
            ? "1 other session of this account was signed out."
            : `${answer.endedSessions} other sessions of this account were signed out.`,
      });
    },
    onError: failed("Password not changed"),
  });
  const submit = form.submit(({ currentPassword, newPassword }) =>
    change.mutateAsync({ currentPassword, newPassword }),
  );
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
          <InputField
            control={form.control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields control={form.control} name="newPassword" confirmName="confirm" />
          <FormMessage message={form.message} />
          <p className="text-xs text-slate-600">Your other sessions (other browsers or devices) are signed out.</p>
          <SubmitButton pending={change.isPending} label="Change password" pendingLabel="Changing…" />
        </form>
      </Card>
    </div>
  );
}

/** Where password-reset links go; the current password confirms the change. */
function EmailForm({ current }: { current: string | null }) {
  const toast = useToast();
  const failed = useFailureToast();
  const form = useApiForm<EmailValues>({
    schema: setEmailInput,
    defaultValues: { email: "", currentPassword: "" },
    toasted: true,
  });
  const save = useMutation({
    ...trpc.staff.setEmail.mutationOptions(),
    onSuccess: (answer) => {
      form.reset();
      toast({ title: "E-mail saved", description: `Password-reset links now go to ${answer.email}.` });
      void queryClient.invalidateQueries({ queryKey: trpc.staff.me.queryKey() });
    },
    onError: failed("E-mail not saved"),
  });
  return (
    <Card title={current ? "Change e-mail" : "Add an e-mail for password resets"}>
      <form onSubmit={form.submit((values) => save.mutateAsync(values))} className="max-w-md space-y-4">
        <InputField control={form.control} name="email" label="New e-mail" type="email" autoComplete="email" required />
        <InputField
          control={form.control}
          name="currentPassword"
          label="Current password (to confirm)"
          type="password"
          autoComplete="current-password"
          required
        />
        <FormMessage message={form.message} />
        <SubmitButton className="btn-secondary" pending={save.isPending} label="Save e-mail" pendingLabel="Saving…" />
      </form>
    </Card>
  );
}
