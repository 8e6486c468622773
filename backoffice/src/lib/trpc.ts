// One QueryClient and one typed tRPC client for the back office.
// Spec: data loads do not retry, do not refetch on window focus and never go stale on their own;
// screens refetch on an interval or after a change. A 401 anywhere sends the user to sign-in.

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

let onSessionLost: () => void = () => {};
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}
const watch = (error: unknown) => {
  if (isUnauthorized(error)) onSessionLost();
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
