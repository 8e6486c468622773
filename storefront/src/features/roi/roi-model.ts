import { legacyRoiPayload, type RoiInputs } from "@ch/contracts/roi";

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
