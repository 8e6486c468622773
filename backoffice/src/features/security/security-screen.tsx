// Security: the signed-in admin's two-factor sign-in (TOTP: enrol with the password and a QR code, recovery
// codes shown once, new codes, turn off) and the owner's setting that requires it for every account. While
// the owner requires it and this account has none, every other screen is refused and sends the user here.
import { twoFactorConfirmInput, twoFactorEnrolInput } from "@ch/contracts/two-factor";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Card, LoadError } from "../../components/card";
import { type ApiForm, FormMessage, InputField, useApiForm } from "../../components/form";
import { issuesOf } from "../../components/form-field";
import { AuthenticatorKey } from "../../components/qr-code";
import { RecoveryCodes } from "../../components/recovery-codes";
import { formatDateTime } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";

const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() });

/** One code, from the authenticator (the API's 6 digits) or, to turn it off, a recovery code instead. */
function CodeForm({
  label,
  submitLabel,
  pending,
  onSubmit,
  danger = false,
  name,
  recoveryToo = false,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string) => Promise<unknown>;
  danger?: boolean;
  name: string;
  recoveryToo?: boolean;
}) {
  const form = useApiForm<{ code: string }>({
    ...(recoveryToo ? {} : { schema: twoFactorConfirmInput }),
    defaultValues: { code: "" },
    // turning off sends the code under `proof`: its refusals name proof.code, proof.recoveryCode or proof
    toField: (path) => (/^(proof(\.(code|recoveryCode))?|code|recoveryCode)$/.test(path) ? "code" : null),
    fallback: "That code did not work",
  });
  const code = form.watch("code");
  return (
    <form
      onSubmit={form.submit((values) => onSubmit(values.code.trim()))}
      className="flex flex-wrap items-end gap-3"
      noValidate
    >
      <InputField
        control={form.control}
        name="code"
        inputName={name}
        label={label}
        className="w-48"
        inputClassName="field-input font-mono tracking-widest"
        autoComplete="one-time-code"
      />
      <button type="submit" className={danger ? "btn-danger" : "btn-primary"} disabled={pending || code.trim() === ""}>
        {submitLabel}
      </button>
      <FormMessage message={form.message} className="w-full" />
    </form>
  );
}

function Enrol() {
  const toast = useToast();
  // the password is asked again, as for a password change: a session alone does not turn two-factor on
  const form = useApiForm<{ password: string }>({
    schema: twoFactorEnrolInput,
    defaultValues: { password: "" },
    fallback: "Could not start",
  });
  const begin = useMutation(trpc.twoFactor.begin.mutationOptions({ onSuccess: () => form.reset() }));
  const confirm = useMutation(
    trpc.twoFactor.confirm.mutationOptions({
      onSuccess: () => toast({ title: "Two-factor sign-in is on", description: "Save your recovery codes now." }),
    }),
  );
  if (confirm.data) {
    return (
      <div className="space-y-3">
        <RecoveryCodes codes={confirm.data.recoveryCodes} />
        {/* every screen reads again: one refused before enrolment works now */}
        <button type="button" className="btn-primary" onClick={() => void queryClient.invalidateQueries()}>
          Done
        </button>
      </div>
    );
  }
  if (!begin.data) return <PasswordAgain form={form} pending={begin.isPending} send={begin.mutateAsync} />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Scan the QR code with your authenticator app (or type the key), then enter the code it shows.
      </p>
      <AuthenticatorKey otpauthUrl={begin.data.otpauthUrl} secret={begin.data.secret} />
      <CodeForm
        name="code"
        label="Authenticator code"
        submitLabel={confirm.isPending ? "Checking..." : "Confirm"}
        pending={confirm.isPending}
        onSubmit={(code) => confirm.mutateAsync({ code })}
      />
    </div>
  );
}

