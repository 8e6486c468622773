// The business settings: the facts every page, chat reply, policy, e-mail and structured-data block
// shows (company details, opening hours, warranty, lead times, cancellation terms, deposit, the bank
// account for transfers, social links). One schema for
// the API (GET/PUT /api/admin/settings, tRPC settings.*) and the back office's form; their text is
// made by ./business-facts (kept free of zod for the storefront). No server imports.
import { z } from "zod";
import { TIME_ZONES, type TimeZoneId, WEEKDAYS } from "./calendar";
import { email, phone, requiredText, text, zipCode } from "./fields";
import { asMoney } from "./money";
import { paymentSchedule } from "./payment-schedule";
import { instant } from "./responses";

const TIME_ZONE_IDS = Object.keys(TIME_ZONES) as [TimeZoneId, ...TimeZoneId[]];

const time = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time as HH:MM (24-hour clock)");

const openingHoursRow = z
  .strictObject({
    days: z.array(z.enum(WEEKDAYS)).min(1, "pick at least one day").max(7),
    opens: time(),
    closes: time(),
  })
  .refine((row) => row.opens < row.closes, { message: "must be later than the opening time", path: ["closes"] });

type Bound = [number, string];

/** A whole number within its bounds; each message names one way to miss it (no number, not whole, too small, too large). */
const wholeNumber = (notNumber: string, notWhole: string, [min, tooSmall]: Bound, [max, tooLarge]: Bound) =>
  z.number({ error: notNumber }).int(notWhole).min(min, tooSmall).max(max, tooLarge);

/** A whole number of `unit`; `field` names the field in the message for a value that is no number. */
const wholeUnits = (unit: string, min: Bound, max: Bound, field?: string) =>
  wholeNumber(`${field ? `${field} ` : ""}must be a number of ${unit}`, `must be a whole number of ${unit}`, min, max);

const years = (field: string) => wholeUnits("years", [0, "must be 0 or more"], [50, "must be at most 50"], field);

const weeks = () => wholeUnits("weeks", [1, "must be at least 1 week"], [104, "must be at most 104 weeks"]);

const weeksRange = () =>
  z
    .strictObject({ minWeeks: weeks(), maxWeeks: weeks() })
    .refine((r) => r.minWeeks <= r.maxWeeks, { message: "must not be less than the minimum", path: ["maxWeeks"] });

const hours = () => wholeUnits("hours", [0, "must be 0 or more"], [720, "must be at most 720 hours (30 days)"]);

/** A whole percent from `min` to 100. */
const percent = (min: number) =>
  wholeNumber(
    "must be a number",
    "must be a whole percent",
    [min, `must be ${min} to 100`],
    [100, `must be ${min} to 100`],
  );

/** Where the delivery window is counted from: the day the deposit arrives, or the day of the order. */
export const DELIVERY_STARTS = ["deposit", "order"] as const;

/** An ABA routing number: 9 digits whose weighted sum (3, 7, 1, …) is a multiple of 10. */
export function validRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = [0, 3, 6].reduce((s, i) => s + 3 * d[i]! + 7 * d[i + 1]! + d[i + 2]!, 0);
  return sum % 10 === 0;
}

const BANK_FIELDS = ["bankName", "accountName", "routingNumber", "accountNumber"] as const;

/** Where customers send a bank transfer: each detail empty until the owner gives it (all four, or none). */
const bankTransfer = z
  .strictObject({
    bankName: text(100),
    accountName: text(100),
    routingNumber: text(20)
      .transform((v) => v.replace(/[\s-]/g, ""))
      .refine((v) => v === "" || validRoutingNumber(v), "must be a 9-digit ABA routing number"),
    accountNumber: text(30)
      .transform((v) => v.replace(/[\s-]/g, ""))
      .refine((v) => v === "" || /^\d{4,17}$/.test(v), "must be 4 to 17 digits"),
  })
  .superRefine((bank, ctx) => {
    // all four or none: a customer must never read half an account
    if (BANK_FIELDS.every((k) => bank[k] === "")) return;
    for (const k of BANK_FIELDS) {
      if (bank[k] === "") {
        ctx.addIssue({ code: "custom", path: [k], message: "is required once any bank detail is given" });
      }
    }
  });

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
  /** Weeks to the home on site, counted from the deposit or from the order (`countedFrom`). */
  delivery: z
    .strictObject({
      minWeeks: weeks(),
      maxWeeks: weeks(),
      countedFrom: z.enum(DELIVERY_STARTS, { error: "must be deposit or order" }),
    })
    .refine((r) => r.minWeeks <= r.maxWeeks, { message: "must not be less than the minimum", path: ["maxWeeks"] }),
  /**
   * The cancellation terms every policy page, checkout and e-mail states: a full refund within
   * `fullRefundHours` of the order; after that, until production starts, the refund less `feeCents`; once
   * production has started, a cancellation the business agrees to costs `restockingFeePercent` of the total.
   */
  cancellation: z.strictObject({
    fullRefundHours: hours(),
    feeCents: asMoney(
      wholeNumber(
        "must be an amount in cents",
        "must be whole cents",
        [0, "must be 0 or more"],
        [10_000_000, "must be at most $100,000"],
      ),
      "cents",
    ),
    restockingFeePercent: percent(0),
  }),
  /** Where customers send a bank transfer; shown on their order's pages and e-mails only (never in /api/config). */
  bankTransfer,
  /** Part of the order total paid when the order is placed; the rest is due on delivery. */
  depositPercent: percent(1),
  /**
   * The default payment schedule of orders and proposals; null: the deposit on acceptance and the rest on
   * delivery. When set, its first milestone's percent is the deposit percent (the server keeps them equal).
   */
  paymentSchedule: paymentSchedule.nullable().default(null),
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
/** The answer of GET and PUT /api/admin/settings: the stored settings (never seen → defaults, updatedAt null). */
export const businessSettingsDto = businessSettingsInput.extend({
  paymentSchedule: paymentSchedule.nullable(),
  updatedAt: instant().nullable(),
});

/** The answer of GET /api/config: what the storefront knows about the business (SiteConfig in ./business-facts). */
export const siteConfigDto = businessSettingsInput.omit({ social: true, bankTransfer: true }).extend({
  paymentSchedule: paymentSchedule.nullable(),
  social: z.array(z.object({ name: z.string(), url: z.string() })),
  /** Whether the owner has given the bank details (the details themselves are on the customer's order only). */
  bankTransferReady: z.boolean(),
  usdtWalletAddress: z.string().nullable(),
  gaMeasurementId: z.string().nullable(),
  siteUrl: z.string(),
  telegramForwarding: z.boolean(),
});
