import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ToastProvider } from "./lib/toast";
import { ADMIN_AUTH_KEY, queryClient, setEnrolmentRequiredHandler, setSessionLostHandler } from "./lib/trpc";
import { routeTree } from "./routeTree.gen";
import "./styles.css";

const router = createRouter({ routeTree, defaultPreload: "intent", context: { queryClient } });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

// A session that ends while a screen is open (idle timeout, logout elsewhere) sends the user to sign-in.
setSessionLostHandler(() => {
  if (router.state.location.pathname === "/admin/login") return;
  localStorage.removeItem(ADMIN_AUTH_KEY);
  queryClient.clear();
  void router.navigate({ to: "/admin/login" });
});

// The owner requires two-factor sign-in and this account has none (a session opened before the policy):
// every screen but Security is refused (403), so the user is taken there; it says why.
setEnrolmentRequiredHandler(() => {
  if (router.state.location.pathname === "/admin/security") return;
  void router.navigate({ to: "/admin/security" });
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
