// One QueryClient and one typed tRPC client for the back office.
// Spec: data loads do not retry, do not refetch on window focus and never go stale on their own;
// screens refetch on an interval or after a change. A 401 anywhere sends the user to sign-in; a 403 saying
// the account must set up two-factor first (the owner requires it) sends them to the Security screen.

import type { AdminRouter } from "@ch/api/router";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { HttpError } from "./http";

export const ADMIN_AUTH_KEY = "admin-auth";

export function isUnauthorized(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 401;
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus === 401;
  return false;
}

/** The server's `code` when a session must set up two-factor before anything else (api: session-access.ts). */
export const TWO_FACTOR_ENROLMENT_REQUIRED = "two_factor_enrolment_required";

/** Whether a call was refused because the account must set up two-factor sign-in first (403 with that code). */
export function isEnrolmentRequired(error: unknown): boolean {
  if (error instanceof HttpError) {
    return error.status === 403 && (error.body as { code?: unknown } | null)?.code === TWO_FACTOR_ENROLMENT_REQUIRED;
  }
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number; extra?: { code?: unknown } } | undefined;
    return data?.httpStatus === 403 && data.extra?.code === TWO_FACTOR_ENROLMENT_REQUIRED;
  }
  return false;
}

let onSessionLost: () => void = () => {};
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}
let onEnrolmentRequired: () => void = () => {};
export function setEnrolmentRequiredHandler(handler: () => void): void {
  onEnrolmentRequired = handler;
}
const watch = (error: unknown) => {
  if (isUnauthorized(error)) onSessionLost();
  else if (isEnrolmentRequired(error)) onEnrolmentRequired();
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: watch }),
  mutationCache: new MutationCache({ onError: watch }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
    mutations: { retry: false },
  },
});

export const trpcClient = createTRPCClient<AdminRouter>({
  links: [httpBatchLink({ url: "/api/trpc", maxItems: 10 })],
});

export const trpc = createTRPCOptionsProxy<AdminRouter>({ client: trpcClient, queryClient });

/** The message to show for a failed call. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: unknown } | null;
    return body && typeof body === "object" && body.message ? String(body.message) : fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
