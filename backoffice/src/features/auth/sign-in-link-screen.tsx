// The page a "sign-in is slowed down" e-mail's link opens. Its button makes this browser a known device,
// which the slow-down lets through; the password and the code are still asked at sign-in. A button, not an
// automatic request, so a mail scanner that opens links cannot spend it.
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { errorMessage } from "../../lib/trpc";
import { tokenFromHash } from "../staff/link-token";
import { AuthCard, BACK_TO_SIGN_IN, LinkProblem } from "./auth-card";

export function SignInLinkScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const open = useMutation({
    mutationFn: () => http<{ ok: true; username: string }>("POST", "/api/admin/login/link", { token }),
    onSuccess: (answer) => {
      toast({ title: "This browser can sign in", description: `Sign in as ${answer.username} with your password.` });
      void navigate({ to: "/admin/login" });
    },
  });
  return (
    <AuthCard title="Let this browser sign in" subtitle="The link works once, for 30 minutes." link={BACK_TO_SIGN_IN}>
      {token.length === 0 ? (
        <LinkProblem>The link is incomplete: open it from the e-mail again.</LinkProblem>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            Sign-in to your account is slowed down because of failed attempts from elsewhere. This browser will be let
            through; you still sign in with your password (and your authenticator code, if you use one).
          </p>
          {open.isError ? (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              {errorMessage(open.error, "The link was refused")}
            </p>
          ) : null}
          <button type="button" className="btn-primary w-full" disabled={open.isPending} onClick={() => open.mutate()}>
            {open.isPending ? "Checking the link…" : "Let this browser sign in"}
          </button>
        </div>
      )}
    </AuthCard>
  );
}
