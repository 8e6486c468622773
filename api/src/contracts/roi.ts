// ROI math of the storefront spec, section 9. Shared by the calculator and the server.

export const ROI_SLIDERS = {
  investment: { min: 45_000, max: 500_000, step: 5_000, initial: 64_649 },
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

export interface RoiFigures {
  monthlyIncome: number;
  yearlyGain: number;
  /** Percent per year, unrounded. */
  roiPercent: number;
  /** Whole months until the net income repays the investment; 0 when the gain is not positive. */
  paybackMonths: number;
}

export function computeRoi({ investment, rentPerDay, occupancyDays, monthlyExpenses }: RoiInputs): RoiFigures {
  const monthlyIncome = Math.round(rentPerDay * occupancyDays);
  const yearlyGain = (monthlyIncome - monthlyExpenses) * 12;
  const roiPercent = investment > 0 ? (yearlyGain / investment) * 100 : 0;
  // The old screen showed investment / yearly gain (years) labelled "months"; its saved value (x 12)
  // was the real month count. We show and store real months (docs/decisions/0002-roi-payback-months.md).
  const paybackMonths = yearlyGain > 0 ? Math.round((investment / yearlyGain) * 12) : 0;
  return { monthlyIncome, yearlyGain, roiPercent, paybackMonths };
}

/** The values the old client sent to POST /api/roi: roi = percent x 100, paybackPeriod = (investment / gain) x 12. */
export function legacyRoiPayload(inputs: RoiInputs): { roi: number; paybackPeriod: number } {
  const figures = computeRoi(inputs);
  return { roi: Math.round(figures.roiPercent * 100), paybackPeriod: figures.paybackMonths };
}
