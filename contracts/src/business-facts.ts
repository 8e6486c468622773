// The business facts as text: the only way the apps turn the business settings into words
// (hours with their time zone, lead times, warranty years) and structured data. No zod and no server
// imports, so the storefront's first load stays small; the schema itself is in ./settings.

import { TIME_ZONES, type TimeZoneId, WEEKDAYS, type Weekday } from "./calendar";
import type { BusinessSettings } from "./settings";

export { TIME_ZONES, type TimeZoneId, WEEKDAYS, type Weekday };

/** The schedule and terms the business publishes until the owner changes them in the settings. */
export const DEFAULT_BUSINESS_FACTS = {
  openingHours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
    { days: ["Saturday"], opens: "09:00", closes: "16:00" },
  ],
  timeZone: "America/Chicago",
  warranty: { structuralYears: 10, systemsYears: 5, finishYears: 2, installationYears: 1 },
  production: { minWeeks: 6, maxWeeks: 8 },
  // production is scheduled once the deposit arrives: the delivery window starts there
  delivery: { minWeeks: 8, maxWeeks: 12, countedFrom: "deposit" },
  // the terms' published policy: 72 hours for a full refund, $500 until production, 25 % after
  cancellation: { fullRefundHours: 72, feeCents: 50_000, restockingFeePercent: 25 },
  depositPercent: 50,
  // null: the deposit on acceptance, the rest on delivery
  paymentSchedule: null,
} satisfies Pick<
  BusinessSettings,
  | "openingHours"
  | "timeZone"
  | "warranty"
  | "production"
  | "delivery"
  | "cancellation"
  | "depositPercent"
  | "paymentSchedule"
>;

export const SOCIAL_NETWORKS = [
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["youtube", "YouTube"],
  ["linkedin", "LinkedIn"],
] as const satisfies readonly (readonly [keyof BusinessSettings["social"], string])[];

/**
 * What the storefront knows about the business (GET /api/config, and embedded in every page as
 * <script id="site-config">): the settings, the social links as a list, and the environment's
 * wallet address, analytics id and public address.
 */
export type SiteConfig = Omit<BusinessSettings, "social" | "bankTransfer"> & {
  social: { name: string; url: string }[];
  /** Whether the owner has given the bank details; the details are on the customer's own order only. */
  bankTransferReady: boolean;
  /** The shop's TRON wallet for USDT; null when none is configured (the storefront says USDT is unavailable). */
  usdtWalletAddress: string | null;
  gaMeasurementId: string | null;
  siteUrl: string;
  /** Whether chat messages reach the team on Telegram (its token and chat id are set); never the secrets. */
  telegramForwarding: boolean;
};

export function socialList(social: BusinessSettings["social"]): { name: string; url: string }[] {
  return SOCIAL_NETWORKS.flatMap(([key, name]) => (social[key] ? [{ name, url: social[key] }] : []));
}

// ---- text --------------------------------------------------------------------------------------

/** "08:00" → "8:00 AM", "18:30" → "6:30 PM". */
export function formatTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** Runs of consecutive days: ["Monday".."Friday"] → "Monday - Friday" (or "Mon-Fri" when short). */
export function formatDays(days: readonly Weekday[], short = false): string {
  const sorted = [...new Set(days)].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
  const name = (d: Weekday) => (short ? d.slice(0, 3) : d);
  const runs: Weekday[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && WEEKDAYS.indexOf(day) === WEEKDAYS.indexOf(last) + 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) => {
      const first = run[0]!;
      const last = run.at(-1)!;
      if (run.length === 1) return name(first);
      if (run.length === 2) return `${name(first)}${short ? ", " : " and "}${name(last)}`;
      return short ? `${name(first)}-${name(last)}` : `${name(first)} - ${name(last)}`;
    })
    .join(", ");
}

export const timeZoneLabel = (timeZone: TimeZoneId): string => TIME_ZONES[timeZone] ?? timeZone;

/** One line per row of opening hours, for tables: { days: "Monday - Friday", hours: "8:00 AM - 6:00 PM" }. */
export function hoursRows(hours: BusinessSettings["openingHours"]): { days: string; hours: string }[] {
  return hours.map((row) => ({
    days: formatDays(row.days),
    hours: `${formatTime(row.opens)} - ${formatTime(row.closes)}`,
  }));
}

/** "Monday - Friday 8:00 AM-6:00 PM, Saturday 9:00 AM-4:00 PM (Central Time)". */
export function hoursSentence(settings: Pick<BusinessSettings, "openingHours" | "timeZone">, short = false): string {
  if (settings.openingHours.length === 0) return "by appointment";
  const rows = settings.openingHours.map(
    (row) => `${formatDays(row.days, short)} ${formatTime(row.opens)}-${formatTime(row.closes)}`,
  );
  return `${rows.join(", ")} (${timeZoneLabel(settings.timeZone)})`;
}

