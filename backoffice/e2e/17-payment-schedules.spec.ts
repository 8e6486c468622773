// Payment schedules in the back office (issue 26 item 4). The owner switches the settings from a deposit and
// the balance to milestones, is told at the fields what is wrong with a first try (percents that add up to
// 90, a stage before the one above it), and saves 30 / 40 / 30; an order placed then shows each invoice by
// its name and when it falls due. A proposal starts from that schedule, gets its own (20 / 50 / 30), and the
// running total, the saved figures and the editor opened again all show it. The settings section and the
// proposal editor are photographed at 375 and 1440 px (test-results/, not committed) and may not scroll sideways.
import type { Locator, Page } from "@playwright/test";
import { keepBusinessSettings, WIDTHS } from "../../storefront/e2e/fixtures";
import { expect, expectToast, placeOrder, signIn, test } from "./helpers";

test.describe.configure({ mode: "serial" });
keepBusinessSettings();

/** The section at each width, photographed; the page may not scroll sideways. */
async function photographAtBothWidths(page: Page, section: Locator, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollWidth),
      `${name} at ${width} px`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const milestone = (scope: Locator, n: number) => scope.getByRole("group", { name: `Milestone ${n}`, exact: true });

/** Types a milestone's row: its name, percent and the stage it falls due at (the select's words). */
async function fillMilestone(scope: Locator, n: number, label: string, percent: number, due: string) {
  const row = milestone(scope, n);
  await row.getByRole("textbox", { name: "Name" }).fill(label);
  await row.getByRole("spinbutton", { name: "Percent (%)" }).fill(String(percent));
  await row.getByRole("combobox", { name: "Due" }).selectOption({ label: due });
}

test("settings: milestones refused at their fields, then 30 / 40 / 30 saved; an order's invoices say when each is due", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/settings");
  const section = page.getByRole("group", { name: "Payment schedule" });
  await expect(section.getByRole("radio", { name: "Deposit and balance" })).toBeChecked();
  await expect(section.getByTestId("schedule-example")).toContainText("On a $100,000.00 order: Deposit $");

  // milestones start from the deposit and the balance; a third row, and a first try that is wrong twice
  await section.getByRole("radio", { name: "Milestones" }).check();
  await expect(milestone(section, 2).getByRole("textbox", { name: "Name" })).toHaveValue("Balance");
  await section.getByRole("button", { name: "Add milestone" }).click();
  await fillMilestone(section, 1, "Deposit", 30, "on acceptance");
  await fillMilestone(section, 2, "Production start", 40, "at production start");
  await fillMilestone(section, 3, "Balance", 20, "on acceptance");
  await expect(section.getByTestId("schedule-sum")).toHaveText(
    "The percents add up to 90 % (they must add up to 100).",
  );
  await expect(section.getByTestId("schedule-example")).toHaveCount(0);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Check the Form");
  await expect(section.getByTestId("schedule-problem")).toHaveText("the percents add up to 90, not 100");
  const due = milestone(section, 3).getByRole("combobox", { name: "Due" });
  await expect(due).toHaveAttribute("aria-invalid", "true");
  await expect(due).toHaveAccessibleDescription(
    "must be a later stage than the milestone before (at production start)",
  );

  await fillMilestone(section, 3, "Balance", 30, "on delivery");
  await expect(due).not.toHaveAttribute("aria-invalid");
  await expect(section.getByTestId("schedule-problem")).toHaveCount(0);
  await expect(section.getByTestId("schedule-example")).toHaveText(
    "On a $100,000.00 order: Deposit $30,000.00 on acceptance, Production start $40,000.00 at production start, Balance $30,000.00 on delivery.",
  );
  await photographAtBothWidths(page, section, "settings-payment-schedule");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings Saved");

  // stored: the page read again shows the milestones (and the deposit follows the first)
  await page.reload();
  await expect(section.getByRole("radio", { name: "Milestones" })).toBeChecked();
  await expect(milestone(section, 2).getByRole("spinbutton", { name: "Percent (%)" })).toHaveValue("40");
  await expect(milestone(section, 3).getByRole("combobox", { name: "Due" })).toHaveValue("delivered");
  const settings = (await (await page.request.get("/api/admin/settings")).json()) as { depositPercent: number };
  expect(settings.depositPercent).toBe(30);

  // an order placed now is invoiced by the milestones, each shown with when it falls due
  const order = await placeOrder(page, { firstName: "Mila", lastName: "Stone", email: "mila.stone@example.com" });
  await page.goto(`/admin?tab=orders&order=${order.id}`);
  const invoices = page
    .getByRole("dialog", { name: `Order ${order.orderNumber}` })
    .getByRole("list", { name: "Invoices" })
    .getByRole("listitem");
  await expect(invoices).toHaveCount(3);
  await expect(invoices.nth(0)).toContainText(/^Deposit\s*due on acceptance/);
  await expect(invoices.nth(1)).toContainText(/^Production start\s*due at production start/);
  await expect(invoices.nth(1)).toContainText(`${order.orderNumber}-M2`);
  await expect(invoices.nth(2)).toContainText(/^Balance\s*due on delivery/);
});

