import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

export function AuthCard({
  title,
  subtitle,
  link,
  children,
}: {
  title: string;
  subtitle: string;
  /** A way out under the card's content (back to sign-in, a new link). */
  link?: { to: "/admin/login" | "/admin/forgot-password"; label: string };
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Container Homes of Texas</p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-6">
          {children}
          {link ? (
            <p className="mt-6 text-center text-sm text-slate-600">
              <Link to={link.to} className="font-medium text-slate-900 underline">
                {link.label}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </main>
  );
}

/** Why an e-mailed link cannot be used (incomplete, used, expired). */
export function LinkProblem({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      {children}
    </div>
  );
}

export const BACK_TO_SIGN_IN = { to: "/admin/login", label: "Back to sign-in" } as const;