/** schema.org's short form: "Mo-Fr 08:00-18:00", "Mo,We 09:00-12:00". */
export function schemaOrgHours(hours: BusinessSettings["openingHours"]): string[] {
  return hours.map((row) => {
    const idx = [...new Set(row.days)].map((d) => WEEKDAYS.indexOf(d)).sort((a, b) => a - b);
    const code = (i: number) => WEEKDAYS[i]!.slice(0, 2);
    const runs: number[][] = [];
    for (const i of idx) {
      const run = runs.at(-1);
      if (run && run.at(-1) === i - 1) run.push(i);
      else runs.push([i]);
    }
    const days = runs.map((r) => (r.length > 1 ? `${code(r[0]!)}-${code(r.at(-1)!)}` : code(r[0]!))).join(",");
    return `${days} ${row.opens}-${row.closes}`;
  });
}

/** "6-8 weeks", or "8 weeks" when both ends agree. */
export function formatWeeks(range: { minWeeks: number; maxWeeks: number }): string {
  return range.minWeeks === range.maxWeeks ? `${range.maxWeeks} weeks` : `${range.minWeeks}-${range.maxWeeks} weeks`;
}

/** "10-year". */
export const yearsLabel = (years: number): string => `${years}-year`;

const years = (n: number): string => `${n} ${n === 1 ? "year" : "years"}`;

/** "10 years on the structure, 5 years on systems, 2 years on finishes and 1 year on installation". */
export function warrantySentence(w: BusinessSettings["warranty"]): string {
  return `${years(w.structuralYears)} on the structure, ${years(w.systemsYears)} on systems, ${years(w.finishYears)} on finishes and ${years(w.installationYears)} on installation`;
}

/** "8-12 weeks from your deposit" (or "from your order"): the delivery window and where it starts. */
export function deliveryWindow(settings: Pick<BusinessSettings, "delivery">): string {
  const from = settings.delivery.countedFrom === "order" ? "your order" : "your deposit";
  return `${formatWeeks(settings.delivery)} from ${from}`;
}

/** "72 hours", "1 hour". */
export const hoursLabel = (n: number): string => `${n} ${n === 1 ? "hour" : "hours"}`;

// made once: toLocaleString with options builds a formatter per call (a tenth of a millisecond each, on
// every order's e-mail)
let feeFormats: { whole: Intl.NumberFormat; cents: Intl.NumberFormat } | undefined;

/** "$500" or "$99.50": a fee in cents, without cents when it has none. */
export function feeText(cents: number): string {
  feeFormats ??= {
    whole: new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
    cents: new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  };
  return `$${(cents % 100 === 0 ? feeFormats.whole : feeFormats.cents).format(cents / 100)}`;
}

/**
 * The cancellation terms as sentences, in the order they apply: the full-refund window (null when there
 * is none), before production starts, and once production has started. One wording for the terms, the
 * return policy, checkout and the order e-mail.
 */
export function cancellationTerms(c: BusinessSettings["cancellation"]): {
  window: string | null;
  beforeProduction: string;
  inProduction: string;
} {
  const window = c.fullRefundHours > 0;
  return {
    window: window
      ? `You may cancel within ${hoursLabel(c.fullRefundHours)} of placing your order for a full refund.`
      : null,
    beforeProduction: `${window ? "After that, until" : "Until"} production starts, you may cancel for ${
      c.feeCents > 0
        ? `a refund of what you paid less a ${feeText(c.feeCents)} administrative fee (design, engineering and scheduling already done)`
        : "a full refund"
    }.`,
    inProduction: `Once production has started, a cancellation we agree to carries ${
      c.restockingFeePercent > 0
        ? `a ${c.restockingFeePercent}% restocking fee, plus the cost of custom work that cannot be reused`
        : "the cost of custom work that cannot be reused"
    }.`,
  };
}

/** "72-hour full refund, $500 fee before production, 25% restocking fee in production" (page descriptions). */
export function cancellationSummary(c: BusinessSettings["cancellation"]): string {
  return [
    c.fullRefundHours > 0 ? `${c.fullRefundHours}-hour full refund` : null,
    c.feeCents > 0 ? `${feeText(c.feeCents)} fee before production` : "full refund before production",
    c.restockingFeePercent > 0 ? `${c.restockingFeePercent}% restocking fee in production` : null,
  ]
    .filter(Boolean)
    .join(", ");
}

// one formatter per time zone: building an Intl.DateTimeFormat costs more than formatting with it
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "December 3, 2026": a calendar day (YYYY-MM-DD) as it is; an instant as the day it is in `timeZone`
 * (the shop's, America/Chicago unless the settings say otherwise).
 */
export function humanDate(value: string | Date, timeZone: string = "America/Chicago"): string {
  const day = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const zone = day ? "UTC" : timeZone;
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: zone });
    dateFormats.set(zone, format);
  }
  return format.format(day ? new Date(`${value}T12:00:00Z`) : new Date(value));
}
