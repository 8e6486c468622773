import { txId, usdtTransfer } from "../../api/test/fake-trongrid";
import {
  ADMIN_ORIGIN,
  cleveland,
  emailReceived,
  expect,
  fillCheckout,
  seedCart,
  staffSession,
  test,
  withFakeTronGrid,
} from "./fixtures";

const EMAIL = "lena.payments@example.com";

const tron = withFakeTronGrid();

test("USDT deposit recorded from the chain by itself, balance recorded by staff as a bank transfer", async ({
  page,
  context,
  browser,
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

  // staff move the build through the stages to delivery (the payment stages are the ledger's)
  const staff = await staffSession(browser);
  const stageOf = async () => {
    const board: { orderNumber: string; stage: string }[] = await (
      await staff.page.request.get("/api/admin/pipeline")
    ).json();
    return board.find((o) => o.orderNumber === orderNumber)?.stage;
  };
  expect(await stageOf()).toBe("deposit_received");
  const orderId = Number(orderNumber.slice(-6));
  const move = (stage: string) =>
    staff.page.request.put(`/api/admin/orders/${orderId}/stage`, {
      data: { stage },
      headers: { origin: ADMIN_ORIGIN },
    });
  expect((await move("balance_paid")).status()).toBe(409); // set by payments, not by hand
  for (const stage of ["in_production", "quality_check", "ready_for_delivery", "delivered"]) {
    expect((await move(stage)).status(), stage).toBe(200);
  }

  // staff see the ledger and record the balance as a bank transfer
  await staff.page.goto("/admin?tab=orders");
  await staff.page.getByRole("button", { name: `View Details of order ${orderNumber}` }).click();
  const dialog = staff.page.getByRole("dialog", { name: `Order ${orderNumber}` });
  const payments = dialog.getByTestId("order-payments");
  await expect(payments.getByTestId("admin-invoice-deposit")).toContainText("paid $23,702.25");
  await expect(payments.getByRole("list", { name: "Payments" })).toContainText("by watcher"); // the watcher credits a transfer (audited as "watcher")
  await expect(payments.getByTestId("order-events")).toContainText("Payment $23,702.25");
  await payments.getByLabel("Amount (USD; negative for a refund)").fill("23702.25");
  await payments.getByLabel("Bank reference").fill("WIRE-778812");
  await payments.getByLabel("Note").fill("Balance on delivery");
  await payments.getByRole("button", { name: "Record payment" }).click();
  await expect(payments.getByTestId("ledger-outstanding")).toHaveText("$0.00");
  await expect(payments.getByTestId("admin-invoice-balance")).toContainText("outstanding $0.00");
  await expect(payments.getByRole("list", { name: "Payments" })).toContainText("WIRE-778812");
  await payments.screenshot({ path: test.info().outputPath("backoffice-ledger.png") });
  // the whole order paid after delivery: balance paid by itself; staff complete it
  await expect.poll(stageOf).toBe("balance_paid");
  expect((await move("completed")).status()).toBe(200);
  await staff.context.close();

  // the customer sees everything paid, and got an e-mail for each payment
  await page.getByRole("button", { name: "Look Up Order" }).click();
  await expect(page.getByTestId("invoice-balance-status")).toHaveText("Paid");
  await expect(page.getByTestId("payment-outstanding")).toHaveText("$0.00");
  await expect(page.getByTestId("paid-in-full")).toBeVisible();
  await expect(page.getByTestId("wallet-qr")).toHaveCount(0);
  await page.getByTestId("order-status-result").screenshot({ path: test.info().outputPath("order-status-paid.png") });
  await expect
    .poll(
      async () =>
        (await emailReceived(page)).filter((m) => m.to.includes(EMAIL) && m.subject.startsWith("Payment received"))
          .length,
    )
    .toBe(2);
  const last = (await emailReceived(page)).filter((m) => m.subject.startsWith("Payment received")).at(-1)!;
  expect(last.text).toContain("Your order is paid in full.");
  // and one for each stage staff moved it to; the payment stages are in the payments' own e-mails
  await expect
    .poll(async () => (await emailReceived(page)).filter((m) => m.to.includes(EMAIL)).map((m) => m.subject))
    .toEqual(
      expect.arrayContaining([
        ...["In production", "Delivered", "Completed"].map((stage) => `Your order ${orderNumber}: ${stage}`),
        `Payment received for your order ${orderNumber}: Deposit received`,
        `Payment received for your order ${orderNumber}: Balance paid`,
      ]),
    );
  const subjects = (await emailReceived(page)).filter((m) => m.to.includes(EMAIL)).map((m) => m.subject);
  expect(subjects).not.toContain(`Your order ${orderNumber}: Deposit received`);
  expect(subjects).not.toContain(`Your order ${orderNumber}: Balance paid`);
});
