import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { ADMIN_AUTH_KEY, errorMessage } from "../../lib/trpc";
import { AuthCard } from "./auth-card";

export function LoginScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const login = useMutation({
    mutationFn: () =>
      http<{ ok: boolean; username: string; expiresAt: string }>("POST", "/api/admin/login", { username, password }),
    onSuccess: (answer) => {
      // Only the name, for display: the session itself is the httpOnly cookie the server set.
      localStorage.setItem(ADMIN_AUTH_KEY, JSON.stringify({ username: answer.username }));
      toast({ title: "Welcome Back!", description: "Successfully logged in to admin dashboard." });
      void navigate({ to: "/admin" });
    },
    onError: (error) =>
      toast({ title: "Login Failed", description: errorMessage(error, "Invalid credentials"), variant: "destructive" }),
  });
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
        <button type="submit" className="btn-primary w-full" disabled={login.isPending}>
          {login.isPending ? "Signing In..." : "Sign In"}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        First time here?{" "}
        <Link to="/admin/setup" className="font-medium text-slate-900 underline">
          Set up the admin account
        </Link>
      </p>
    </AuthCard>
  );
}
