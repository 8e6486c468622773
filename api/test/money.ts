// Money in the tests: the money form of the admin API (contracts/money.ts) and the version before it,
// which files that check business rules through its dollar figures pin (served for 12 months).
import { type Money, money } from "@ch/contracts/money";

export const LEGACY_API_VERSION = "2026-11-28" as const;

/** Dollars to the cent as the money form states them. */
export const usd = (dollars: number): Money => money(Math.round(dollars * 100));

/** A money-form amount in dollars, for comparing with a dollar figure. */
export const dollarsOf = (amount: Money): number => amount.amount / 100;
