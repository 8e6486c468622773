// The portal's session: the e-mailed link (/portal#token=…) spent once for an httpOnly cookie, the
// projects read with it, and sign-out. A 401 means "not signed in": the sign-in form is shown.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { trpc } from "../../lib/trpc";

export const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The token of the link this page was opened with, taken off the address bar so it is not kept in history. */
function takeLinkToken(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]{43})/.exec(window.location.hash);
  if (!match) return null;
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
  return match[1]!;
}

/** Spends the page's link once (if any); answers whether that is still under way, and its failure. */
export function useLinkSignIn() {
  const hydrated = useHydrated();
  const queries = useQueryClient();
  const [token, setToken] = useState<string | null>(null);
  const open = useMutation({
    ...trpc.portal.session.mutationOptions(),
    onSuccess: () => queries.invalidateQueries({ queryKey: trpc.portal.pathKey() }),
  });
  useEffect(() => {
    if (!hydrated) return;
    const spend = () => {
      const taken = takeLinkToken();
      if (!taken) return;
      setToken(taken);
      open.mutate({ token: taken });
    };
    spend();
    // a link opened in a tab that already shows the portal changes only the address's hash
    window.addEventListener("hashchange", spend);
    return () => window.removeEventListener("hashchange", spend);
  }, [hydrated, open.mutate]);
  return { opening: token !== null && open.isPending, failed: open.isError, ready: hydrated && !open.isPending };
}

export function usePortalProjects(enabled: boolean) {
  return useQuery({ ...trpc.portal.projects.queryOptions(), enabled, retry: false });
}

export function useSignOut() {
  const queries = useQueryClient();
  return useMutation({
    ...trpc.portal.signOut.mutationOptions(),
    onSuccess: () => queries.invalidateQueries({ queryKey: trpc.portal.pathKey() }),
  });
}
