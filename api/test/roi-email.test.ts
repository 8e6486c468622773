// Issue 23, item 7: the ROI e-mail says what the calculator says. Its figures are worded by the same
// functions the page uses (contracts/roi.ts): a payback never reached reads as on the page, never
// "payback 0 months", and money is written as the shop writes it ("$1,500", not "$1500/month").

import { computeRoi, paybackText, yearlyGainText } from "@ch/contracts/roi";
import { schema } from "@ch/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApps, type TestApps } from "./harness";

const { notifications } = schema;
let apps: TestApps;

beforeAll(async () => {
  apps = await startTestApps({ env: { SMTP_URL: "smtp://127.0.0.1:9" } });
}, 120_000);

afterAll(async () => {
  await apps?.close();
});

describe("the ROI e-mail", () => {
  it("says the payback is not reached, as the page does, and writes $1,500 with its separator", async () => {
    const inputs = { investment: 45_000, rentPerDay: 50, occupancyDays: 7, monthlyExpenses: 1_500 };
    const figures = computeRoi(inputs);
    expect(figures.paybackMonths).toBe(0);
    const res = await apps.storefront.inject({
      method: "POST",
      url: "/api/roi",
      payload: {
        investment: 45_000,
        monthlyRent: 50,
        occupancy: 7,
        monthlyExpenses: 1_500,
        email: "never@example.com",
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ monthlyIncome: 350, paybackMonths: 0 });

    const [mail] = await apps.db.handle.db
      .select({ subject: notifications.subject, bodyText: notifications.bodyText, bodyHtml: notifications.bodyHtml })
      .from(notifications)
      .where(and(eq(notifications.channel, "email"), eq(notifications.recipient, "never@example.com")));
    expect(mail?.subject).toBe("Your ROI calculation");
    const text = mail!.bodyText;
    // the page's own words for the same figures
    expect(text).toContain("Expected return: not reached at these figures");
    expect(text).toContain(paybackText(figures));
    expect(text).toContain(yearlyGainText(figures));
    expect(text).toContain("Net yearly gain -$13,800 (-30.7% per year)");
    expect(text).not.toMatch(/payback 0|0 months/i);
    // money as the shop writes it
    expect(text).toContain("monthly expenses $1,500");
    expect(text).toContain("Initial investment $45,000");
    expect(text).toContain("monthly rental income $350");
    expect(text).not.toMatch(/\$\d{4}/);
    expect(mail!.bodyHtml).toContain("Expected return: not reached at these figures");
    expect(mail!.bodyHtml).toContain("$1,500");
  });

  it("quotes a reached payback in months, as the page does", async () => {
    const res = await apps.storefront.inject({
      method: "POST",
      url: "/api/roi",
      payload: { investment: 64_649, monthlyRent: 275, occupancy: 18, monthlyExpenses: 200, email: "dee@example.com" },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await apps.db.handle.db
      .select({ bodyText: notifications.bodyText })
      .from(notifications)
      .where(and(eq(notifications.channel, "email"), eq(notifications.recipient, "dee@example.com")));
    expect(mail!.bodyText).toContain("Initial investment $64,649, rent per day $275, occupancy 18 days per month");
    expect(mail!.bodyText).toContain("monthly rental income $4,950. Expected return: 14 months.");
    expect(mail!.bodyText).toContain("Net yearly gain $57,000 (88.2% per year)");
  });
});
