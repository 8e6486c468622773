import { Link, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { CartIcon, CloseIcon, MenuIcon } from "../../components/icons";
import { QuoteButton } from "../../components/quote-button";
import { buttonClass } from "../../components/ui";
import { itemCount } from "../../lib/cart-lines";
import { useCart } from "../../lib/cart-store";
import { pageRoute } from "../../lib/page-route";
import { SITE_NAME } from "../../lib/site-name";

// narrower between lg and xl, so that the whole header (with Schedule Call) fits from 1024 px on
const linkBase = "rounded-md px-3 py-2 text-sm font-medium transition-colors lg:px-2 xl:px-3";
const idleColours = "text-slate-200 hover:bg-slate-800 hover:text-white";
const idleClass = `${linkBase} ${idleColours}`;

const PAGES = [
  { label: "About", to: pageRoute("/about") },
  { label: "Gallery", to: "/gallery" },
  { label: "Blog", to: "/blog" },
  { label: "Contact", to: "/contact" },
] as const;

function NavLinks({ onChoose, vertical }: { onChoose?: () => void; vertical?: boolean }) {
  const block = vertical ? "block" : "";
  // the router adds the active or the idle colours to the shared base (each class once)
  const active = { className: "bg-slate-800 text-amber-400", "aria-current": "page" as const };
  const inactive = { className: idleColours };
  return (
    <>
      <Link
        to="/products/{-$category}"
        params={{ category: undefined }}
        onClick={onChoose}
        className={`${linkBase} ${block}`}
        activeProps={active}
        inactiveProps={inactive}
      >
        Products
      </Link>
      <Link
        to="/"
        hash="how-it-works"
        onClick={onChoose}
        className={`${idleClass} ${block}`}
        activeOptions={{ includeHash: true, exact: true }}
      >
        How it Works
      </Link>
      {PAGES.map((item) => (
        <Link
          key={item.label}
          to={item.to}
          onClick={onChoose}
          className={`${linkBase} ${block}`}
          activeProps={active}
          inactiveProps={inactive}
        >
          {item.label}
        </Link>
      ))}
    </>
  );
}

/** The mobile menu's state: it closes on navigation and on Escape (focus back on the toggle). */
function useMobileMenu() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggle.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);
  return { menuOpen, setMenuOpen, toggle };
}

function BrandLink() {
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md font-bold">
      <span
        className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-amber-500 text-sm font-black text-slate-950"
        aria-hidden="true"
      >
        CH
      </span>
      <span className="truncate text-sm sm:text-lg lg:text-base xl:text-lg">{SITE_NAME}</span>
    </Link>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      className="relative rounded-md p-2 text-slate-200 hover:bg-slate-800 hover:text-white"
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
    >
      <CartIcon className="h-6 w-6" />
      {count > 0 ? (
        <span
          data-testid="cart-badge"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

function MobileMenu({ count, close }: { count: number; close: () => void }) {
  return (
    <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-800 px-4 pt-2 pb-4 lg:hidden">
      <div className="flex flex-col gap-1">
        <NavLinks vertical onChoose={close} />
        <Link to="/cart" onClick={close} className={`${idleClass} block`}>
          View Cart ({count} {count === 1 ? "item" : "items"})
        </Link>
      </div>
      <div className="mt-3 grid gap-2 sm:grid-cols-3">
        <Link to="/cart" onClick={close} className={buttonClass.ghostOnDark}>
          Go to Cart
        </Link>
        <QuoteButton
          className={buttonClass.ghostOnDark}
          request={{ kind: "call", title: "Schedule a Call" }}
          onOpen={close}
        >
          Schedule Call
        </QuoteButton>
        <QuoteButton className={buttonClass.primary} request={{ kind: "quote", title: "Get a Quote" }} onOpen={close}>
          Get Quote
        </QuoteButton>
      </div>
    </nav>
  );
}

export function Header() {
  const count = itemCount(useCart());
  const { menuOpen, setMenuOpen, toggle } = useMobileMenu();
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-40 bg-slate-900 text-white shadow-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:gap-3 lg:px-6 xl:gap-4 xl:px-8">
        <BrandLink />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavLinks />
        </nav>
        <div className="flex items-center gap-2">
          <CartLink count={count} />
          <div className="hidden items-center gap-2 lg:flex">
            <QuoteButton
              className={`${buttonClass.ghostOnDark} lg:px-3 xl:px-5`}
              request={{ kind: "call", title: "Schedule a Call" }}
            >
              Schedule Call
            </QuoteButton>
            <QuoteButton
              className={`${buttonClass.primary} lg:px-3 xl:px-5`}
              request={{ kind: "quote", title: "Get a Quote" }}
            >
              Get Quote
            </QuoteButton>
          </div>
          <button
            ref={toggle}
            type="button"
            className="rounded-md p-2 text-slate-200 hover:bg-slate-800 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </div>
      {menuOpen ? <MobileMenu count={count} close={close} /> : null}
    </header>
  );
}
