import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => <Outlet />,
  notFoundComponent: () => (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">Did you forget to add the page to the router?</p>
      <a href="/admin" className="btn-secondary mt-6">
        Back to the dashboard
      </a>
    </main>
  ),
});
