// The guarded layout: slate header with the admin navigation, content on gray-50.
import { useQuery } from "@tanstack/react-query";
import { Link, Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { http } from "../../lib/http";
import { useToast } from "../../lib/toast";
import { ADMIN_AUTH_KEY, errorMessage, queryClient, trpc } from "../../lib/trpc";
import { mayOpen, useAccount } from "../staff/use-account";
import { NoAccess } from "./no-access";

const NAV = [
  { to: "/admin", label: "Dashboard", exact: true },
  { to: "/admin/visitors", label: "Visitor Analytics" },
  { to: "/admin/gallery", label: "Gallery" },
  { to: "/admin/blog", label: "Blog" },
  { to: "/admin/activity", label: "Activity" },
] as const;
// Screens owned by other features; plain links so this layout does not depend on their route files.
const MORE = [
  { href: "/admin/proposals", label: "Proposals" },
  { href: "/admin/pipeline", label: "Pipeline" },
  { href: "/admin/usdt-transfers", label: "Unmatched Transfers" },
  { href: "/admin/warranty", label: "Warranty" },
  { href: "/admin/seo", label: "SEO Report" },
  { href: "/admin/notifications", label: "Notifications" },
  { href: "/admin/settings", label: "Settings" },
  { href: "/admin/staff", label: "Staff" },
  { href: "/admin/webhooks", label: "Webhooks" },
  { href: "/admin/api-keys", label: "API Keys" },
  { href: "/admin/security", label: "Security" },
  { href: "/admin/account", label: "My Account" },
] as const;

export function AdminShell() {
  const me = useQuery(trpc.admin.me.queryOptions());
  // the navigation shows only what the account's role may open (the server's list of areas)
  const account = useAccount();
  const areas = account.data?.areas ?? [];
  const navigate = useNavigate();
  const toast = useToast();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // the open narrow-screen menu closes on Escape, and focus goes back to its button
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const logout = async () => {
    setLoggingOut(true);
    try {
      await http("POST", "/api/admin/logout");
    } catch (error) {
      // The local state is cleared anyway; the server session expires on its own.
      toast({
        title: "Logout Failed",
        description: errorMessage(error, "Could not reach the server"),
        variant: "destructive",
      });
    } finally {
      localStorage.removeItem(ADMIN_AUTH_KEY);
      queryClient.clear();
      setLoggingOut(false);
      void navigate({ to: "/admin/login" });
    }
  };

  const siteUrl = me.data?.storefrontOrigin ? `${me.data.storefrontOrigin}/` : undefined;
  const linkClass =
    "rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-slate-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  const activeClass = "bg-slate-900 text-white";

  return (
    <div className="min-h-screen bg-gray-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="bg-slate-800 text-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link
            to="/admin"
            className="text-base font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-white"
          >
            Container Homes · Admin
          </Link>
          <div className="flex items-center gap-2">
            {me.data && (
              <span className="hidden text-sm text-slate-300 md:inline">Signed in as {me.data.username}</span>
            )}
            <button
              ref={menuButton}
              type="button"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-slate-700 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls="admin-nav"
              onClick={() => setMenuOpen((v) => !v)}
            >
              Menu
            </button>
          </div>
        </div>
        <nav
          id="admin-nav"
          aria-label="Admin"
          className={`${menuOpen ? "flex" : "hidden"} mx-auto max-w-7xl flex-col gap-1 px-4 pb-3 sm:px-6 lg:flex lg:flex-row lg:flex-wrap lg:items-center`}
        >
          {NAV.filter((item) => account.data && mayOpen(areas, item.to)).map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={linkClass}
              activeProps={{ className: activeClass, "aria-current": "page" }}
              activeOptions={{ exact: "exact" in item }}
              onClick={() => setMenuOpen(false)}
            >
              {item.label}
            </Link>
          ))}
          {MORE.filter((item) => account.data && mayOpen(areas, item.href)).map((item) => (
            <Link
              key={item.href}
              to={item.href as "/admin"}
              className={linkClass}
              activeProps={{ className: activeClass, "aria-current": "page" }}
              onClick={() => setMenuOpen(false)}
            >
              {item.label}
            </Link>
          ))}
          <span className="hidden flex-1 lg:block" />
          {siteUrl && (
            <a href={siteUrl} className={linkClass}>
              View Site
            </a>
          )}
          <button type="button" className={`${linkClass} text-left`} onClick={logout} disabled={loggingOut}>
            {loggingOut ? "Logging out..." : "Logout"}
          </button>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {account.data && !mayOpen(areas, pathname) ? (
          <NoAccess pathname={pathname} role={account.data.role} areas={areas} />
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
