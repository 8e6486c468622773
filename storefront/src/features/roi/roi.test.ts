import {
  clampToRange,
  computeRoi,
  defaultRoiInputs,
  investmentRange,
  legacyRoiPayload,
  paybackText,
  percentText,
  ROI_INPUT_TEXT,
  ROI_SLIDERS,
  roiDollars,
  roiSummary,
  yearlyGainText,
} from "@ch/contracts/roi";
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

  it("starts the investment slider at the cheapest priced home, rounded down to the step", () => {
    // the seed's cheapest home is $38,950; 0 is "priced on request" and does not count
    const range = investmentRange([43_116, 0, 38_950, 289_999]);
    expect(range).toEqual({ min: 35_000, max: ROI_SLIDERS.investment.max, step: ROI_SLIDERS.investment.step });
    expect(range.min).toBeLessThanOrEqual(38_950);
    expect(investmentRange([120_000.5]).min).toBe(120_000);
    // no priced home (or the catalog not loaded): the bounds the server accepts
    expect(investmentRange([])).toMatchObject({ min: ROI_SLIDERS.investment.min });
    expect(investmentRange([0])).toMatchObject({ min: ROI_SLIDERS.investment.min });
    // the default stays when it fits and moves to the nearest end when it does not
    expect(clampToRange(ROI_SLIDERS.investment.initial, range)).toBe(64_649);
    expect(clampToRange(ROI_SLIDERS.investment.initial, investmentRange([120_000]))).toBe(120_000);
  });

  it("pays back in at least one month when there is a gain", () => {
    expect(
      computeRoi({ investment: 5_000, rentPerDay: 500, occupancyDays: 29, monthlyExpenses: 200 }).paybackMonths,
    ).toBe(1);
  });

  it("words the figures once, for the page and the e-mail", () => {
    expect(paybackText(computeRoi(defaultRoiInputs()))).toBe("Expected return: 14 months");
    expect(paybackText({ ...computeRoi(defaultRoiInputs()), paybackMonths: 1 })).toBe("Expected return: 1 month");
    expect(paybackText({ ...computeRoi(defaultRoiInputs()), paybackMonths: 12_345 })).toBe(
      "Expected return: 12,345 months",
    );
    const never = computeRoi({ investment: 45_000, rentPerDay: 50, occupancyDays: 7, monthlyExpenses: 1_500 });
    expect(paybackText(never)).toBe("Expected return: not reached at these figures");
    expect(roiDollars(1_500)).toBe("$1,500");
    expect(roiDollars(-13_800)).toBe("-$13,800");
    expect(ROI_INPUT_TEXT.occupancyDays(18)).toBe("18 days");
    expect(percentText(88.17)).toBe("88.2%");
    expect(percentText(-0.02)).toBe("0.0%");
    expect(percentText(-30.67)).toBe("-30.7%");
    expect(percentText(1234.56)).toBe("1,234.6%");
    expect(yearlyGainText(never)).toBe("Net yearly gain -$13,800 (-30.7% per year)");
    expect(roiSummary({ investment: 45_000, rentPerDay: 50, occupancyDays: 7, monthlyExpenses: 1_500 })).toBe(
      "Initial investment $45,000, rent per day $50, occupancy 7 days per month, monthly expenses $1,500, " +
        "monthly rental income $350. Expected return: not reached at these figures. " +
        "Net yearly gain -$13,800 (-30.7% per year).",
    );
  });
});
