// Display helpers shared by every screen.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export const formatUsd = (n: number) => usd.format(n);
export const formatUsdWhole = (n: number) => usdWhole.format(n);
/** Integer cents (the API's amounts) as US dollars ($24,532.64): the one formatter of every screen. */
export const formatCents = (cents: number) => formatUsd(cents / 100);

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** Underscores and dashes shown as spaces: in_production → in production. */
export const statusLabel = (s: string) => s.replace(/[_]/g, " ");
export const humanize = (s: string) => s.replace(/[_-]/g, " ");

/** The spec's badge colours; any other value is gray. */
const BADGE: Record<string, string> = {
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  confirmed: "bg-blue-100 text-blue-900 ring-blue-300",
  in_production: "bg-purple-100 text-purple-900 ring-purple-300",
  shipped: "bg-green-100 text-green-900 ring-green-300",
  delivered: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  cancelled: "bg-red-100 text-red-900 ring-red-300",
  paid: "bg-green-100 text-green-900 ring-green-300",
  new: "bg-blue-100 text-blue-900 ring-blue-300",
  contacted: "bg-orange-100 text-orange-900 ring-orange-300",
  qualified: "bg-purple-100 text-purple-900 ring-purple-300",
  won: "bg-green-100 text-green-900 ring-green-300",
  closed: "bg-gray-100 text-gray-800 ring-gray-300",
  // build stages
  awaiting_deposit: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  deposit_received: "bg-blue-100 text-blue-900 ring-blue-300",
  quality_check: "bg-purple-100 text-purple-900 ring-purple-300",
  ready_for_delivery: "bg-green-100 text-green-900 ring-green-300",
  balance_paid: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  completed: "bg-emerald-100 text-emerald-900 ring-emerald-300",
};
export const BADGE_COLOUR_NAME: Record<string, string> = {
  pending: "yellow",
  confirmed: "blue",
  in_production: "purple",
  shipped: "green",
  delivered: "emerald",
  cancelled: "red",
  paid: "green",
  new: "blue",
  contacted: "orange",
  qualified: "purple",
  won: "green",
  closed: "gray",
};
export const badgeClass = (value: string) => BADGE[value] ?? "bg-gray-100 text-gray-800 ring-gray-300";
export const badgeColourName = (value: string) => BADGE_COLOUR_NAME[value] ?? "gray";

export const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);
