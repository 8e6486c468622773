// Sign-in, step two: the authenticator code (or a recovery code) for the challenge the password step
// answered, or, when the owner requires two-factor and this account has none, enrolment first.
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { FormField, issuesOf } from "../../components/form-field";
import { QrCode } from "../../components/qr-code";
import { RecoveryCodes } from "../../components/recovery-codes";
import { http, serverMessage } from "../../lib/http";

export interface SignedIn {
  username: string;
  recoveryCodes?: string[];
}

type Done = (answer: SignedIn) => void;

function bodyIssues(error: unknown) {
  return issuesOf((error as { body?: unknown }).body ?? {});
}

export function CodeStep({ challenge, onDone, onRestart }: { challenge: string; onDone: Done; onRestart: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState("");
  const verify = useMutation({
    mutationFn: () =>
      http<{ ok: true; username: string }>(
        "POST",
        "/api/admin/login/verify",
        useRecovery ? { challenge, recoveryCode: value } : { challenge, code: value },
      ),
    onSuccess: (answer) => onDone({ username: answer.username }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate();
  };
  const error = verify.error
    ? (bodyIssues(verify.error)[useRecovery ? "recoveryCode" : "code"] ??
      serverMessage(verify.error, "That code did not work"))
    : undefined;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormField
        label={useRecovery ? "Recovery code" : "Authenticator code"}
        hint={
          useRecovery
            ? "One of the codes you saved when you turned on two-factor sign-in; each works once."
            : "The 6-digit code your authenticator app shows for Container Homes of Texas."
        }
        error={error}
      >
        {(field) => (
          <input
            {...field}
            name={useRecovery ? "recoveryCode" : "code"}
            className="field-input font-mono tracking-widest"
            inputMode={useRecovery ? "text" : "numeric"}
            autoComplete="one-time-code"
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="btn-primary w-full" disabled={verify.isPending || value.trim() === ""}>
        {verify.isPending ? "Checking..." : "Verify"}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-slate-900 underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue("");
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
  const [code, setCode] = useState("");
  const secret = useQuery({
    queryKey: ["sign-in-enrol", challenge],
    queryFn: () => http<{ secret: string; otpauthUrl: string }>("POST", "/api/admin/login/enrol", { challenge }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: () =>
      http<{ ok: true; username: string; recoveryCodes: string[] }>("POST", "/api/admin/login/enrol/confirm", {
        challenge,
        code,
      }),
    onSuccess: (answer) => onDone({ username: answer.username, recoveryCodes: answer.recoveryCodes }),
  });
  if (secret.isError)
    return <p className="text-sm text-red-700">{serverMessage(secret.error, "Could not start enrolment")}</p>;
  if (!secret.data) return <p className="text-sm text-slate-600">Preparing your authenticator key...</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">
        The owner requires two-factor sign-in. Scan this code with an authenticator app, then enter the 6-digit code it
        shows.
      </p>
      <div className="flex justify-center">
        <QrCode value={secret.data.otpauthUrl} label="QR code to add this account to an authenticator app" />
      </div>
      <p className="text-center text-xs break-all text-slate-600">
        Key:{" "}
        <span className="font-mono" data-testid="totp-secret">
          {secret.data.secret}
        </span>
      </p>
      <FormField
        label="Authenticator code"
        error={
          confirm.error
            ? (bodyIssues(confirm.error).code ?? serverMessage(confirm.error, "That code did not work"))
            : undefined
        }
      >
        {(field) => (
          <input
            {...field}
            name="code"
            className="field-input font-mono tracking-widest"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="btn-primary w-full" disabled={confirm.isPending || code.trim() === ""}>
        {confirm.isPending ? "Checking..." : "Turn on and sign in"}
      </button>
    </form>
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
