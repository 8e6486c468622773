// The settings' text and the deposit arithmetic, as every page, e-mail and order uses them.

import {
  formatDays,
  formatTime,
  formatWeeks,
  hoursRows,
  hoursSentence,
  schemaOrgHours,
} from "@ch/contracts/business-facts";
import { describePage, staticPageMeta } from "@ch/contracts/seo";
import { businessSettingsInput } from "@ch/contracts/settings";
import { splitDeposit } from "@ch/contracts/totals";
import { describe, expect, it } from "vitest";
import { loadEnv } from "../src/env";
import { priceOrder } from "../src/modules/pricing/engine";
import { defaultSettings } from "../src/modules/settings/settings.service";

describe("splitDeposit", () => {
  it("splits a total into the deposit now and the balance on delivery", () => {
    expect(splitDeposit(9_563_056, 50)).toEqual({
      depositPercent: 50,
      depositCents: 4_781_528,
      balanceCents: 4_781_528,
    });
    expect(splitDeposit(10_001, 30)).toEqual({ depositPercent: 30, depositCents: 3_000, balanceCents: 7_001 });
    // half a cent rounds up on the deposit; the balance takes the rest
    expect(splitDeposit(101, 50)).toEqual({ depositPercent: 50, depositCents: 51, balanceCents: 50 });
    expect(splitDeposit(4_511_628, 100)).toEqual({ depositPercent: 100, depositCents: 4_511_628, balanceCents: 0 });
    expect(splitDeposit(0, 50)).toEqual({ depositPercent: 50, depositCents: 0, balanceCents: 0 });
  });

  it("never loses or invents a cent, for any total and percent", () => {
    const wrong: string[] = [];
    for (let total = 0; total < 3_000; total += 7) {
      for (let percent = 1; percent <= 100; percent++) {
        const { depositCents, balanceCents } = splitDeposit(total, percent);
        const ok =
          depositCents + balanceCents === total &&
          Number.isInteger(depositCents) &&
          depositCents >= 0 &&
          balanceCents >= 0 &&
          Math.abs(depositCents - (total * percent) / 100) <= 0.5;
        if (!ok) wrong.push(`${total} @ ${percent}% → ${depositCents} + ${balanceCents}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("splits a real order total the way checkout shows it", () => {
    // The Dallas ($86,232.00) delivered within 100 miles in Texas: + $1,500.00 delivery, 6.25 % on both
    // (538,950 + 9,375 = 548,325) = $93,215.25; a 40 % deposit is $37,286.10
    const { totalCents } = priceOrder({
      lines: [
        { kind: "product", refId: 4, name: "The Dallas", unitPriceCents: 8_623_200, quantity: 1, taxClass: "general" },
      ],
      discountCents: 0,
      delivery: { label: "Up to 100 miles", feeCents: 150_000, perUnit: false },
      taxState: "TX",
      rates: { general: 625, delivery: 625 },
      depositPercent: 50,
    });
    expect(totalCents).toBe(9_321_525);
    expect(splitDeposit(totalCents, 40)).toMatchObject({ depositCents: 3_728_610, balanceCents: 5_592_915 });
  });
});

describe("settings text", () => {
  const settings = defaultSettings(loadEnv({}));

  it("formats hours in the business's own time zone", () => {
    expect(formatTime("08:00")).toBe("8:00 AM");
    expect(formatTime("12:30")).toBe("12:30 PM");
    expect(formatTime("00:15")).toBe("12:15 AM");
    expect(formatDays(["Friday", "Monday", "Tuesday", "Wednesday", "Thursday"])).toBe("Monday - Friday");
    expect(formatDays(["Monday", "Wednesday", "Thursday"], true)).toBe("Mon, Wed, Thu");
    expect(formatDays(["Saturday", "Sunday"])).toBe("Saturday and Sunday");
    expect(hoursSentence(settings, true)).toBe("Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM (Central Time)");
    expect(hoursRows(settings.openingHours)).toEqual([
      { days: "Monday - Friday", hours: "8:00 AM - 6:00 PM" },
      { days: "Saturday", hours: "9:00 AM - 4:00 PM" },
    ]);
    expect(schemaOrgHours(settings.openingHours)).toEqual(["Mo-Fr 08:00-18:00", "Sa 09:00-16:00"]);
    expect(
      schemaOrgHours([{ days: ["Sunday", "Monday", "Wednesday", "Thursday"], opens: "10:00", closes: "12:00" }]),
    ).toEqual(["Mo,We-Th,Su 10:00-12:00"]);
    expect(formatWeeks({ minWeeks: 6, maxWeeks: 8 })).toBe("6-8 weeks");
    expect(formatWeeks({ minWeeks: 8, maxWeeks: 8 })).toBe("8 weeks");
  });

  it("the defaults are valid, and the pages' fixed descriptions say what the default settings say", () => {
    expect(businessSettingsInput.parse(settings)).toEqual(settings);
    const site = { siteUrl: "https://example.test", business: settings };
    for (const path of ["/contact", "/terms-of-service", "/return-policy", "/services/warranty-support"]) {
      const meta = staticPageMeta(path)!;
      expect(describePage(meta, site), path).toBe(meta.description);
      expect(meta.description.length, path).toBeLessThanOrEqual(160);
    }
    const changed = { ...settings, warranty: { ...settings.warranty, structuralYears: 12 }, depositPercent: 30 };
    expect(describePage(staticPageMeta("/services/warranty-support")!, { ...site, business: changed })).toMatch(
      /^12-year structural/,
    );
    expect(describePage(staticPageMeta("/terms-of-service")!, { ...site, business: changed })).toContain("30% deposit");
  });
});
