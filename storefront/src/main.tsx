import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Spinner } from "./components/ui";
import { createQueryClient } from "./lib/query-client";
import { routeTree } from "./routeTree.gen";
import "./styles.css";

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  // loaders read through the query cache, which is the only cache
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultPendingComponent: () => <Spinner label="Loading..." />,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// The server sends this page's title and description for crawlers; React renders the same
// values through <HeadContent />, so the server's copies are removed first to avoid duplicates.
for (const element of document.head.querySelectorAll("[data-server-head]")) element.remove();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
