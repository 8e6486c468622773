import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createQueryClient } from "./lib/query-client";
import { createAppRouter } from "./router";
import "./styles.css";

const queryClient = createQueryClient();

// The reads the server used to render this page (see entry-server.tsx): the same data, no refetch.
const state = document.getElementById("query-state");
if (state?.textContent) {
  try {
    for (const [key, data] of JSON.parse(state.textContent) as [unknown[], unknown][]) {
      queryClient.setQueryData(key, data);
    }
  } catch {
    // unreadable: the page reads its data again
  }
}

const router = createAppRouter(queryClient);

// The server sends this page's title and description for crawlers; React renders the same
// values through <HeadContent />, so the server's copies are removed first to avoid duplicates.
for (const element of document.head.querySelectorAll("[data-server-head]")) element.remove();

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

if (container.firstElementChild) {
  // Server-rendered: adopt the markup. The router renders the server's tree shape (no root-level
  // Suspense) when it knows the page came from the server, which its own SSR marks this way.
  (router as unknown as { ssr?: object }).ssr = { manifest: undefined };
  void router.load().then(() => {
    // a transition: hydration yields to the browser between chunks of work
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  createRoot(container).render(app);
}
