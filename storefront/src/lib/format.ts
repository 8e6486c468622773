import { PRODUCT_CATEGORY_LABELS } from "@ch/contracts/constants";

// Prices and counts are formatted by hand for the usual cases (finite, below 10^15): the first
// Intl.NumberFormat costs a phone about 50 ms of main thread, which would land in the first render.
// The results are exactly Intl's en-US ones (see format.test.ts); anything else goes through Intl.
const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const SAFE = 1e15;

/**
 * |n| with `digits` decimals, rounded half away from zero on its shortest decimal form, as Intl
 * does (0.015 → "0.02", while 0.015.toFixed(2) is "0.01"); null outside the plain decimal range.
 */
function fixed(n: number, digits: number): [string, string] | null {
  const text = String(Math.abs(n));
  if (!Number.isFinite(n) || Math.abs(n) >= SAFE || text.includes("e")) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  const kept = BigInt(`${whole}${fraction.slice(0, digits).padEnd(digits, "0")}`);
  const rounded = (fraction[digits] ?? "0") >= "5" ? kept + 1n : kept;
  const all = rounded.toString().padStart(digits + 1, "0");
  return [all.slice(0, all.length - digits), all.slice(all.length - digits)];
}

function usd(amount: number, fractionDigits: 0 | 2): string {
  const parts = fixed(amount, fractionDigits);
  if (!parts) {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(amount);
  }
  const [whole, cents] = parts;
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  return `${sign}$${grouped(whole)}${cents ? `.${cents}` : ""}`;
}

/** $43,116 for whole dollars, $3,449.28 when there are cents. */
export function formatPrice(amount: number): string {
  return usd(amount, Number.isInteger(amount) ? 0 : 2);
}

/** Always with cents, for order figures where tax brings cents: $2,500.00. */
export const formatAmount = (amount: number): string => usd(amount, 2);

export const formatNumber = (n: number): string =>
  Number.isInteger(n) && Math.abs(n) < SAFE
    ? `${n < 0 || Object.is(n, -0) ? "-" : ""}${grouped(String(Math.abs(n)))}`
    : new Intl.NumberFormat("en-US").format(n);

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

const categoryLabels: Record<string, string> = PRODUCT_CATEGORY_LABELS;

export const categoryLabel = (id: string): string =>
  categoryLabels[id] ?? id.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

export const capitalize = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
