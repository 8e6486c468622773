// ROI math of the storefront spec, section 9, and its figures in words. Shared by the calculator, the
// server's ROI e-mail and the chat, so that the page and the e-mail never say different things.
import { feeText } from "./business-facts";

export const ROI_SLIDERS = {
  // min is the lowest investment the server accepts; the calculator's own minimum is the cheapest
  // published home's price (investmentRange), so the slider never starts above what a home costs.
  investment: { min: 5_000, max: 500_000, step: 5_000, initial: 64_649 },
  rentPerDay: { min: 50, max: 500, step: 25, initial: 275 },
  occupancyDays: { min: 7, max: 29, step: 1, initial: 18 },
  // The old default (50) sat below the slider's minimum; the calculator starts at the minimum.
  monthlyExpenses: { min: 200, max: 1_500, step: 50, initial: 200 },
} as const;

export interface RoiInputs {
  investment: number;
  rentPerDay: number;
  occupancyDays: number;
  monthlyExpenses: number;
}

/** The calculator's starting values (the sliders' initial positions); the chat quotes what they compute. */
export const defaultRoiInputs = (): RoiInputs => ({
  investment: ROI_SLIDERS.investment.initial,
  rentPerDay: ROI_SLIDERS.rentPerDay.initial,
  occupancyDays: ROI_SLIDERS.occupancyDays.initial,
  monthlyExpenses: ROI_SLIDERS.monthlyExpenses.initial,
});

export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

/**
 * The investment slider's range for a catalog's prices (US dollars; 0 is "priced on request"): it starts
 * at the cheapest priced home rounded down to the step. Without a priced home, the server's bounds.
 */
export function investmentRange(prices: readonly number[]): SliderRange {
  const { min, max, step } = ROI_SLIDERS.investment;
  const priced = prices.filter((p) => p > 0);
  if (priced.length === 0) return { min, max, step };
  const cheapest = Math.floor(Math.min(...priced) / step) * step;
  return { min: Math.min(max, Math.max(min, cheapest)), max, step };
}

export const clampToRange = (value: number, range: SliderRange): number =>
  Math.min(range.max, Math.max(range.min, value));

export interface RoiFigures {
  monthlyIncome: number;
  yearlyGain: number;
  /** Percent per year, unrounded. */
  roiPercent: number;
  /** Whole months (at least 1) until the net income repays the investment; 0 when it never does. */
  paybackMonths: number;
}

export function computeRoi({ investment, rentPerDay, occupancyDays, monthlyExpenses }: RoiInputs): RoiFigures {
  const monthlyIncome = Math.round(rentPerDay * occupancyDays);
  const yearlyGain = (monthlyIncome - monthlyExpenses) * 12;
  const roiPercent = investment > 0 ? (yearlyGain / investment) * 100 : 0;
  // The old screen showed investment / yearly gain (years) labelled "months"; its saved value (x 12)
  // was the real month count. We show and store real months (docs/decisions/0002-roi-payback-months.md).
  // A payback under half a month is 1 month: 0 means "never".
  const paybackMonths = yearlyGain > 0 ? Math.max(1, Math.round((investment / yearlyGain) * 12)) : 0;
  return { monthlyIncome, yearlyGain, roiPercent, paybackMonths };
}

/** The values the old client sent to POST /api/roi: roi = percent x 100, paybackPeriod = (investment / gain) x 12. */
export function legacyRoiPayload(inputs: RoiInputs): { roi: number; paybackPeriod: number } {
  const figures = computeRoi(inputs);
  return { roi: Math.round(figures.roiPercent * 100), paybackPeriod: figures.paybackMonths };
}

// ---- the figures in words: one wording for the page and the e-mail ------------------------------

const grouped = (n: number): string => String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Whole dollars as the shop writes money (the e-mails' fee formatter, in cents): "$1,500", "-$4,800". */
export const roiDollars = (dollars: number): string => {
  const cents = Math.round(dollars * 100);
  return cents < 0 ? `-${feeText(-cents)}` : feeText(cents);
};

/** How each input reads: "$64,649", "$275", "18 days", "$200". */
export const ROI_INPUT_TEXT: Record<keyof RoiInputs, (n: number) => string> = {
  investment: roiDollars,
  rentPerDay: roiDollars,
  occupancyDays: (n) => `${grouped(n)} ${n === 1 ? "day" : "days"}`,
  monthlyExpenses: roiDollars,
};

/** "Expected return: 14 months", or that the investment is never paid back at these figures. */
export function paybackText(figures: RoiFigures): string {
  const months = figures.paybackMonths;
  return months > 0
    ? `Expected return: ${grouped(months)} ${months === 1 ? "month" : "months"}`
    : "Expected return: not reached at these figures";
}

/** "88.2%": one decimal, grouped, never "-0.0%". */
export function percentText(percent: number): string {
  const tenths = Math.round(percent * 10);
  const text = `${grouped(Math.trunc(tenths / 10))}.${Math.abs(tenths % 10)}`;
  return `${tenths < 0 ? "-" : ""}${text}%`;
}

/** "Net yearly gain $57,000 (88.2% per year)". */
export const yearlyGainText = (figures: RoiFigures): string =>
  `Net yearly gain ${roiDollars(figures.yearlyGain)} (${percentText(figures.roiPercent)} per year)`;

/**
 * The calculation as the e-mail and the staff message quote it: the page's labels and wording, one
 * line (the e-mail's HTML part keeps it in one paragraph).
 */
export function roiSummary(inputs: RoiInputs): string {
  const figures = computeRoi(inputs);
  return [
    `Initial investment ${ROI_INPUT_TEXT.investment(inputs.investment)}`,
    `rent per day ${ROI_INPUT_TEXT.rentPerDay(inputs.rentPerDay)}`,
    `occupancy ${ROI_INPUT_TEXT.occupancyDays(inputs.occupancyDays)} per month`,
    `monthly expenses ${ROI_INPUT_TEXT.monthlyExpenses(inputs.monthlyExpenses)}`,
    `monthly rental income ${roiDollars(figures.monthlyIncome)}.`,
  ]
    .join(", ")
    .concat(` ${paybackText(figures)}. ${yearlyGainText(figures)}.`);
}
