// The customer's order pages (issue 21), both origins, TronGrid faked on loopback (storefront port + 3):
// (a) a short USDT payment: the order-status page shows what was received, the remaining amount and a
//     new QR code of the remaining exact amount (the ledger tags it anew);
// (b) the thank-you page lives at the order's own link (?order=…&t=…): a reload, another tab and another
//     browser context show the order and the exact USDT amount (no e-mail look-up);
// (c) a paid deposit is never "Due now"; a fully paid order shows no amount to send and no QR code.
// (A proposal accepted with USDT shows its deposit's exact amount at once: e2e/sale-journey.spec.ts, step 4.)
// Screenshots at 375 and 1440 px are kept with the test's results.
import type { Money } from "@ch/contracts/money";
import type { Page } from "@playwright/test";
import { txId, usdtTransfer } from "../../api/test/fake-trongrid";
import {
  ADMIN_ORIGIN,
  cleveland,
  expect,
  fillCheckout,
  procedureAnswer,
  seedCart,
  staffSession,
  test,
  withFakeTronGrid,
} from "./fixtures";

const tron = withFakeTronGrid();
let hashes = 0x0de0;

/** Places a USDT order for The Cleveland; returns its number, its link and the deposit's exact amount. */
async function placeUsdtOrder(page: Page, email: string) {
  await seedCart(page, [cleveland]);
  await page.goto("/checkout");
  const quoted = page.waitForResponse((r) => r.url().endsWith("/api/trpc/pricing.quote") && r.ok());
  await fillCheckout(page, {
    firstName: "Rosa",
    lastName: "Vega",
    email,
    phone: "210-555-0123",
    address: "14 Live Oak Ln",
    city: "Boerne",
    zipCode: "78006",
  });
  await quoted;
  // the checkout prices delivery and tax on the server; the order is placed once its total shows
  await expect(page.getByTestId("checkout-total")).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();
  // checkout lands on the order's own link
  await expect(page).toHaveURL(/\/order-confirmation\?order=CH-\d{4}-\d{6}&t=[\w-]{16,}$/);
  const url = new URL(page.url());
  const orderNumber = url.searchParams.get("order")!;
  await expect(page.getByTestId("order-number")).toHaveText(orderNumber);
  const exact = (await page.getByTestId("usdt-exact-amount").textContent())!.trim();
  expect(exact).toMatch(/^\d+\.\d{6}$/);
  return { orderNumber, link: `${url.pathname}${url.search}`, token: url.searchParams.get("t")!, exact };
}

/** "24532.644256" → 24532644256n (micro-USDT). */
const micro = (usdt: string) => BigInt(usdt.replace(".", ""));

/** The order's ledger as staff read it (invoice ids, statuses). */
async function ledger(staff: Page, orderNumber: string) {
  const orderId = Number(orderNumber.slice(-6));
  const res = await staff.request.get(`/api/admin/orders/${orderId}/payments`);
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    invoices: { id: number; kind: string; status: string; paid: Money; outstanding: Money; usdtAmount: Money | null }[];
  };
}

test("(b) the thank-you page survives a reload, another tab and another browser context", async ({
  page,
  context,
  browser,
}) => {
  const { orderNumber, link, exact } = await placeUsdtOrder(page, "rosa.reload@example.com");
  // the answer kept for the page is read once and deleted (the spec's fallback)
  expect(await page.evaluate(() => localStorage.getItem("lastOrderDetails"))).toBeNull();

  const expectOrder = async (p: Page) => {
    await expect(p.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
    await expect(p.getByTestId("order-number")).toHaveText(orderNumber);
    await expect(p.getByTestId("usdt-exact-amount")).toHaveText(exact);
    await expect(p.getByTestId("amount-due-label")).toHaveText("Due now");
    await expect(p.getByTestId("wallet-qr")).toHaveAttribute("data-qr-value", new RegExp(`amount=${exact}$`));
    await expect(p.getByTestId("usdt-wallet")).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  };

  // reloaded, several times (each read is the link's, not the e-mail look-up's 10 per 10 minutes)
  const reads: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/trpc/orders.receipt") reads.push(r.url());
  });
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await expectOrder(page);
  }
  expect(reads.length).toBeGreaterThanOrEqual(3);

  // a new tab of the same browser
  const tab = await context.newPage();
  await tab.goto(link);
  await expectOrder(tab);
  await tab.close();

  // another browser (nothing stored: the link alone opens it)
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(new URL(link, page.url()).toString());
  await expectOrder(fresh);
  // "Track Your Order" opens the order-status page with the same link: no e-mail asked
  await fresh.getByRole("link", { name: "Track Your Order" }).click();
  await expect(fresh).toHaveURL(/\/order-status\?order=.+&t=/);
  await expect(fresh.getByTestId("order-status-result")).toContainText(orderNumber);
  await expect(fresh.getByTestId("usdt-exact-amount")).toHaveText(exact);

  // a wrong token opens nothing, and says so
  const wrong = link.replace(/t=[\w-]+/, "t=not-the-token-of-this-order");
  await fresh.goto(wrong);
  await expect(fresh.getByRole("heading", { name: "Order Not Found" })).toBeVisible();
  await other.close();

  // without a link and without the kept answer: the empty state, as before
  await page.goto("/order-confirmation");
  await expect(page.getByRole("heading", { name: "No Recent Order" })).toBeVisible();
});

