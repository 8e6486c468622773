// The one router definition, used by the browser entry (main.tsx) and the server entry
// (entry-server.tsx) so that both render exactly the same tree.
import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { Spinner } from "./components/ui";
import { routeTree } from "./routeTree.gen";

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: "intent",
    // loaders read through the query cache, which is the only cache
    defaultPreloadStaleTime: 0,
    // the server has no scroll position to restore (and must not print the restoration script)
    scrollRestoration: typeof window !== "undefined",
    defaultPendingComponent: () => <Spinner label="Loading..." />,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
