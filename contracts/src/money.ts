// Money on the admin API, in webhooks and in the events feed: whole minor units and the currency, as
// Stripe has it ({ amount: 4906528, currency: "USD" }). The spec's public paths keep their dollar fields.
//
// Contract schemas mark each money field with the unit it holds where the services produce it (`dollars`,
// `cents`, `usdt`); the API's edge turns a marked field into the money form for the versions that have it
// (api/src/lib/money-form.ts), and the OpenAPI document states it as a `Money` there.
import { z } from "zod";
import { int } from "./responses";

export const CURRENCY = "USD";
export const CURRENCIES = ["USD", "USDT"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Minor units per whole unit: cents for USD; USDT (TRC-20) carries 6 decimals. */
export const MINOR_UNITS: Record<Currency, number> = { USD: 100, USDT: 1_000_000 };

/** How a marked field holds its amount before the money form: US dollars, whole US cents, or USDT decimal text. */
export type MoneyUnit = "dollars" | "cents" | "usdt";
export const MONEY_UNIT = "x-money-unit";

/** Marks a field as money held in `unit` (a request field keeps its own checks). */
export const asMoney = <S extends z.ZodType>(schema: S, unit: MoneyUnit): S => schema.meta({ [MONEY_UNIT]: unit });

/** A figure in US dollars (the spec's public shapes). */
export const inDollars = () => asMoney(z.number(), "dollars").describe("US dollars");
/** A figure in whole US cents. */
export const inCents = () => asMoney(int(), "cents").describe("Whole US cents");
/** An exact USDT amount as decimal text ("21558.004217"). */
export const inUsdt = () => asMoney(z.string(), "usdt").describe('An exact USDT amount ("21558.004217")');

/** The unit a schema was marked with, if any. */
export function moneyUnitOf(schema: z.ZodType): MoneyUnit | undefined {
  const unit = z.globalRegistry.get(schema)?.[MONEY_UNIT];
  return unit === "dollars" || unit === "cents" || unit === "usdt" ? unit : undefined;
}

/** A money field's name in the money form: a `…Cents` name loses its suffix (`unitPriceCents` → `unitPrice`). */
export const moneyFieldName = (name: string, unit: MoneyUnit): string =>
  unit === "cents" && /[a-z]Cents$/.test(name) ? name.slice(0, -"Cents".length) : name;

/** The money form of an answer. */
export const moneyDto = z
  .object({
    amount: int().describe("Whole minor units: cents for USD, millionths for USDT; negative for a refund"),
    currency: z.enum(CURRENCIES),
  })
  .describe("An amount of money: whole minor units and the currency");
export type Money = z.infer<typeof moneyDto>;

/** The money form of a request field: whole US cents. */
export const moneyAmount = z.strictObject({
  amount: z
    .number()
    .int("must be whole cents (an integer number of minor units)")
    .min(0, "must not be negative")
    .max(100_000_000_000, "must be at most 100000000000 cents"),
  currency: z.literal(CURRENCY, { error: `must be ${CURRENCY}` }),
});

export const money = (cents: number): Money => ({ amount: cents, currency: CURRENCY });

/** USDT decimal text as whole millionths, exactly ("21558.004217" → 21558004217); undefined when it is not such text. */
export function usdtMinorUnits(text: string): number | undefined {
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ""] = match;
  const units = Number(whole) * MINOR_UNITS.USDT + Number(fraction.padEnd(6, "0"));
  return Number.isSafeInteger(units) ? (sign ? -units : units) : undefined;
}

/** Whole millionths as USDT decimal text with its 6 decimals. */
export function usdtText(units: number): string {
  const sign = units < 0 ? "-" : "";
  const abs = Math.abs(units);
  return `${sign}${Math.floor(abs / MINOR_UNITS.USDT)}.${String(abs % MINOR_UNITS.USDT).padStart(6, "0")}`;
}