test("(a) a short USDT payment: the remaining amount and a new QR code on the order-status page; (c) a paid deposit is never due", async ({
  page,
  browser,
}) => {
  const email = "rosa.short@example.com";
  const { orderNumber, link, token, exact } = await placeUsdtOrder(page, email);
  const depositMicro = micro(exact);
  // the shop receives 2.64 less than the deposit's whole cents (as in issue 21: 24530 of 24532.64)
  const depositCents = depositMicro / 10_000n;
  const shortMicro = (depositCents - 264n) * 10_000n;
  const shortHash = txId(hashes++);
  tron.grid.transfers = [usdtTransfer(shortHash, shortMicro, Date.now() - 30_000)];

  // the customer enters the transaction hash on the order-status page (opened by the e-mail look-up)
  await page.goto(`/order-status?order=${orderNumber}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Look Up Order" }).click();
  await expect(page.getByTestId("invoice-deposit-status")).toHaveText("Open");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/trpc/payments.submitHash"));
  await page.getByLabel("Transaction hash").fill(shortHash);
  await page.getByRole("button", { name: "Submit" }).click();
  const submitted = await answer;
  expect(submitted.status()).toBe(200);
  // the page says what the server answered for this status (a short amount waits for staff: in_review)
  const submittedBody = await procedureAnswer<{ status: string; message: string }>(submitted);
  await expect(page.getByTestId("hash-answer")).toHaveAttribute("data-status", submittedBody.status);
  await expect(page.getByTestId("hash-answer")).toHaveText(submittedBody.message);
  const staff = await staffSession(browser);
  if (submittedBody.status === "in_review") {
    // an amount no invoice asks for waits for staff, who put it on the deposit with a reason
    const deposit = (await ledger(staff.page, orderNumber)).invoices.find((i) => i.kind === "deposit")!;
    const attached = await staff.page.request.post(`/api/admin/usdt-transfers/${shortHash}/attach`, {
      headers: { origin: ADMIN_ORIGIN },
      data: { invoiceId: deposit.id, reason: "The customer's exchange kept a fee" },
    });
    expect(attached.status(), await attached.text()).toBe(201);
  }

  // the order-status page: what was received, what remains, and the remaining exact amount with its own QR
  await expect(async () => {
    await page.getByRole("button", { name: "Look Up Order" }).click();
    await expect(page.getByTestId("invoice-deposit-status")).toHaveText("Partially paid", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const received = `$${(Number(depositCents - 264n) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  await expect(page.getByTestId("payment-status")).toHaveText("Partially paid");
  await expect(page.getByTestId("amount-due-label")).toHaveText("Due now");
  await expect(page.getByTestId("order-due-now")).toHaveText("$2.64");
  await expect(page.getByTestId("amount-due-progress")).toContainText(`We have received ${received}`);
  await expect(page.getByTestId("amount-due-progress")).toContainText("$2.64 remains");
  await expect(page.getByTestId("invoice-deposit-progress")).toHaveText(`${received} received, $2.64 left`);
  const remaining = page.getByTestId("usdt-exact-amount");
  // the ledger tags the rest anew: 2.64 and a tag of 1-9999 micro-units (issue 21: it said 24532.644256)
  await expect(remaining).toHaveText(/^2\.64\d{4}$/);
  const rest = (await remaining.textContent())!.trim();
  expect(rest.endsWith("0000")).toBe(false);
  await expect(page.getByTestId("usdt-send-exactly")).toContainText(`Send exactly ${rest} USDT`);
  await expect(page.getByText(`Send exactly ${exact} USDT`)).toHaveCount(0);
  await expect(page.getByTestId("wallet-qr")).toHaveAttribute("data-qr-value", new RegExp(`amount=${rest}$`));
  await expect(page.getByTestId("wallet-qr")).toHaveAttribute(
    "alt",
    new RegExp(`send ${rest.replace(".", "\\.")} USDT`),
  );
  const shots = async (name: string, target = page) => {
    for (const width of [375, 1440]) {
      await target.setViewportSize({ width, height: 900 });
      await target.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    }
    await target.setViewportSize({ width: 1280, height: 900 });
  };
  await shots("order-status-partial");

  // the thank-you page's link shows the same (and a new tab reads it from the server)
  const confirmation = await page.context().newPage();
  await confirmation.goto(link);
  await expect(confirmation.getByTestId("order-due-now")).toHaveText("$2.64");
  await expect(confirmation.getByTestId("usdt-exact-amount")).toHaveText(rest);
  await expect(confirmation.getByTestId("wallet-qr")).toHaveAttribute("data-qr-value", new RegExp(`amount=${rest}$`));
  await shots("confirmation-partial", confirmation);

  // (c) the chain then carries exactly the rest: the deposit is paid and never "Due now" again
  tron.grid.transfers = [...tron.grid.transfers, usdtTransfer(txId(hashes++), micro(rest), Date.now() - 20_000)];
  await expect(async () => {
    await page.getByRole("button", { name: "Look Up Order" }).click();
    await expect(page.getByTestId("invoice-deposit-status")).toHaveText("Paid", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  for (const p of [page, confirmation]) {
    if (p === confirmation) await p.reload();
    await expect(p.getByTestId("amount-due")).toHaveAttribute("data-invoice", "balance");
    await expect(p.getByTestId("amount-due-label")).toHaveText("Due on delivery");
    await expect(p.getByText("Due now", { exact: false })).toHaveCount(0);
    // the balance's own exact amount: never the deposit's, nor its rest
    const balanceExact = (await p.getByTestId("usdt-exact-amount").textContent())!.trim();
    expect([exact, rest]).not.toContain(balanceExact);
  }
  await expect(page.getByTestId("invoice-deposit-status")).toHaveText("Paid");
  await expect(page.getByTestId("order-status")).toHaveText("Deposit received");
  await expect(page.getByTestId("payment-status")).toHaveText("Deposit paid");
  await shots("order-status-deposit-paid");

  // staff record the balance: nothing is due, no amount to send, no QR code
  const balance = (await ledger(staff.page, orderNumber)).invoices.find((i) => i.kind === "balance")!;
  const paid = await staff.page.request.post(`/api/admin/orders/${Number(orderNumber.slice(-6))}/payments`, {
    headers: { origin: ADMIN_ORIGIN },
    data: {
      method: "bank-transfer",
      amount: balance.outstanding,
      receivedAt: new Date().toISOString().slice(0, 10),
      reference: "WIRE-21",
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await staff.context.close();
  await confirmation.reload();
  await expect(confirmation.getByTestId("paid-in-full")).toBeVisible();
  await expect(confirmation.getByTestId("usdt-exact-amount")).toHaveCount(0);
  await expect(confirmation.getByTestId("wallet-qr")).toHaveCount(0);
  await expect(confirmation.getByText("Due now", { exact: false })).toHaveCount(0);
  await expect(confirmation.getByText("Send exactly")).toHaveCount(0);
  await confirmation.close();
  // the link's order-status page says the same
  await page.goto(`/order-status?order=${orderNumber}&t=${token}`);
  await expect(page.getByTestId("paid-in-full")).toBeVisible();
  await expect(page.getByTestId("payment-outstanding")).toHaveText("$0.00");
  await expect(page.getByTestId("wallet-qr")).toHaveCount(0);
  await expect(page.getByLabel("Transaction hash")).toHaveCount(0);
});
