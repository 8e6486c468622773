import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { type ApiForm, InputField, useApiForm } from "../../components/form";
import { HttpError, http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { ADMIN_AUTH_KEY, errorMessage, trpc } from "../../lib/trpc";
import { AuthCard } from "./auth-card";
import { CodeStep, EnrolStep, RecoveryCodesStep, type SignedIn } from "./two-factor-step";

type Credentials = { username: string; password: string; code: string };

type LoginAnswer =
  | { ok: true; username: string; expiresAt: string }
  | { ok: false; step: "code" | "enrol"; challenge: string; expiresAt: string };

export function LoginScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  // no schema here: the sign-in page is the first load, and zod would weigh more than its budget allows
  // (the browser's required checks run; the server checks the rest)
  const form = useApiForm<Credentials>({ defaultValues: { username: "", password: "", code: "" }, toasted: true });
  // the second step, once the password was right: a code, or enrolment when the owner requires it
  const [challenge, setChallenge] = useState<{ step: "code" | "enrol"; challenge: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // after a 429 for this account (failed attempts elsewhere), an authenticator code lets the owner through
  const [offerCode, setOfferCode] = useState(false);
  // setup is offered only while the server says it is open (no admin yet)
  const setupStatus = useQuery(trpc.admin.setupStatus.queryOptions());
  const enter = (answer: SignedIn) => {
    // Only the name, for display: the session itself is the httpOnly cookie the server set.
    localStorage.setItem(ADMIN_AUTH_KEY, JSON.stringify({ username: answer.username }));
    toast({ title: "Welcome Back!", description: "Successfully logged in to admin dashboard." });
    if (answer.recoveryCodes) setRecoveryCodes(answer.recoveryCodes);
    else void navigate({ to: "/admin" });
  };
  const login = useMutation({
    mutationFn: ({ username, password, code }: Credentials) =>
      http<LoginAnswer>("POST", "/api/admin/login", {
        username,
        password,
        ...(code.trim() ? { code: code.trim() } : {}),
      }),
    onSuccess: (answer) => {
      if (answer.ok) enter({ username: answer.username });
      else setChallenge({ step: answer.step, challenge: answer.challenge });
    },
    onError: (error) => {
      if (error instanceof HttpError && (error.body as { codeAccepted?: boolean } | null)?.codeAccepted)
        setOfferCode(true);
      toast({ title: "Login Failed", description: errorMessage(error, "Invalid credentials"), variant: "destructive" });
    },
  });
  if (recoveryCodes) {
    return (
      <AuthCard title="Two-factor sign-in is on" subtitle="Keep these codes somewhere safe">
        <RecoveryCodesStep codes={recoveryCodes} onContinue={() => void navigate({ to: "/admin" })} />
      </AuthCard>
    );
  }
  if (challenge) {
    const restart = () => {
      setChallenge(null);
      form.resetField("password");
    };
    return (
      <AuthCard
        title={challenge.step === "code" ? "Two-factor sign-in" : "Set up two-factor sign-in"}
        subtitle={
          challenge.step === "code"
            ? "Enter the code from your authenticator app"
            : `Signed in as ${form.getValues("username")}`
        }
      >
        {challenge.step === "code" ? (
          <CodeStep challenge={challenge.challenge} onDone={enter} onRestart={restart} />
        ) : (
          <EnrolStep challenge={challenge.challenge} onDone={enter} />
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Admin Dashboard" subtitle="Sign in to access dashboard">
      <PasswordStep form={form} offerCode={offerCode} pending={login.isPending} send={login.mutateAsync} />
      <p className="mt-4 text-center text-sm">
        <Link to="/admin/forgot-password" className="font-medium text-slate-900 underline">
          Forgot password?
        </Link>
      </p>
      {setupStatus.data?.open ? (
        <p className="mt-4 text-center text-sm text-slate-600">
          First time here?{" "}
          <Link to="/admin/setup" className="font-medium text-slate-900 underline">
            Set up the admin account
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}

/** Step one: the username and password (with a code when the server offers one). */
function PasswordStep({
  form,
  offerCode,
  pending,
  send,
}: {
  form: ApiForm<Credentials>;
  offerCode: boolean;
  pending: boolean;
  send: (values: Credentials) => Promise<unknown>;
}) {
  const { control } = form;
  return (
    <form onSubmit={form.submit(send)} className="space-y-4">
      <InputField control={control} name="username" id="username" label="Username" autoComplete="username" required />
      <InputField
        control={control}
        name="password"
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      {offerCode ? (
        <InputField
          control={control}
          name="code"
          id="code"
          label="Authenticator code (if you use two-factor sign-in)"
          inputClassName="field-input font-mono tracking-widest"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? "Signing In..." : "Sign In"}
      </button>
    </form>
  );
}
