// Issue 23, item 7, at 375 and 1440 px: the ROI calculator's investment slider starts no higher than the
// cheapest published home (read from the catalog), a payback never reached reads as such, and the
// e-mail of a saved analysis says what the page says, money with its thousands separator.
import { emailReceived, expect, expectToast, oneWidthEach, test, viewportAt, WIDTHS } from "./fixtures";

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewportAt(width) });
    const mine = oneWidthEach(width);

    if (mine())
      test("the investment slider starts at or below the cheapest home", async ({ page }) => {
        const products = (await (await page.request.get("/api/products")).json()) as { price: number }[];
        const cheapest = Math.min(...products.map((p) => p.price).filter((price) => price > 0));
        await page.goto("/#calculator");
        const investment = page.getByLabel("Initial Investment");
        await expect(investment).toBeEnabled();
        const min = Number(await investment.getAttribute("min"));
        expect(min).toBeGreaterThan(0);
        expect(min).toBeLessThanOrEqual(cheapest);
        // the default is within the range, and the slider goes down to the minimum
        expect(Number(await investment.inputValue())).toBeGreaterThanOrEqual(min);
        await investment.focus();
        await page.keyboard.press("Home");
        await expect(investment).toHaveValue(String(min));
        await expect(page.locator("#calculator output").first()).toHaveText(`$${min.toLocaleString("en-US")}`);
        await page.locator("#calculator").screenshot({ path: `test-results/roi-slider-${width}.png` });
      });

    if (mine())
      test("a payback never reached reads so, on the page and in the e-mail", async ({ page }) => {
        await page.goto("/#calculator");
        const rent = page.getByLabel("Rent per Day");
        await expect(rent).toBeEnabled();
        // the lowest rent and occupancy with the highest expenses: $350 a month in, $1,500 out
        await rent.focus();
        await page.keyboard.press("Home");
        await page.getByLabel("Occupancy (days per month)").focus();
        await page.keyboard.press("Home");
        await page.getByLabel("Monthly Expenses").focus();
        await page.keyboard.press("End");
        await expect(page.getByTestId("roi-income")).toHaveText("$350");
        const payback = page.getByTestId("roi-payback");
        await expect(payback).toHaveText("Expected return: not reached at these figures");
        await expect(page.getByText(/^Net yearly gain -\$13,800 \(-?[\d.]+% per year\)$/)).toBeVisible();
        await page.locator("#calculator").screenshot({ path: `test-results/roi-never-${width}.png` });

        const address = `roi-walk-${width}@example.com`;
        await page.getByLabel("Email (optional)").fill(address);
        await page.getByRole("button", { name: "Save Analysis" }).click();
        await expectToast(page, "Analysis Saved");
        await expect.poll(async () => (await emailReceived(page)).filter((m) => m.to.includes(address)).length).toBe(1);
        const [mail] = (await emailReceived(page)).filter((m) => m.to.includes(address));
        expect(mail?.subject).toBe("Your ROI calculation");
        expect(mail?.text).toContain(await payback.textContent());
        expect(mail?.text).toContain("monthly expenses $1,500");
        expect(mail?.text).toContain("monthly rental income $350");
        expect(mail?.text).not.toMatch(/0 months|\$\d{4}/);
      });
  });
}
