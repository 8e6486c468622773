import { legacyRoiPayload, ROI_SLIDERS, type RoiInputs } from "@ch/api/contracts/roi";

export const defaultRoiInputs = (): RoiInputs => ({
  investment: ROI_SLIDERS.investment.initial,
  rentPerDay: ROI_SLIDERS.rentPerDay.initial,
  occupancyDays: ROI_SLIDERS.occupancyDays.initial,
  monthlyExpenses: ROI_SLIDERS.monthlyExpenses.initial,
});

/** POST /api/roi body: the old field names, with an empty e-mail sent as null. */
export function roiSavePayload(inputs: RoiInputs, email: string) {
  const { roi, paybackPeriod } = legacyRoiPayload(inputs);
  return {
    investment: inputs.investment,
    monthlyRent: inputs.rentPerDay,
    occupancy: inputs.occupancyDays,
    monthlyExpenses: inputs.monthlyExpenses,
    roi,
    paybackPeriod,
    email: email.trim() || null,
  };
}
