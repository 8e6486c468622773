import { computeRoi, defaultRoiInputs, legacyRoiPayload, ROI_SLIDERS } from "@ch/api/contracts/roi";
import { describe, expect, it } from "vitest";
import { roiSavePayload } from "./roi-model";

describe("ROI calculator model", () => {
  it("starts at the spec's defaults, with expenses at the slider minimum", () => {
    expect(defaultRoiInputs()).toEqual({
      investment: 64_649,
      rentPerDay: 275,
      occupancyDays: 18,
      monthlyExpenses: 200,
    });
    expect(ROI_SLIDERS.monthlyExpenses.min).toBe(200);
  });

  it("computes the default figures", () => {
    const figures = computeRoi(defaultRoiInputs());
    expect(figures.monthlyIncome).toBe(4950);
    expect(figures.yearlyGain).toBe((4950 - 200) * 12);
    expect(figures.paybackMonths).toBe(14);
  });

  it("gives 0 months when there is no gain and 0 percent with no investment", () => {
    expect(
      computeRoi({ investment: 45_000, rentPerDay: 50, occupancyDays: 7, monthlyExpenses: 1500 }).paybackMonths,
    ).toBe(0);
    expect(computeRoi({ investment: 0, rentPerDay: 50, occupancyDays: 7, monthlyExpenses: 200 }).roiPercent).toBe(0);
  });

  it("builds the saved payload with an empty e-mail as null", () => {
    const inputs = defaultRoiInputs();
    const legacy = legacyRoiPayload(inputs);
    expect(roiSavePayload(inputs, "  ")).toEqual({
      investment: 64_649,
      monthlyRent: 275,
      occupancy: 18,
      monthlyExpenses: 200,
      roi: legacy.roi,
      paybackPeriod: 14,
      email: null,
    });
    expect(roiSavePayload(inputs, "a@b.co").email).toBe("a@b.co");
    expect(legacy.roi).toBe(Math.round(((4750 * 12) / 64_649) * 100 * 100));
  });
});
