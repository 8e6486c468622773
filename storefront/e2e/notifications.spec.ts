// What the business and the customer receive: after a checkout, an enquiry and a chat message, the
// e-mail and the Telegram message arrive at the fake SMTP server and Bot API the test server runs
// (scripts/e2e-server.mjs), sent by the API's own outbox worker.
import {
  cleveland,
  emailReceived,
  expect,
  fillCheckout,
  seedCart,
  sendContactPageForm,
  telegramReceived,
  test,
} from "./fixtures";

test("checkout: the customer gets the order e-mail and the team a Telegram message", async ({ page }) => {
  const email = "nina.notify@example.com";
  await seedCart(page, [cleveland]);
  await page.goto("/checkout");
  await fillCheckout(page, {
    firstName: "Nina",
    lastName: "Notify",
    email,
    phone: "210-555-0177",
    address: "77 Mission Rd",
    city: "San Antonio",
    zipCode: "78210",
  });
  // the server's delivery and tax show before the order can be placed
  await expect(page.getByTestId("checkout-total")).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=/);
  const orderNumber = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  expect(orderNumber).toMatch(/^CH-\d{4}-\d{6}$/);

  await expect
    .poll(async () => (await emailReceived(page)).filter((m) => m.to.includes(email)).map((m) => m.subject))
    .toEqual([`Your order ${orderNumber}`]);
  const [mail] = (await emailReceived(page)).filter((m) => m.to.includes(email));
  expect(mail?.from).toBe("orders@example.test");
  expect(mail?.text).toContain(orderNumber);
  expect(mail?.text).toContain("The Cleveland");
  expect(mail?.html).toContain("Thank you for your order!");
  // the address typed at checkout is not proven to be the visitor's: the e-mail echoes nothing typed
  expect(mail?.text).not.toContain("Nina");
  expect(mail?.text).not.toContain("77 Mission Rd");

  await expect
    .poll(async () => (await telegramReceived(page)).filter((m) => m.text.includes(orderNumber)).length)
    .toBe(1);
  const staff = (await telegramReceived(page)).find((m) => m.text.includes(orderNumber));
  expect(staff?.text).toContain(`New order ${orderNumber}`);
  expect(staff?.text).toContain("Nina Notify");
  expect(staff?.text).toContain(email);
});

test("contact enquiry: the team gets it on Telegram, the visitor an acknowledgement", async ({ page }) => {
  const email = "enzo.enquiry@example.com";
  await page.goto("/contact");
  await sendContactPageForm(
    page,
    { firstName: "Enzo", lastName: "Enquiry", email },
    "Is a 40ft home possible on a lot near Boerne?",
  );

  await expect.poll(async () => (await telegramReceived(page)).filter((m) => m.text.includes(email)).length).toBe(1);
  const staff = (await telegramReceived(page)).find((m) => m.text.includes(email));
  expect(staff?.text).toContain("Contact page");
  expect(staff?.text).toContain("Enzo Enquiry");
  expect(staff?.text).toContain("a lot near Boerne");

  await expect
    .poll(async () => (await emailReceived(page)).filter((m) => m.to.includes(email)).map((m) => m.subject))
    .toEqual(["We received your message"]);
  const [ack] = (await emailReceived(page)).filter((m) => m.to.includes(email));
  expect(ack?.text).toContain("Hello,");
  expect(ack?.text).toContain("Thank you for your message.");
  // the visitor's own words stay with the staff message
  expect(ack?.text).not.toContain("Enzo");
  expect(ack?.text).not.toContain("a lot near Boerne");
});

test("chat: a forwarded message reaches the team on Telegram", async ({ page }) => {
  const message = "Please call me about delivery to Fredericksburg";
  await page.goto("/products");
  await page.getByRole("button", { name: "Open chat" }).click();
  const panel = page.locator("#chat-panel");
  await panel.getByLabel("Type your message").fill(message);
  await panel.getByLabel("Type your message").press("Enter");
  await expect(panel.getByTestId("bot-message").nth(1)).toContainText("forwarded to our team");

  await expect.poll(async () => (await telegramReceived(page)).filter((m) => m.text.includes(message)).length).toBe(1);
  const staff = (await telegramReceived(page)).find((m) => m.text.includes(message));
  expect(staff?.text).toContain("Chat message from the website");
  expect(staff?.text).toContain("/products");
  expect(staff?.parseMode).toBe("HTML");
});
