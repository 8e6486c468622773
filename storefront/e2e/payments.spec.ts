import { txId, usdtTransfer } from "../../api/test/fake-trongrid";
import { cleveland, emailReceived, expect, fillCheckout, seedCart, test, withFakeTronGrid } from "./fixtures";

const EMAIL = "lena.payments@example.com";

const tron = withFakeTronGrid();

test("a checkout paid in USDT: the exact amount, its QR code and e-mail; the deposit recorded from the chain by itself, the balance then due on delivery", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await seedCart(page, [cleveland]);
  await page.goto("/checkout");
  const quoted = page.waitForResponse((r) => r.url().endsWith("/api/trpc/pricing.quote") && r.ok());
  await fillCheckout(page, {
    firstName: "Lena",
    lastName: "Ortiz",
    email: EMAIL,
    phone: "210-555-0177",
    address: "9 Ranch Rd",
    city: "Boerne",
    zipCode: "78006",
  });
  await quoted;
  // 43,116 + delivery up to 100 miles 1,500 + TX 6.25 % on both (2,694.75 + 93.75) = 47,404.50; the settings'
  // 50 % deposit: 23,702.25
  await expect(page.getByTestId("checkout-total")).toHaveText("$47,404.50");
  await expect(page.getByTestId("checkout-delivery")).toHaveText("$1,500.00");
  await expect(page.getByTestId("checkout-due-now")).toHaveText("$23,702.25");
  await page.getByRole("button", { name: "Place Order" }).click();

  // the confirmation (the order's own link) asks for the exact deposit: 23,702.25 plus a tag of 1-9999 micro-units
  await expect(page).toHaveURL(/\/order-confirmation\?order=CH-\d{4}-\d{6}&t=/);
  const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
  const exact = page.getByTestId("usdt-exact-amount");
  await expect(exact).toHaveText(/^23702\.25\d{4}$/);
  const amount = (await exact.textContent())!.trim();
  expect(amount.endsWith("0000")).toBe(false);
  const config = await (await page.request.get("/api/config")).json();
  await expect(page.getByTestId("usdt-wallet")).toHaveText(config.usdtWalletAddress);
  await expect(page.getByTestId("wallet-qr")).toBeVisible();
  await page.getByRole("button", { name: "Copy USDT amount" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(amount);
  await expect(page.getByTestId("invoice-deposit")).toContainText(`${orderNumber}-D`);
  await expect(page.getByTestId("invoice-balance")).toContainText("$23,702.25");
  await expect(page.getByTestId("amount-due-label")).toHaveText("Due now");
  await expect(page.getByTestId("wallet-qr")).toHaveAttribute(
    "data-qr-value",
    `tron:${config.usdtWalletAddress}?amount=${amount}`,
  );
  // kept with the test's results, for a person to look at
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByTestId("payment-panel").screenshot({ path: test.info().outputPath("confirmation-usdt-375.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  // the e-mail names the same exact amount and the wallet
  await expect
    .poll(
      async () =>
        (await emailReceived(page)).find((m) => m.to.includes(EMAIL) && m.subject.includes(orderNumber))?.text,
    )
    .toContain(`send exactly ${amount} USDT on the TRC20 network only to the wallet ${config.usdtWalletAddress}`);

  // before any transfer: the deposit is open
  await page.goto(`/order-status?order=${orderNumber}`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByRole("button", { name: "Look Up Order" }).click();
  await expect(page.getByTestId("invoice-deposit-status")).toHaveText("Open");
  await expect(page.getByLabel("Transaction hash")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByTestId("payment-panel").screenshot({ path: test.info().outputPath("order-status-open-375.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  // the chain reports a confirmed transfer of exactly that amount; nobody enters a hash
  tron.grid.transfers = [usdtTransfer(txId(0xe2e), amount.replace(".", ""), Date.now() - 30_000)];
  await expect(async () => {
    await page.getByRole("button", { name: "Look Up Order" }).click();
    await expect(page.getByTestId("invoice-deposit-status")).toHaveText("Paid", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("invoice-balance-status")).toHaveText("Open");
  await expect(page.getByTestId("payment-outstanding")).toHaveText("$23,702.25");
  await expect(page.getByTestId("payments-list")).toContainText("$23,702.25");
  // now the balance's exact amount, due on delivery: the paid deposit is never "due now"
  await expect(page.getByTestId("usdt-exact-amount")).toHaveText(/^23702\.25\d{4}$/);
  await expect(page.getByTestId("usdt-exact-amount")).not.toHaveText(amount);
  await expect(page.getByTestId("amount-due-label")).toHaveText("Due on delivery");
  // one e-mail for the payment, naming the stage it moved the order to (none of its own for the stage)
  await expect
    .poll(async () => (await emailReceived(page)).filter((m) => m.to.includes(EMAIL)).map((m) => m.subject))
    .toContain(`Payment received for your order ${orderNumber}: Deposit received`);
});
