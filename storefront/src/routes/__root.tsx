// The layout of every public page: header, footer, chat widget, toasts and the page's <head>.
// Also reports each page view (first load and every client-side navigation) to /api/visits.
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, lazyRouteComponent, Outlet, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { Toaster } from "../components/toaster";
import { ChatWidget } from "../features/chat/chat-widget";
import { Footer } from "../features/layout/footer";
import { Header } from "../features/layout/header";
import { useHydrated } from "../lib/hydrated";
import { useQuoteDialog } from "../lib/quote";
import { reportVisit } from "../lib/visits";

const QuoteDialog = lazy(() => import("../components/quote-dialog"));
const PageHead = lazy(() => import("../features/seo/head-content"));

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import("../features/layout/page-not-found")),
});

function VisitReporter() {
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  useEffect(() => {
    if (pathname) reportVisit(pathname);
  }, [pathname]);
  return null;
}

function QuoteDialogHost() {
  const open = useQuoteDialog() !== null;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <QuoteDialog />
    </Suspense>
  );
}

function RootLayout() {
  // the server sends the page's head itself (data-server-head tags, removed by main.tsx): React
  // renders its own copy only once it owns the page, so hydration never meets it
  const hydrated = useHydrated();
  return (
    <>
      {hydrated ? (
        <Suspense fallback={null}>
          <PageHead />
        </Suspense>
      ) : null}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col bg-white text-slate-900">
        <Header />
        <main id="main" className="flex-1" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <ChatWidget />
      <Toaster />
      <QuoteDialogHost />
      <VisitReporter />
    </>
  );
}
