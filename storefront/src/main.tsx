import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
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
const app = (onCommit?: () => void) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
    {onCommit ? <OnCommit run={onCommit} /> : null}
  </StrictMode>
);

function OnCommit({ run }: { run: () => void }): ReactNode {
  useEffect(run, [run]);
  return null;
}

/**
 * Until React owns the server's markup, a click there would be lost (a button without its handler)
 * or reload the page (a link): hold such clicks and replay them once the app has hydrated. React
 * itself replays clicks on parts that hydrate later (lazily loaded sections).
 */
function holdClicksUntilHydrated(root: HTMLElement): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const target =
      event.target instanceof Element ? event.target.closest<HTMLElement>("a[href], button, summary") : null;
    if (!target || !root.contains(target) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    held.push(target);
  };
  document.addEventListener("click", hold, true);
  return () => {
    document.removeEventListener("click", hold, true);
    // in order, each as often as it was clicked (two clicks on Add to Cart add two)
    for (const element of held) if (element.isConnected) element.click();
  };
}

if (container.firstElementChild) {
  // Server-rendered: adopt the markup. The router renders the server's tree shape (no root-level
  // Suspense) when it knows the page came from the server, which its own SSR marks this way.
  (router as unknown as { ssr?: object }).ssr = { manifest: undefined };
  const release = holdClicksUntilHydrated(container);
  void router.load().then(() => {
    // a transition: hydration yields to the browser between chunks of work
    startTransition(() => {
      hydrateRoot(container, app(release));
    });
  });
} else {
  createRoot(container).render(app());
}