test("a proposal's own schedule: the running total, the saved figures and the editor opened again show it", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/proposals?edit=true");
  const editor = page.getByRole("form", { name: "Proposal editor" });
  await editor.getByRole("textbox", { name: "Customer name" }).fill("Otto Own");
  await editor.getByRole("textbox", { name: "Email" }).fill("otto.own@example.com");
  await editor.getByRole("textbox", { name: "Address" }).fill("12 Mill St");
  await editor.getByRole("textbox", { name: "City" }).fill("Austin");
  await editor.getByRole("textbox", { name: "ZIP code" }).fill("78701");
  await editor.getByRole("button", { name: "Add custom line" }).click();
  await editor.getByRole("textbox", { name: "Line 1: custom item" }).fill("40ft home, built to plan");
  await editor.getByRole("textbox", { name: "Unit price ($)" }).fill("80000");
  const running = page.getByTestId("running-total");
  const milestones = running.getByTestId("running-total-milestone");
  // the settings' schedule, as the server splits this proposal's total
  await expect(milestones).toHaveText([
    /^Deposit \(30%\), due on acceptance\$/,
    /^Production start \(40%\), due at production start\$/,
    /^Balance \(30%\), due on delivery\$/,
  ]);

  // its own schedule starts from that one
  const schedule = editor.getByRole("group", { name: "Payment schedule" });
  await schedule.getByRole("radio", { name: "Own schedule" }).check();
  await expect(milestone(schedule, 3).getByRole("textbox", { name: "Name" })).toHaveValue("Balance");
  await fillMilestone(schedule, 1, "Signing", 20, "on acceptance");
  await fillMilestone(schedule, 2, "Production start", 50, "at production start");
  await expect(milestones).toHaveText([
    /^Signing \(20%\), due on acceptance\$[\d,]+\.\d\d$/,
    /^Production start \(50%\), due at production start\$[\d,]+\.\d\d$/,
    /^Balance \(30%\), due on delivery\$[\d,]+\.\d\d$/,
  ]);
  const figures = await milestones.allTextContents();
  await photographAtBothWidths(page, schedule, "proposal-own-schedule");
  await photographAtBothWidths(page, running, "proposal-running-total");

  await editor.getByRole("button", { name: "Create proposal" }).click();
  await expect(page.getByTestId("proposal-figures-milestone")).toHaveText(figures);

  // opened again, the editor keeps the own schedule (saving it unchanged changes nothing)
  await page.getByRole("button", { name: "Edit" }).click();
  const again = page.getByRole("form", { name: "Proposal editor" }).getByRole("group", { name: "Payment schedule" });
  await expect(again.getByRole("radio", { name: "Own schedule" })).toBeChecked();
  await expect(milestone(again, 1).getByRole("textbox", { name: "Name" })).toHaveValue("Signing");
  await expect(milestone(again, 2).getByRole("spinbutton", { name: "Percent (%)" })).toHaveValue("50");
  // back to the settings' schedule in the running total, and the own one kept for a change of mind
  await again.getByRole("radio", { name: "Use the business settings' schedule" }).check();
  await expect(again.getByRole("textbox", { name: "Deposit (%)" })).toHaveValue("");
  await expect(milestones.first()).toContainText("Deposit (30%)");
  await again.getByRole("radio", { name: "Own schedule" }).check();
  await expect(milestone(again, 1).getByRole("textbox", { name: "Name" })).toHaveValue("Signing");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("proposal-figures-milestone")).toHaveText(figures);
});
