// The terms and the bank account are business settings (issue 23, items 3-5): the owner changes the
// full-refund window, the structural warranty and the bank details on the back office's Settings screen;
// the terms, the return policy and the warranty page state the new values, and a new bank-transfer order's
// thank-you page and order page show the account with the order's payment reference and the amount due
// now (the ledger's deposit invoice), at 375 and 1440 px. The settings are put back afterwards, for the
// specs that run after this one. Screenshots: test-results/terms-and-bank-*.png.
import type { Page } from "@playwright/test";
import {
  cleveland,
  expect,
  expectAccessible,
  fillCheckout,
  keepBusinessSettings,
  procedureAnswer,
  SAN_ANTONIO_BUYER,
  seedCart,
  staffSession,
  test,
} from "./fixtures";

const BANK = {
  bankName: "Frost Bank",
  accountName: "Container Homes of Texas LLC",
  routingNumber: "114000093",
  accountNumber: "000123456789",
};
const SHOTS = "test-results";
const usd = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe.configure({ mode: "serial" });

keepBusinessSettings();

test("the owner changes the full-refund window, the warranty and the bank details in the back office", async ({
  browser,
}) => {
  const { page, context } = await staffSession(browser);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Business Settings" })).toBeVisible();
  await page.getByLabel("Full-refund window (hours)").fill("96");
  await page.getByLabel("Structural (years)").fill("12");
  // the sentences the pages will show, before saving
  await expect(page.getByTestId("cancellation-preview")).toContainText(
    "You may cancel within 96 hours of placing your order for a full refund.",
  );
  // half an account is refused by the form, naming the missing fields
  await page.getByLabel("Bank name", { exact: true }).fill(BANK.bankName);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("Check the Form");
  await expect(page.locator("#settings-bankTransfer-accountNumber-error")).toHaveText(
    "is required once any bank detail is given",
  );
  await page.getByLabel("Account name", { exact: true }).fill(BANK.accountName);
  await page.getByLabel("Routing number (ABA)", { exact: true }).fill("114000094");
  await page.getByLabel("Account number", { exact: true }).fill(BANK.accountNumber);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.locator("#settings-bankTransfer-routingNumber-error")).toHaveText(
    "must be a 9-digit ABA routing number",
  );
  await page.getByLabel("Routing number (ABA)", { exact: true }).fill(BANK.routingNumber);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("Settings Saved");
  await expectAccessible(page, "settings");
  await page.screenshot({ path: `${SHOTS}/terms-and-bank-settings-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("group", { name: "Bank transfer" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/terms-and-bank-settings-375.png` });
  await context.close();
});

/** Places a bank-transfer order through checkout; its number and the deposit due now (the server's quote). */
async function placeBankOrder(page: Page, email: string): Promise<{ orderNumber: string; dueNow: number }> {
  await seedCart(page, [cleveland]);
  await page.goto("/checkout");
  await page.getByLabel("Bank Transfer").check();
  await expect(page.getByTestId("bank-details")).toContainText(
    "the confirmation page and your order e-mail show our bank details and your payment reference",
  );
  await expect(page.getByTestId("payment-matching")).toContainText("Include the payment reference");
  const quoted = page.waitForResponse((r) => r.url().endsWith("/api/trpc/pricing.quote"));
  await fillCheckout(page, { ...SAN_ANTONIO_BUYER, firstName: "Terry", lastName: "Banks", email });
  const quote = await procedureAnswer<{ amountDueNow: number }>(await quoted);
  await expect(page.getByRole("complementary", { name: "Order Summary" })).toContainText(
    "You may cancel within 96 hours of placing your order for a full refund.",
  );
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=/);
  const orderNumber = ((await page.getByTestId("order-number").textContent()) ?? "").trim();
  expect(orderNumber).toMatch(/^CH-\d{4}-\d{6}$/);
  return { orderNumber, dueNow: quote.amountDueNow };
}

/** The payment panel shows the account, the deposit's reference and what is due now. */
async function expectBankDetails(page: Page, orderNumber: string, dueNow: number) {
  const panel = page.getByTestId("payment-panel");
  await expect(panel.getByTestId("order-due-now")).toHaveText(usd(dueNow));
  await expect(panel.getByTestId("bank-account")).toContainText(`Pay ${usd(dueNow)} by bank transfer to:`);
  await expect(panel.getByTestId("bank-name")).toHaveText(BANK.bankName);
  await expect(panel.getByTestId("bank-account-name")).toHaveText(BANK.accountName);
  await expect(panel.getByTestId("bank-routing-number")).toHaveText(BANK.routingNumber);
  await expect(panel.getByTestId("bank-account-number")).toHaveText(BANK.accountNumber);
  await expect(panel.getByTestId("bank-reference")).toHaveText(`${orderNumber}-D`);
  await expect(panel).not.toContainText("business hour");
}

/** The page as it is now at a phone's and a desktop's width (screenshots, and axe when `label` is given). */
async function atBothWidths(page: Page, name: string, label?: string) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    if (label) await expectAccessible(page, `${label} @${width}`);
    await page.screenshot({ path: `${SHOTS}/terms-and-bank-${name}-${width}.png`, fullPage: true });
  }
}

// one walk, at 375 px, with each page also looked at (and checked by axe) at 1440 px
test("the policy pages and a new order's pages show the new values", async ({ page }) => {
  test.setTimeout(120_000);
  const width = 375;
  await page.setViewportSize({ width, height: 900 });

  await page.goto("/terms-of-service");
  const cancellation = page.locator("#cancellation");
  await expect(cancellation).toContainText("You may cancel within 96 hours of placing your order for a full refund.");
  await expect(cancellation).toContainText("a $500 administrative fee");
  await expect(cancellation).toContainText("a 25% restocking fee");
  await expect(page.locator("#delivery")).toContainText("typical delivery is 8-12 weeks from your deposit");
  await expect(page.locator("#warranty")).toContainText("12 years on the structure");
  await expect(page.locator("#payment")).toContainText("recorded automatically once it confirms");
  await expect(page.locator("main")).not.toContainText("e-mail your receipt");
  await atBothWidths(page, "terms");

  await page.goto("/return-policy");
  await expect(page.locator("main")).toContainText("A 96-hour cancellation window with a full refund.");
  await expect(page.locator("#cancellation")).toContainText(
    "You may cancel within 96 hours of placing your order for a full refund.",
  );
  await expect(page.locator("#guarantee")).toContainText(
    "The structure (steel frame, welds, floor structure and roof): 12 years",
  );
  const text = (await page.locator("main").textContent()) ?? "";
  expect(text).not.toMatch(/14 days|sales are final|one year from delivery|structural integrity/i);
  await atBothWidths(page, "returns");

  await page.goto("/services/warranty-support");
  await expect(page.locator("main")).toContainText("12 years on the structure");

  const { orderNumber, dueNow } = await placeBankOrder(page, `terry.${width}@example.com`);
  await expectBankDetails(page, orderNumber, dueNow);
  await expect(page.getByTestId("pay-step")).toContainText(`with the reference ${orderNumber}-D`);
  await expect(page.getByRole("region", { name: "Next Steps" })).toContainText("96 hours");
  await atBothWidths(page, "thank-you", "thank-you");

  // the order page, opened from the thank-you page's own link
  await page.getByRole("link", { name: "Track Your Order" }).click();
  await expect(page).toHaveURL(/\/order-status\?order=.*&t=/);
  await expect(page.getByTestId("order-status-result")).toContainText(orderNumber);
  await expectBankDetails(page, orderNumber, dueNow);
  await atBothWidths(page, "order", "order page");
});
