// The business settings: the facts every page, chat reply, policy, e-mail and structured-data block
// shows (company details, opening hours, warranty, lead times, deposit, social links). One schema for
// the API (GET/PUT /api/admin/settings, tRPC settings.*) and the back office's form; the formatters
// below are the only way the apps turn them into text. No server imports: the apps bundle this file.
import { z } from "zod";
import { email, phone, requiredText, zipCode } from "./fields";

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The time zones a Texas business may state its hours in, with the label shown next to the hours. */
export const TIME_ZONES = {
  "America/Chicago": "Central Time",
  "America/Denver": "Mountain Time",
  "America/New_York": "Eastern Time",
  "America/Los_Angeles": "Pacific Time",
  "America/Phoenix": "Arizona Time",
} as const;
export type TimeZoneId = keyof typeof TIME_ZONES;
const TIME_ZONE_IDS = Object.keys(TIME_ZONES) as [TimeZoneId, ...TimeZoneId[]];

const time = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time as HH:MM (24-hour clock)");

const openingHoursRow = z
  .strictObject({
    days: z.array(z.enum(WEEKDAYS)).min(1, "pick at least one day").max(7),
    opens: time(),
    closes: time(),
  })
  .refine((row) => row.opens < row.closes, { message: "must be later than the opening time", path: ["closes"] });

const years = (label: string) =>
  z
    .number({ error: `${label} must be a number of years` })
    .int("must be a whole number of years")
    .min(0, "must be 0 or more")
    .max(50, "must be at most 50");

const weeks = () =>
  z
    .number({ error: "must be a number of weeks" })
    .int("must be a whole number of weeks")
    .min(1, "must be at least 1 week")
    .max(104, "must be at most 104 weeks");

const weeksRange = () =>
  z
    .strictObject({ minWeeks: weeks(), maxWeeks: weeks() })
    .refine((r) => r.minWeeks <= r.maxWeeks, { message: "must not be less than the minimum", path: ["maxWeeks"] });

const socialUrl = () =>
  z
    .union([
      z.literal(""),
      z.null(),
      z
        .string()
        .trim()
        .max(300, "must be at most 300 characters")
        .pipe(z.url({ protocol: /^https$/, error: "must be a full https:// address" })),
    ])
    .optional()
    .transform((v) => (v ? v : null));

export const businessSettingsInput = z.strictObject({
  company: z.strictObject({
    name: requiredText(120, "company name"),
    phone: phone(),
    email: email(),
    street: requiredText(200, "street"),
    city: requiredText(100, "city"),
    region: requiredText(40, "region"),
    postalCode: zipCode(),
    latitude: z.number({ error: "must be a number" }).min(-90, "must be -90 to 90").max(90, "must be -90 to 90"),
    longitude: z.number({ error: "must be a number" }).min(-180, "must be -180 to 180").max(180, "must be -180 to 180"),
  }),
  openingHours: z
    .array(openingHoursRow)
    .max(7, "at most 7 rows")
    .refine((rows) => new Set(rows.flatMap((r) => r.days)).size === rows.flatMap((r) => r.days).length, {
      message: "each day may appear in one row only",
    }),
  timeZone: z.enum(TIME_ZONE_IDS, { error: "must be one of the listed time zones" }),
  warranty: z.strictObject({
    structuralYears: years("structural warranty"),
    systemsYears: years("systems warranty"),
    finishYears: years("finish warranty"),
    installationYears: years("installation warranty"),
  }),
  /** Weeks of production in the factory. */
  production: weeksRange(),
  /** Weeks from the order to the home on site. */
  delivery: weeksRange(),
  /** Part of the order total paid when the order is placed; the rest is due on delivery. */
  depositPercent: z
    .number({ error: "must be a number" })
    .int("must be a whole percent")
    .min(1, "must be 1 to 100")
    .max(100, "must be 1 to 100"),
  social: z.strictObject({
    facebook: socialUrl(),
    instagram: socialUrl(),
    youtube: socialUrl(),
    linkedin: socialUrl(),
  }),
});
export type BusinessSettingsInput = z.input<typeof businessSettingsInput>;
export type BusinessSettings = z.output<typeof businessSettingsInput>;

/** The settings with the time of their last change, as the back office reads them. */
export type BusinessSettingsDto = BusinessSettings & { updatedAt: string | null };

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
export type SiteConfig = Omit<BusinessSettings, "social"> & {
  social: { name: string; url: string }[];
  usdtWalletAddress: string;
  gaMeasurementId: string | null;
  siteUrl: string;
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
