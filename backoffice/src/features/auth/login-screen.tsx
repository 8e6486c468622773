import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { HttpError, http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { ADMIN_AUTH_KEY, errorMessage, trpc } from "../../lib/trpc";
import { AuthCard } from "./auth-card";
import { CodeStep, EnrolStep, RecoveryCodesStep, type SignedIn } from "./two-factor-step";

type LoginAnswer =
  | { ok: true; username: string; expiresAt: string }
  | { ok: false; step: "code" | "enrol"; challenge: string; expiresAt: string };

export function LoginScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  // the second step, once the password was right: a code, or enrolment when the owner requires it
  const [challenge, setChallenge] = useState<{ step: "code" | "enrol"; challenge: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // after a 429 for this account (failed attempts elsewhere), an authenticator code lets the owner through
  const [offerCode, setOfferCode] = useState(false);
  const [code, setCode] = useState("");
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
    mutationFn: () =>
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
    return (
      <AuthCard
        title={challenge.step === "code" ? "Two-factor sign-in" : "Set up two-factor sign-in"}
        subtitle={challenge.step === "code" ? "Enter the code from your authenticator app" : `Signed in as ${username}`}
      >
        {challenge.step === "code" ? (
          <CodeStep
            challenge={challenge.challenge}
            onDone={enter}
            onRestart={() => {
              setChallenge(null);
              setPassword("");
            }}
          />
        ) : (
          <EnrolStep challenge={challenge.challenge} onDone={enter} />
        )}
      </AuthCard>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };
  return (
    <AuthCard title="Admin Dashboard" subtitle="Sign in to access dashboard">
      <form onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor="username" className="field-label">
            Username
          </label>
          <input
            id="username"
            name="username"
            type="text"
            className="field-input"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="password" className="field-label">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            className="field-input"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {offerCode ? (
          <div>
            <label htmlFor="code" className="field-label">
              Authenticator code (if you use two-factor sign-in)
            </label>
            <input
              id="code"
              name="code"
              type="text"
              className="field-input font-mono tracking-widest"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={login.isPending}>
          {login.isPending ? "Signing In..." : "Sign In"}
        </button>
      </form>
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
