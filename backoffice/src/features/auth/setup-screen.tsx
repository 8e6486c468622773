import { setupInput } from "@ch/contracts/admin";
import { PASSWORD_MIN_LENGTH as PASSWORD_MIN } from "@ch/contracts/staff-roles";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import type { BaseSyntheticEvent } from "react";
import { z } from "zod";
import { type ApiForm, InputField, useApiForm } from "../../components/form";
import { http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { ADMIN_AUTH_KEY, errorMessage, queryClient, trpc } from "../../lib/trpc";
import { AuthCard } from "./auth-card";

// The API's setup input, and the password typed twice: the spec's order, mismatch first, then length (the
// server checks length and common passwords again).
const setupForm = setupInput.extend({ confirmPassword: z.string() }).superRefine((v, ctx) => {
  if (v.password !== v.confirmPassword)
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match" });
});
type SetupValues = z.input<typeof setupForm>;
const EMPTY: SetupValues = { username: "", email: "", password: "", confirmPassword: "", setupToken: "" };

export function SetupScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const status = useQuery(trpc.admin.setupStatus.queryOptions());
  const form = useApiForm<SetupValues>({ schema: setupForm, defaultValues: EMPTY, toasted: true });
  const tokenRequired = status.data?.tokenRequired ?? false;

  const setup = useMutation({
    mutationFn: ({ username, password, email, setupToken }: SetupValues) =>
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

  const submit = form.submit((values) => setup.mutateAsync(values), {
    invalid: (errors) => {
      const [title, problem] = errors.confirmPassword
        ? ["Password Mismatch", errors.confirmPassword]
        : errors.password
          ? ["Password Too Short", errors.password]
          : ["Setup Failed", Object.values(errors)[0]];
      toast({ title, description: problem?.message ?? "Check the form", variant: "destructive" });
    },
  });
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
        <SetupForm form={form} tokenRequired={tokenRequired} pending={setup.isPending} onSubmit={submit} />
      )}
    </AuthCard>
  );
}

function SetupForm({
  form,
  tokenRequired,
  pending,
  onSubmit,
}: {
  form: ApiForm<SetupValues>;
  tokenRequired: boolean;
  pending: boolean;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
}) {
  const { control } = form;
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <InputField
        control={control}
        name="username"
        id="setup-username"
        label="Username"
        autoComplete="username"
        required
      />
      <InputField
        control={control}
        name="email"
        id="setup-email"
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        hint="Where a link to choose a new password is sent if you ever forget it."
      />
      <InputField
        control={control}
        name="password"
        id="setup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters; very common passwords are refused.`}
      />
      <InputField
        control={control}
        name="confirmPassword"
        id="setup-confirm"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
      />
      {tokenRequired && (
        <InputField
          control={control}
          name="setupToken"
          id="setup-token"
          label="Setup token"
          autoComplete="off"
          required
          hint="The SETUP_TOKEN value, or the one-time token printed in the server log at start-up."
        />
      )}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? "Creating Account..." : "Create Admin Account"}
      </button>
    </form>
  );
}
