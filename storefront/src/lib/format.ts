// Formatters are made on first use, not when the module loads: the first Intl object costs a
// noticeable slice of a phone's main thread, better spent inside the (interruptible) first render.
const lazy = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};
const usd = lazy(
  () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
);
const usdCents = lazy(
  () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 }),
);
const plain = lazy(() => new Intl.NumberFormat("en-US"));

/** $43,116 for whole dollars, $3,449.28 when there are cents. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? usd().format(amount) : usdCents().format(amount);
}

/** Always with cents, for order figures where tax brings cents: $2,500.00. */
export const formatAmount = (amount: number): string => usdCents().format(amount);

export const formatNumber = (n: number): string => plain().format(n);

/** A local date, e.g. "3/14/2026" in en-US. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString();
}

/** The same date as the server renders it (en-US, UTC), shown until the browser's own form replaces it. */
export function formatDateUtc(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString("en-US", { timeZone: "UTC" });
}

const categoryLabels: Record<string, string> = {
  "20ft-homes": "20ft Homes",
  "40ft-homes": "40ft Homes",
  "53ft-homes": "53ft Homes",
  "multi-unit": "Multi-Unit",
  "container-offices": "Container Offices",
  "commercial-industrial": "Commercial & Industrial",
};

export const categoryLabel = (id: string): string =>
  categoryLabels[id] ?? id.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

export const capitalize = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
