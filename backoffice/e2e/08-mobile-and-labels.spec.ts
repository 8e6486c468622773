// Issue 13's back-office faults: anonymous leads and raw slugs on the dashboard, labelled order
// badges, and a phone-sized orders list whose status controls are on screen.
import { expect, placeOrder, sendLead, signIn, test } from "./helpers";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("overview: a nameless ROI lead and a form lead read as labels, never 'N/A · N/A' or slugs", async ({ page }) => {
  // an ROI result sent by e-mail: no name, no project, no budget
  await sendLead(page, "/api/roi", {
    investment: 100000,
    monthlyRent: 150,
    occupancy: 20,
    monthlyExpenses: 500,
    email: "roi.reader@example.com",
  });
  await sendLead(page, "/api/contact", {
    firstName: "Lena",
    lastName: "Ortiz",
    email: "lena@example.com",
    projectType: "multi-unit",
    budget: "250k-500k",
    message: "A fourplex for rentals.",
  });
  await page.goto("/admin");
  const recent = page
    .getByRole("region", { name: "Recent Contacts" })
    .or(page.locator("section", { hasText: "Recent Contacts" }));
  await expect(recent.first()).toContainText("Multi-Unit · $250,000 - $500,000");
  await expect(recent.first()).toContainText("Contact form");
  await expect(recent.first()).toContainText("roi.reader@example.com");
  await expect(recent.first()).toContainText("ROI calculator");
  await expect(recent.first()).toContainText("Initial investment $100,000");
  await expect(recent.first()).not.toContainText("N/A");
  await expect(recent.first()).not.toContainText("multi unit");
  await expect(recent.first()).not.toContainText("contact form");
});

test("order details label the order status and the payment status", async ({ page }) => {
  const order = await placeOrder(page, { firstName: "Badge", lastName: "Check", email: "badge@example.com" });
  await page.goto("/admin?tab=orders");
  await page.getByRole("button", { name: `View Details of order ${order.orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  await expect(dialog.getByText("Order status", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Payment", { exact: true })).toBeVisible();
});

test("375 px: the orders list is cards with the status controls on screen, the tab bar one row", async ({ page }) => {
  await placeOrder(page, { firstName: "Phone", lastName: "Width", email: "phone@example.com" });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin?tab=orders");
  const status = page
    .getByTestId(/^order-row-/)
    .first()
    .getByText("Awaiting deposit");
  await status.scrollIntoViewIfNeeded();
  for (const control of [status, page.getByTestId("payment-status").first()]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const tabs = page.getByRole("tab");
  const tops = new Set<number>();
  for (const t of await tabs.all()) tops.add(Math.round((await t.boundingBox())!.y));
  expect(tops.size, "tabs on one row").toBe(1);
  await page.screenshot({ path: test.info().outputPath("orders-375.png"), fullPage: true });
});
