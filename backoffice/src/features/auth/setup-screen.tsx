import { PASSWORD_MIN_LENGTH as PASSWORD_MIN } from "@ch/api/contracts/staff-roles";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { ADMIN_AUTH_KEY, errorMessage, queryClient, trpc } from "../../lib/trpc";
import { AuthCard } from "./auth-card";

export function SetupScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const status = useQuery(trpc.admin.setupStatus.queryOptions());
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [setupToken, setSetupToken] = useState("");
  const tokenRequired = status.data?.tokenRequired ?? false;

  const setup = useMutation({
    mutationFn: () =>
      http<{ id: number; username: string }>("POST", "/api/admin/setup", {
        username,
        password,
        email,
        ...(tokenRequired ? { setupToken } : {}),
      }),
    // the answer carries the new owner's session: straight in, no second sign-in
    onSuccess: (admin) => {
      localStorage.setItem(ADMIN_AUTH_KEY, JSON.stringify({ username: admin.username }));
      toast({
        title: "Admin Account Created!",
        description: "Your admin account has been created successfully. You are signed in.",
      });
      queryClient.clear();
      void navigate({ to: "/admin" });
    },
    onError: (error) => {
      toast({
        title: "Setup Failed",
        description: errorMessage(error, "Failed to create admin account"),
        variant: "destructive",
      });
      void status.refetch();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The spec's order: mismatch first, then length; the server checks length and common passwords again.
    if (password !== confirmPassword) {
      toast({ title: "Password Mismatch", description: "Passwords do not match", variant: "destructive" });
      return;
    }
    if (password.length < PASSWORD_MIN) {
      toast({
        title: "Password Too Short",
        description: `Password must be at least ${PASSWORD_MIN} characters long`,
        variant: "destructive",
      });
      return;
    }
    setup.mutate();
  };

  const closed = status.data ? !status.data.open : false;
  return (
    <AuthCard title="Setup Admin Account" subtitle="Create the first administrator account for the back office.">
      <p className="mb-4 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        Setup is available only once: as soon as an admin account exists, this form is closed and further accounts are
        refused.
      </p>
      {closed ? (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">Setup is closed</p>
          <p className="mt-1">An admin account already exists. Sign in instead.</p>
          <Link to="/admin/login" className="btn-primary mt-4">
            Go to sign-in
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <div>
            <label htmlFor="setup-username" className="field-label">
              Username
            </label>
            <input
              id="setup-username"
              name="username"
              className="field-input"
              autoComplete="username"
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="setup-email" className="field-label">
              E-mail
            </label>
            <input
              id="setup-email"
              name="email"
              type="email"
              className="field-input"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-describedby="setup-email-hint"
            />
            <p id="setup-email-hint" className="mt-1 text-xs text-slate-600">
              Where a link to choose a new password is sent if you ever forget it.
            </p>
          </div>
          <div>
            <label htmlFor="setup-password" className="field-label">
              Password
            </label>
            <input
              id="setup-password"
              name="password"
              type="password"
              className="field-input"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="setup-password-hint"
            />
            <p id="setup-password-hint" className="mt-1 text-xs text-slate-600">
              At least {PASSWORD_MIN} characters; very common passwords are refused.
            </p>
          </div>
          <div>
            <label htmlFor="setup-confirm" className="field-label">
              Confirm Password
            </label>
            <input
              id="setup-confirm"
              name="confirmPassword"
              type="password"
              className="field-input"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </div>
          {tokenRequired && (
            <div>
              <label htmlFor="setup-token" className="field-label">
                Setup token
              </label>
              <input
                id="setup-token"
                name="setupToken"
                className="field-input"
                autoComplete="off"
                required
                value={setupToken}
                onChange={(e) => setSetupToken(e.target.value)}
                aria-describedby="setup-token-hint"
              />
              <p id="setup-token-hint" className="mt-1 text-xs text-slate-600">
                The SETUP_TOKEN value, or the one-time token printed in the server log at start-up.
              </p>
            </div>
          )}
          <button type="submit" className="btn-primary w-full" disabled={setup.isPending}>
            {setup.isPending ? "Creating Account..." : "Create Admin Account"}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
