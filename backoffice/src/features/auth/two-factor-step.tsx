// Sign-in, step two: the authenticator code (or a recovery code) for the challenge the password step
// answered, or, when the owner requires two-factor and this account has none, enrolment first.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type ApiForm, FormMessage, InputField, useApiForm } from "../../components/form";
import { AuthenticatorKey } from "../../components/qr-code";
import { RecoveryCodes } from "../../components/recovery-codes";
import { SubmitButton } from "../../components/submit-button";
import { http, serverMessage } from "../../lib/http";

export interface SignedIn {
  username: string;
  recoveryCodes?: string[];
}

type Done = (answer: SignedIn) => void;

// Part of the sign-in page: no zod schema (the page's first-load budget); the server checks the code.
const CODE_FORM = { defaultValues: { code: "" }, fallback: "That code did not work" } as const;
const CODE_INPUT = {
  name: "code",
  inputClassName: "field-input font-mono tracking-widest",
  autoComplete: "one-time-code",
  required: true,
} as const;

export function CodeStep({ challenge, onDone, onRestart }: { challenge: string; onDone: Done; onRestart: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useApiForm<{ code: string }>({
    ...CODE_FORM,
    toField: (path) => (path === "code" || path === "recoveryCode" ? "code" : null),
  });
  const verify = useMutation({
    mutationFn: (code: string) =>
      http<{ ok: true; username: string }>(
        "POST",
        "/api/admin/login/verify",
        useRecovery ? { challenge, recoveryCode: code } : { challenge, code },
      ),
    onSuccess: (answer) => onDone({ username: answer.username }),
  });
  return (
    <form onSubmit={form.submit(({ code }) => verify.mutateAsync(code))} className="space-y-4" noValidate>
      <InputField
        {...CODE_INPUT}
        control={form.control}
        inputName={useRecovery ? "recoveryCode" : "code"}
        label={useRecovery ? "Recovery code" : "Authenticator code"}
        hint={
          useRecovery
            ? "One of the codes you saved when you turned on two-factor sign-in; each works once."
            : "The 6-digit code your authenticator app shows for Container Homes of Texas."
        }
        inputMode={useRecovery ? "text" : "numeric"}
      />
      <CodeFormEnd form={form} pending={verify.isPending} label="Verify" />
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-slate-900 underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            form.reset();
            verify.reset();
          }}
        >
          {useRecovery ? "Use your authenticator app" : "Use a recovery code instead"}
        </button>
        <button type="button" className="text-slate-600 underline" onClick={onRestart}>
          Start over
        </button>
      </div>
    </form>
  );
}

export function EnrolStep({ challenge, onDone }: { challenge: string; onDone: Done }) {
  const form = useApiForm<{ code: string }>(CODE_FORM);
  const secret = useQuery({
    queryKey: ["sign-in-enrol", challenge],
    queryFn: () => http<{ secret: string; otpauthUrl: string }>("POST", "/api/admin/login/enrol", { challenge }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: (code: string) =>
      http<{ ok: true; username: string; recoveryCodes: string[] }>("POST", "/api/admin/login/enrol/confirm", {
        challenge,
        code,
      }),
    onSuccess: (answer) => onDone({ username: answer.username, recoveryCodes: answer.recoveryCodes }),
  });
  if (secret.isError)
    return <p className="text-sm text-red-700">{serverMessage(secret.error, "Could not start enrolment")}</p>;
  if (!secret.data) return <p className="text-sm text-slate-600">Preparing your authenticator key...</p>;
  return (
    <form onSubmit={form.submit(({ code }) => confirm.mutateAsync(code))} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">
        The owner requires two-factor sign-in. Scan this code with an authenticator app, then enter the 6-digit code it
        shows.
      </p>
      <AuthenticatorKey otpauthUrl={secret.data.otpauthUrl} secret={secret.data.secret} stacked />
      <InputField {...CODE_INPUT} control={form.control} label="Authenticator code" inputMode="numeric" />
      <CodeFormEnd form={form} pending={confirm.isPending} label="Turn on and sign in" />
    </form>
  );
}

/** A code form's end: the refusal, and the submit button (off until a code is typed). */
function CodeFormEnd({ form, pending, label }: { form: ApiForm<{ code: string }>; pending: boolean; label: string }) {
  return (
    <>
      <FormMessage message={form.message} />
      <SubmitButton
        full
        pending={pending}
        disabled={form.watch("code").trim() === ""}
        label={label}
        pendingLabel="Checking..."
      />
    </>
  );
}

export function RecoveryCodesStep({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  return (
    <div className="space-y-4">
      <RecoveryCodes codes={codes} />
      <button type="button" className="btn-primary w-full" onClick={onContinue}>
        I saved them, continue
      </button>
    </div>
  );
}
