import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { endInitialHead } from "./features/seo/lazy-head";
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

/** React has adopted (or created) this element: it carries React's props. */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));

/**
 * Until React owns a part of the server's markup, a click there would be lost (a button without
 * its handler) or reload the page (a link): such clicks are held and replayed, in order, once that
 * part, and the rest of the page, has hydrated. The built page's boot script starts holding them before this code has even
 * loaded (vite.config.ts). Returns what to call when the root has committed.
 */
function holdClicksUntilHydrated(root: HTMLElement): () => void {
  const early = (window as { __heldClicks?: { held: HTMLElement[]; stop(): void } }).__heldClicks;
  const held = early?.held ?? [];
  let rootCommitted = false;
  let committedAt = 0;
  let settled = false;
  let replaying = false;
  // React hydrates the server's Suspense boundaries (each route's page, the lazily loaded sections)
  // in passes of their own after the root has committed; a navigation while one of them still waits
  // makes React give it up with an error (#422, the route's match already gone). So clicks wait
  // until every element of the page is React's, for at most 10 s.
  const pageSettled = () => {
    settled ||=
      performance.now() - committedAt > 10_000 || Array.prototype.every.call(root.querySelectorAll("*"), isHydrated);
    return settled;
  };
  const hold = (event: MouseEvent) => {
    const target =
      event.target instanceof Element ? event.target.closest<HTMLElement>("a[href], button, summary") : null;
    if (!target || !root.contains(target) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    if (replaying || (rootCommitted && held.length === 0 && pageSettled())) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(target);
    if (rootCommitted) replay();
  };
  const replay = () => {
    while (held.length > 0) {
      const element = held[0]!;
      if (!element.isConnected) {
        held.shift();
        continue;
      }
      if (!isHydrated(element) || !pageSettled()) {
        setTimeout(replay, 50);
        return;
      }
      held.shift();
      // each as often as it was clicked (two clicks on Add to Cart add two)
      replaying = true;
      try {
        element.click();
      } finally {
        replaying = false;
      }
    }
  };
  if (!early) document.addEventListener("click", hold, true);
  return () => {
    if (early) {
      early.stop();
      document.addEventListener("click", hold, true);
    }
    rootCommitted = true;
    committedAt = performance.now();
    replay();
  };
}

/**
 * React's recoverable errors are reported as uncaught errors, as React does by default, except one:
 * a store update (the router's, the query cache's) reaching a part of the page that is still being
 * hydrated (#421). React then renders that part in the browser instead of adopting the server's
 * markup: the visitor sees the same page, a moment later. A markup mismatch (#418, #425) still
 * reports as an error.
 */
function onRecoverableError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes("#421") || message.includes("received an update before it finished hydrating")) {
    console.warn("hydration gave way to an update; that part of the page was rendered in the browser");
    return;
  }
  reportError(error);
}

if (container.firstElementChild) {
  // Server-rendered: adopt the markup. The router renders the server's tree shape (no root-level
  // Suspense) when it knows the page came from the server, which its own SSR marks this way.
  (router as unknown as { ssr?: object }).ssr = { manifest: undefined };
  const release = holdClicksUntilHydrated(container);
  // the router's first load runs in a task of its own, after the one that evaluated the app's modules:
  // two shorter tasks instead of one long one that would block a phone's main thread
  void new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => router.load())
    .then(() => {
      // the page's head is the server's until React has its own (features/seo/head-content.tsx); from
      // the first client-side navigation on, heads are built by the SEO contract's code
      endInitialHead();
      // a transition: hydration yields to the browser between chunks of work
      startTransition(() => {
        hydrateRoot(container, app(release), { onRecoverableError });
      });
    });
} else {
  // a page the server sent without markup (cart, checkout): its head is the server's too until the
  // first client-side navigation (features/seo/lazy-head.ts)
  void router.load().then(() => {
    endInitialHead();
    createRoot(container).render(app());
  });
}
