// Business settings end to end: an admin changes the phone and the structural warranty in the back
// office (port + 1); the storefront's product page, its JSON-LD, the chat assistant and the next e-mail
// (caught by the e2e server's fake SMTP) state the new values at once. The settings are put back afterwards, for the specs that run after this one.
import {
  ADMIN,
  ADMIN_ORIGIN,
  emailReceived,
  expect,
  keepBusinessSettings,
  sendContactPageForm,
  test,
} from "./fixtures";

const NEW_PHONE = "(210) 555-0177";

keepBusinessSettings();

test("a change in the back-office settings shows on the product page, in its JSON-LD and in the chat", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the product page before: today's phone and warranty
  await page.goto("/product/1");
  await expect(page.getByTestId("product-terms")).toContainText("10-year structural warranty");

  await page.goto(`${ADMIN_ORIGIN}/admin/login`);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  await expect(page).toHaveURL(/\/admin(\/dashboard)?$/);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Business Settings" })).toBeVisible();
  await page.getByLabel("Phone").fill(NEW_PHONE);
  await page.getByLabel("Structural (years)").fill("12");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("Settings Saved");

  // the storefront, at once: the visible page, its structured data and the chat's answers
  await page.goto("/product/1");
  await expect(page.getByTestId("product-terms")).toContainText("12-year structural warranty");
  await expect(page.getByRole("link", { name: NEW_PHONE }).first()).toBeVisible();
  const business = await page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => JSON.parse(s.textContent ?? "{}") as Record<string, unknown>)
      .find((o) => o["@type"] === "HomeAndConstructionBusiness"),
  );
  expect(business?.telephone).toBe(NEW_PHONE);
  expect(business?.geo).toMatchObject({ "@type": "GeoCoordinates" });

  await page.getByRole("button", { name: "Open chat" }).click();
  const panel = page.locator("#chat-panel");
  const input = panel.getByLabel("Type your message");
  await input.fill("What is your phone number?");
  await input.press("Enter");
  const reply = panel.getByTestId("bot-message").nth(1);
  await expect(reply).toContainText(NEW_PHONE, { timeout: 5000 });
  await expect(reply).toContainText("(Central Time)");
  await expect(reply).not.toContainText("EST");
  await input.fill("What warranty do you give?");
  await input.press("Enter");
  await expect(panel.getByTestId("bot-message").nth(2)).toContainText("12-year structural warranty", {
    timeout: 5000,
  });

  // an e-mail sent after the change: the contact form's acknowledgement names the new phone
  const email = "sam.settings@example.com";
  await page.goto("/contact");
  await expect(page.getByRole("link", { name: NEW_PHONE }).first()).toBeVisible();
  await sendContactPageForm(page, { firstName: "Sam", lastName: "Settings", email }, "When can you deliver to Boerne?");
  await expect.poll(async () => (await emailReceived(page)).filter((m) => m.to.includes(email)).length).toBe(1);
  const mail = (await emailReceived(page)).find((m) => m.to.includes(email));
  expect(mail?.text).toContain(`call ${NEW_PHONE}`);
  expect(mail?.text).toContain("(Central Time)");

  // and the audit log names the change
  await page.goto(`${ADMIN_ORIGIN}/admin/activity`);
  await expect(page.getByText("Changed the business settings").first()).toBeVisible();
  await expect(page.getByText(/company\.phone/).first()).toBeVisible();
});