function Enabled({ enabledAt, left, required }: { enabledAt: string | null; left: number; required: boolean }) {
  const toast = useToast();
  const regenerate = useMutation(trpc.twoFactor.regenerateRecoveryCodes.mutationOptions());
  const disable = useMutation(
    trpc.twoFactor.disable.mutationOptions({
      onSuccess: () => {
        toast({ title: "Two-factor sign-in is off" });
        void refresh();
      },
    }),
  );
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700" data-testid="two-factor-status">
        Two-factor sign-in is <strong>on</strong>
        {enabledAt ? ` since ${formatDateTime(enabledAt)}` : ""}. Recovery codes left: <strong>{left}</strong> of 10.
      </p>
      {regenerate.data ? (
        <div className="space-y-3">
          <RecoveryCodes codes={regenerate.data.recoveryCodes} />
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              regenerate.reset();
              void refresh();
            }}
          >
            Done
          </button>
        </div>
      ) : (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">New recovery codes</h3>
          <p className="mb-2 text-sm text-slate-600">The codes you have now stop working.</p>
          <CodeForm
            name="regenerate-code"
            label="Authenticator code"
            submitLabel="Make new codes"
            pending={regenerate.isPending}
            onSubmit={(code) => regenerate.mutateAsync({ code })}
          />
        </div>
      )}
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Turn off</h3>
        {required ? (
          <p className="text-sm text-slate-600">The owner requires two-factor sign-in for every account.</p>
        ) : (
          <CodeForm
            name="disable-code"
            label="Authenticator or recovery code"
            submitLabel="Turn off"
            danger
            recoveryToo
            pending={disable.isPending}
            onSubmit={(code) =>
              disable.mutateAsync({ proof: /^\d{6}$/.test(code) ? { code } : { recoveryCode: code } })
            }
          />
        )}
      </div>
    </div>
  );
}

function Policy({ required, ownEnabled }: { required: boolean; ownEnabled: boolean }) {
  const toast = useToast();
  const setPolicy = useMutation(
    trpc.twoFactor.setPolicy.mutationOptions({
      onSuccess: (answer) => {
        toast({
          title: answer.required ? "Two-factor sign-in required" : "Two-factor sign-in optional",
          description: answer.required
            ? "Accounts without it set it up at their next sign-in."
            : "Each account chooses for itself.",
        });
        void refresh();
      },
      onError: (error) =>
        toast({ title: "Not saved", description: errorMessage(error, "Could not save"), variant: "destructive" }),
    }),
  );
  return (
    <label className="flex items-start gap-3 text-sm text-slate-700">
      <input
        type="checkbox"
        className="mt-1 h-4 w-4"
        checked={required}
        disabled={setPolicy.isPending || (!required && !ownEnabled)}
        onChange={(e) => setPolicy.mutate({ required: e.target.checked })}
      />
      <span>
        Require two-factor sign-in for every account.
        {!ownEnabled && !required ? (
          <span className="block text-slate-500">Turn it on for your own account first.</span>
        ) : (
          <span className="block text-slate-500">Accounts without it must set it up at their next sign-in.</span>
        )}
      </span>
    </label>
  );
}

export function SecurityScreen() {
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">Security</h1>
      {status.isError ? (
        <LoadError message={errorMessage(status.error, "Could not load the security settings")} />
      ) : !status.data ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : (
        <>
          {status.data.required && !status.data.enabled ? (
            <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
              <strong>Set up two-factor sign-in to go on.</strong> The owner requires it for every account, and yours
              has none yet: the other screens open again once it is on.
            </div>
          ) : null}
          <Card title="Two-factor sign-in">
            {status.data.enabled ? (
              <Enabled
                enabledAt={status.data.enabledAt}
                left={status.data.recoveryCodesLeft}
                required={status.data.required}
              />
            ) : (
              <Enrol />
            )}
          </Card>
          {status.data.mayRequire ? (
            <Card title="Every account">
              <Policy required={status.data.required} ownEnabled={status.data.enabled} />
            </Card>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The password again, to turn two-factor on: a wrong one is said next to it. */
function PasswordAgain({
  form,
  pending,
  send,
}: {
  form: ApiForm<{ password: string }>;
  pending: boolean;
  send: (values: { password: string }) => Promise<unknown>;
}) {
  const password = form.watch("password");
  const start = form.submit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      if (!issuesOf(error).password) throw error;
      form.setError("password", { type: "server", message: "That password is not correct" }, { shouldFocus: true });
    }
  });
  return (
    <form className="space-y-3" noValidate onSubmit={start}>
      <p className="text-sm text-slate-700">
        Two-factor sign-in is off. With it on, signing in needs your password and a 6-digit code from an authenticator
        app (Google Authenticator, 1Password, Authy, …).
      </p>
      <InputField
        control={form.control}
        name="password"
        label="Current password"
        hint="Asked again to turn it on."
        className="max-w-sm"
        type="password"
        autoComplete="current-password"
      />
      <FormMessage message={form.message} className="max-w-sm" />
      <button type="submit" className="btn-primary" disabled={pending || password === ""}>
        Turn on two-factor sign-in
      </button>
    </form>
  );
}
