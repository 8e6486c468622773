// The whole sale of a custom build, in chromium, on both origins, as the acceptance describes it:
// a quote request on the storefront → staff, signed in on the back office, open the lead and build a
// proposal from it (a catalog product, an option from the staff-managed list, delivery, a discount) and
// send it → the customer opens the link from the captured e-mail, sees the server's figures, accepts (typed
// name + terms, paying in USDT) → the order-status page shows the deposit invoice with its exact USDT
// amount → a fake TronGrid on loopback (started here, on the storefront port + 3) starts reporting a
// confirmed transfer of exactly that amount → the order moves to "deposit received" by itself, no hash
// entered → staff move it through the stages on the pipeline board to delivered → staff record the balance
// as a bank transfer in the order's details → balance paid by itself → staff complete it. Every customer
// e-mail along the way is read from the SMTP sink and checked (subject and key figure). Screenshots for the
// closing note go to /tmp/shots14 (or E2E_SHOTS_DIR).
//
// Figures (hand-computed): The Cleveland $43,116.00 + Covered deck $6,800.00 = $49,916.00; − discount
// $916.00 = $49,000.00; + delivery 100–250 miles $3,200.00 = $52,200.00; TX sales tax 6.25 % on the goods
// $3,062.50 and TX 6.25 % on delivery $200.00 (each tax line names its rate); total $55,462.50; the
// settings' 50 % deposit $27,731.25, balance $27,731.25.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { txId, usdtTransfer } from "../../api/test/fake-trongrid";
import {
  ADMIN_ORIGIN,
  emailReceived,
  expect,
  fillNameAndEmail,
  fillProposalDelivery,
  lookUpOrder,
  portalSignIn,
  type ReceivedEmail,
  signWithEmailedCode,
  staffSession,
  test,
  withFakeTronGrid,
} from "./fixtures";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots14";
const EMAIL = "rosa.journey@example.com";
const TOTAL = "$55,462.50";
const DEPOSIT = "$27,731.25";
const BALANCE = "$27,731.25";
/** Change order 1: a $1,000.00 window, TX 6.25 % → $1,062.50 onto the balance. */
const CHANGE = "$1,062.50";
const NEW_TOTAL = "$56,525.00";
const NEW_BALANCE = "$28,793.75";
/** The tax lines, each naming its rate, as the staff page, the customer's page and the order show them. */
const TAX_LINES = ["TX sales tax (6.25 %)$3,062.50", "TX sales tax on delivery (6.25 %)$200.00"];

const tron = withFakeTronGrid();

/** The e-mails the customer received whose subject matches, oldest first. */
const mailsTo = async (page: Page, subject: string | RegExp): Promise<ReceivedEmail[]> =>
  (await emailReceived(page)).filter(
    (m) => m.to.includes(EMAIL) && (typeof subject === "string" ? m.subject === subject : subject.test(m.subject)),
  );

/** The funnel's "Deposit paid" step over the last 7 days: in all, and from quote requests. */
async function readFunnel(staffPage: Page): Promise<{ depositsPaid: number; depositsFromQuotes: number }> {
  await staffPage.goto("/admin/proposals");
  await staffPage.getByRole("combobox", { name: "Period" }).selectOption({ label: "Last 7 days" });
  await expect(staffPage.getByTestId("sales-funnel")).toHaveAttribute("aria-busy", "false");
  const depositStep = staffPage.getByTestId("sales-funnel").locator("> li", { hasText: "Deposit paid" });
  const total = depositStep.locator("p").nth(1);
  await expect(total).toHaveText(/^\d+$/);
  const fromQuotes = depositStep.locator("li", { hasText: "quote request" });
  const quotesText = (await fromQuotes.count()) > 0 ? ((await fromQuotes.textContent()) ?? "0") : "0";
  return {
    depositsPaid: Number(await total.textContent()),
    depositsFromQuotes: Number(/(\d+)\s*$/.exec(quotesText.trim())?.[1] ?? 0),
  };
}

/** Waits for exactly one e-mail with that subject and answers it. */
async function oneMail(page: Page, subject: string | RegExp): Promise<ReceivedEmail> {
  await expect.poll(async () => (await mailsTo(page, subject)).length, { message: String(subject) }).toBe(1);
  return (await mailsTo(page, subject))[0]!;
}

test("quote request → proposal → signed → USDT deposit seen on the chain → portal: photo, messages, change order → stages → balance → completed → warranty claim", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // 1. the customer asks for a quote on the storefront
  await page.goto("/");
  await page.getByRole("button", { name: "Get Quote" }).click();
  const dialog = page.getByRole("dialog", { name: "Get a Quote" });
  await fillNameAndEmail(dialog, { firstName: "Rosa", lastName: "Journey", email: EMAIL });
  await dialog.getByLabel("Message").fill("A 20ft home with a deck, delivered near Waco");
  const sentQuote = page.waitForResponse("**/api/trpc/leads.requestQuote");
  await dialog.getByRole("button", { name: "Request Quote" }).click();
  expect((await sentQuote).status()).toBe(200);
  const ack = await oneMail(page, "We received your quote request");
  expect(ack.text).toContain("Thank you for your quote request.");

  // 2. staff open the lead in the Contacts inbox and build a proposal from it
  const staff = await staffSession(browser, { width: 1440, height: 900 });
  // the suite's other specs share this database: the funnel is read before this sale, then after it
  const before = await readFunnel(staff.page);
  await staff.page.goto("/admin?tab=contacts");
  await staff.page.getByRole("button", { name: "View Message from Rosa Journey" }).click();
  await staff.page.getByRole("link", { name: "Create proposal" }).click();
  await expect(staff.page).toHaveURL(/\/admin\/proposals\?.*lead=\d+/);
  await expect(staff.page.getByRole("textbox", { name: "Customer name" })).toHaveValue("Rosa Journey");
  await expect(staff.page.getByRole("textbox", { name: "Email" })).toHaveValue(EMAIL);
  await fillProposalDelivery(staff.page, { address: "400 Lake Shore Dr", city: "Waco", zipCode: "76701" });
  await staff.page.getByRole("button", { name: "Add product" }).click();
  await staff.page
    .getByRole("combobox", { name: "Line 1: catalog product" })
    .selectOption({ label: "The Cleveland ($43,116)" });
  await staff.page.getByRole("button", { name: "Add option" }).click();
  await staff.page
    .getByRole("combobox", { name: "Line 2: option" })
    .selectOption({ label: "Covered deck (12 × 20 ft) ($6,800)" });
  await staff.page.getByRole("combobox", { name: "Delivery" }).selectOption({ label: "100–250 miles: $3,200" });
  await staff.page.getByRole("textbox", { name: "Discount ($)" }).fill("916");
  await staff.page.getByRole("button", { name: "Create proposal" }).click();
  const figures = staff.page.getByTestId("proposal-figures");
  await expect(figures).toContainText("$49,916.00");
  for (const line of TAX_LINES) await expect(figures).toContainText(line);
  await expect(figures).toContainText(TOTAL);
  await staff.page.getByRole("button", { name: "Send to customer" }).click();
  await expect(staff.page.getByTestId("proposal-status")).toHaveText("sent");

  // 3. the proposal e-mail carries the link and the total; the customer opens that link
  const proposalMail = await oneMail(page, /^Your proposal from /);
  expect(proposalMail.text).toContain(TOTAL);
  const linkPath = /\/proposal\/[A-Za-z0-9_-]{20,64}/.exec(proposalMail.text)?.[0];
  expect(linkPath, "the e-mail links to the proposal").toBeTruthy();
  expect(await staff.page.getByTestId("proposal-link").textContent()).toContain(linkPath);
  await page.goto(linkPath!);
  const lines = page.locator('[aria-labelledby="lines-title"]');
  await expect(lines).toContainText("The Cleveland");
  await expect(lines).toContainText("Covered deck (12 × 20 ft)");
  await expect(page.getByTestId("proposal-totals")).toContainText("$3,200.00");
  for (const line of TAX_LINES) await expect(page.getByTestId("proposal-totals")).toContainText(line);
  await expect(page.getByTestId("proposal-total")).toHaveText(TOTAL);
  await expect(page.getByTestId("proposal-deposit")).toHaveText(DEPOSIT);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: `${SHOTS}/proposal-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/proposal-1440.png`, fullPage: true });

  // 4. the customer accepts: typed name, USDT, the terms, the consent and the e-mailed signing code
  await page.getByRole("textbox", { name: "Your full name" }).fill("Rosa Journey");
  await page.getByRole("radio", { name: "USDT (TRC20)" }).check();
  await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
  await signWithEmailedCode(page, EMAIL);
  await page.getByRole("button", { name: "Accept Proposal" }).click();
  await expect(page.getByTestId("proposal-state")).toContainText("Accepted by Rosa Journey");
  const orderNumber = (await page.getByTestId("proposal-state").locator("strong").textContent())!.trim();
  expect(orderNumber).toMatch(/^CH-\d{4}-\d{6}$/);
  // at once: the deposit due now, its exact USDT amount, the wallet and the QR code, each copyable
  const accepted = page.getByTestId("proposal-accepted");
  await expect(accepted).toContainText(`your order ${orderNumber} is placed`);
  await expect(accepted.getByTestId("amount-due-label")).toHaveText("Due now");
  await expect(accepted.getByTestId("order-due-now")).toHaveText(DEPOSIT);
  const acceptedExact = accepted.getByTestId("usdt-exact-amount");
  await expect(acceptedExact).toHaveText(/^27731\.25\d{4}$/);
  const amountAtOnce = (await acceptedExact.textContent())!.trim();
  await expect(accepted.getByTestId("usdt-wallet")).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(accepted.getByTestId("wallet-qr")).toHaveAttribute(
    "data-qr-value",
    new RegExp(`amount=${amountAtOnce}$`),
  );
  await accepted.getByRole("button", { name: "Copy Wallet address" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^T/);
  await accepted.getByRole("button", { name: "Copy USDT amount" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(amountAtOnce);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await accepted.screenshot({ path: `${SHOTS}/proposal-accepted-usdt-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // and links to the order's own confirmation page, which shows the same amount
  await accepted.getByRole("link", { name: "View Your Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=CH-\d{4}-\d{6}&t=[\w-]{16,}$/);
  await expect(page.getByTestId("usdt-exact-amount")).toHaveText(amountAtOnce);

  // 5. the order-status page shows the deposit invoice with its exact USDT amount
  const lookUp = () => lookUpOrder(page, orderNumber, EMAIL);
  await lookUp();
  await expect(page.getByTestId("invoice-deposit")).toContainText(`${orderNumber}-D`);
  await expect(page.getByTestId("invoice-deposit")).toContainText(DEPOSIT);
  await expect(page.getByTestId("invoice-deposit-status")).toHaveText("Open");
  await expect(page.getByTestId("invoice-balance")).toContainText(BALANCE);
  // the lines' sum, then the discount, as on the proposal (subtotal − discount + delivery + tax = total)
  await expect(page.getByTestId("order-subtotal")).toHaveText("$49,916.00");
  await expect(page.getByTestId("order-discount")).toHaveText("−$916.00");
  await expect(page.getByTestId("order-total")).toHaveText(TOTAL);
  await expect(page.getByTestId("order-stages").locator('[aria-current="step"]')).toContainText("Awaiting deposit");
  const exact = page.getByTestId("usdt-exact-amount");
  await expect(exact).toHaveText(/^27731\.25\d{4}$/);
  const usdtAmount = (await exact.textContent())!.trim();
  expect(usdtAmount).toBe(amountAtOnce);
  expect(usdtAmount.endsWith("0000")).toBe(false);

  // the order confirmation e-mail: the total, the deposit due now, the exact USDT amount
  const confirmation = await oneMail(page, `Your order ${orderNumber}`);
  expect(confirmation.text).toContain("Subtotal: $49,916.00\nDiscount: −$916.00");
  for (const line of TAX_LINES) expect(confirmation.text).toContain(line.replace("$", ": $"));
  expect(confirmation.text).toContain(`Total: ${TOTAL}`);
  expect(confirmation.text).toContain(DEPOSIT);
  expect(confirmation.text).toContain(`send exactly ${usdtAmount} USDT`);

  // 6. the chain reports a confirmed transfer of exactly that amount; nobody enters a hash
  tron.grid.transfers = [usdtTransfer(txId(0x5a1e14), usdtAmount.replace(".", ""), Date.now() - 30_000)];
  await expect(async () => {
    await page.getByRole("button", { name: "Look Up Order" }).click();
    await expect(page.getByTestId("invoice-deposit-status")).toHaveText("Paid", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("order-stages").locator('[aria-current="step"]')).toContainText("Deposit received");
  await expect(page.getByTestId("payment-outstanding")).toHaveText(BALANCE);
  // one e-mail for the payment, which names the stage it reached (no second one for the stage)
  const depositMail = await oneMail(page, `Payment received for your order ${orderNumber}: Deposit received`);
  expect(depositMail.text).toContain(`${usdtAmount} USDT (${DEPOSIT})`);
  expect(depositMail.text).toContain(`Still to pay: ${BALANCE}.`);

  // 6b. the customer's portal, on a phone: the signed contract (the fingerprint of the PDF they were
  // e-mailed), a progress photo staff post, a message each way with a photo attached, a change order signed
  // with an e-mailed code; the figures that follow include the change
  const orderId = (await (await staff.page.request.get(`${ADMIN_ORIGIN}/api/admin/orders?q=${orderNumber}`)).json())[0]
    .id as number;
  const contractMail = await oneMail(page, `Your signed contract for order ${orderNumber}`);
  await page.setViewportSize({ width: 375, height: 812 });
  await portalSignIn(page, EMAIL);
  await page.getByTestId("portal-project").getByRole("link", { name: orderNumber }).click();
  const documents = page.getByTestId("project-documents");
  await expect(documents).toContainText(`Contract for order ${orderNumber}`);
  await expect(documents).toContainText(contractMail.attachments[0]!.sha256);

  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#92400e" } })
    .jpeg()
    .toBuffer();
  const posted = await staff.page.request.post(
    `${ADMIN_ORIGIN}/api/admin/orders/${orderId}/photos?stage=deposit_received&caption=${encodeURIComponent("Steel cut for your home")}`,
    { headers: { "content-type": "image/jpeg" }, data: photo },
  );
  expect(posted.status()).toBe(201);
  await oneMail(page, "A new photo of your home: Deposit received");
  await page.reload();
  await expect(page.getByTestId("project-photos")).toContainText("Steel cut for your home");
  await expect(page.getByTestId("project-photos").getByRole("img", { name: "Steel cut for your home" })).toBeVisible();

  const thread = page.getByTestId("project-messages");
  await page.getByLabel("Attach a photo or PDF (up to 10 MB)").setInputFiles({
    name: "site-plan.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  await expect(page.getByRole("list", { name: "Files to send" })).toContainText("site-plan.jpg");
  await page.getByLabel("Your message").fill("Here is where the driveway goes.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(thread).toContainText("Here is where the driveway goes.");
  await expect(thread.getByRole("link", { name: /site-plan\.jpg/ })).toBeVisible();
  await staff.page.goto("/admin?tab=orders");
  await staff.page.getByRole("button", { name: `View Details of order ${orderNumber}` }).click();
  const orderDialog = staff.page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(orderDialog.getByTestId("order-messages")).toContainText("Here is where the driveway goes.");
  await orderDialog.getByLabel("Write to the customer").fill("Thank you: we will pour the pad there.");
  await orderDialog.getByRole("button", { name: "Send Message" }).click();
  await expect(orderDialog.getByTestId("order-messages")).toContainText("we will pour the pad there");
  await orderDialog.getByRole("button", { name: "Close dialog" }).click();
  await oneMail(page, `A message about your order ${orderNumber}`);

  const change = await staff.page.request.post(`${ADMIN_ORIGIN}/api/admin/orders/${orderId}/change-orders`, {
    data: {
      note: "A second bathroom window",
      lines: [
        { kind: "custom", name: "Bathroom window", unitPrice: { amount: 100_000, currency: "USD" }, quantity: 1 },
      ],
    },
  });
  expect(change.status(), await change.text()).toBe(201);
  await oneMail(page, `Change order 1 to your order ${orderNumber}: ready to sign`);
  await page.reload();
  await expect(thread).toContainText("we will pour the pad there");
  const changes = page.getByTestId("change-orders");
  await expect(changes.getByTestId("change-order-delta")).toHaveText(`+${CHANGE}`);
  await expect(changes).toContainText(`Your total goes from ${TOTAL} to ${NEW_TOTAL}`);
  await changes.getByRole("textbox", { name: "Your full name" }).fill("Rosa Journey");
  await changes.getByRole("checkbox", { name: /I agree to change order 1/ }).check();
  await signWithEmailedCode(page, EMAIL);
  await changes.getByRole("button", { name: "Sign Change Order" }).click();
  await expect(changes).toContainText("Change order 1 · Signed");
  await expect(documents).toContainText(`Change order 1 to order ${orderNumber}`);
  await expect(page.getByTestId("project-outstanding")).toHaveText(NEW_BALANCE);
  await page.screenshot({ path: `${SHOTS}/portal-375.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  // 7. staff move the build through the stages on the pipeline board
  await staff.page.goto("/admin/pipeline");
  const column = (stage: string) => staff.page.locator(`[data-stage="${stage}"]`);
  const card = staff.page.locator(`[data-order="${orderNumber}"]`);
  await expect(column("deposit_received").locator(`[data-order="${orderNumber}"]`)).toBeVisible();
  await expect(card.getByTestId("outstanding")).toHaveText(NEW_BALANCE);
  await expect(card.getByRole("button", { name: /Balance paid/ })).toHaveCount(0);
  for (const [label, stage] of [
    ["In production", "in_production"],
    ["Quality check", "quality_check"],
    ["Ready for delivery", "ready_for_delivery"],
  ] as const) {
    await card.getByRole("button", { name: `→ ${label}` }).click();
    await expect(column(stage).locator(`[data-order="${orderNumber}"]`)).toBeVisible();
  }
  await staff.page.screenshot({ path: `${SHOTS}/pipeline.png`, fullPage: true });
  await card.getByRole("button", { name: "→ Delivered" }).click();
  await expect(column("delivered").locator(`[data-order="${orderNumber}"]`)).toBeVisible();
  await expect(card.getByRole("button")).toHaveCount(0); // nothing to do but wait for the balance

  // 8. staff record the balance as a bank transfer in the order's details
  await staff.page.goto("/admin?tab=orders");
  await staff.page.getByRole("button", { name: `View Details of order ${orderNumber}` }).click();
  const details = staff.page.getByRole("dialog", { name: `Order ${orderNumber}` });
  const money = details.getByTestId("order-payments");
  await expect(money.getByTestId("admin-invoice-deposit")).toContainText(`paid ${DEPOSIT}`);
  // the watcher credited the transfer (audited as "watcher"), and the order's events list it
  await expect(money.getByRole("list", { name: "Payments" })).toContainText("by watcher");
  await expect(money.getByTestId("order-events")).toContainText(`Payment ${DEPOSIT}`);
  await expect(money.getByTestId("ledger-outstanding")).toHaveText(NEW_BALANCE);
  await money.getByLabel("Amount (USD; negative for a refund)").fill("28793.75");
  await money.getByLabel("Bank reference").fill(`${orderNumber}-B WIRE 5521`);
  await money.getByLabel("Note").fill("Balance on delivery");
  await money.getByRole("button", { name: "Record payment" }).click();
  await expect(money.getByTestId("ledger-outstanding")).toHaveText("$0.00");
  await expect(money.getByRole("list", { name: "Payments" })).toContainText(`${orderNumber}-B WIRE 5521`);
  await expect(money.getByTestId("admin-invoice-balance")).toContainText("outstanding $0.00");
  await details.getByRole("button", { name: "Close dialog" }).click();

  // the whole order paid after delivery: balance paid by itself; staff complete it on the board
  await staff.page.goto("/admin/pipeline");
  await expect(column("balance_paid").locator(`[data-order="${orderNumber}"]`)).toBeVisible();
  await expect(card.getByTestId("outstanding")).toHaveText("$0.00");
  await card.getByRole("button", { name: "→ Completed" }).click();
  await expect(column("completed").locator(`[data-order="${orderNumber}"]`)).toBeVisible();

  // 9. the customer sees every stage with its date, and everything paid
  await lookUp();
  const stages = page.getByTestId("order-stages");
  await expect(stages.locator('[aria-current="step"]')).toContainText("Completed");
  await expect(page.getByTestId("order-status")).toHaveText("Completed");
  for (const label of ["Deposit received", "In production", "Quality check", "Delivered", "Balance paid"]) {
    await expect(stages).toContainText(label);
  }
  await expect(page.getByTestId("invoice-balance-status")).toHaveText("Paid");
  await expect(page.getByTestId("payment-outstanding")).toHaveText("$0.00");
  await expect(page.getByTestId("paid-in-full")).toBeVisible();
  await expect(page.getByTestId("wallet-qr")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/order-status.png`, fullPage: true });

  // 10. every customer e-mail: the balance's receipt (which names "Balance paid") and one for each staff
  // move, each once
  const paymentMails = new RegExp(`^Payment received for your order ${orderNumber}`);
  await expect.poll(async () => (await mailsTo(page, paymentMails)).length).toBe(2);
  const balanceMail = await oneMail(page, `Payment received for your order ${orderNumber}: Balance paid`);
  expect(balanceMail.text).toContain(`We have received your payment of ${NEW_BALANCE}`);
  expect(balanceMail.text).toContain(`Paid so far: ${NEW_TOTAL} of ${NEW_TOTAL}.`);
  expect(balanceMail.text).toContain("Your order is paid in full.");
  for (const label of ["In production", "Quality check", "Ready for delivery", "Delivered", "Completed"]) {
    const mail = await oneMail(page, `Your order ${orderNumber}: ${label}`);
    expect(mail.text).toContain(`Order ${orderNumber}: ${label}.`);
    expect(mail.text).toContain(`/order-status?order=${orderNumber}`);
  }
  // 9b. after completion the customer opens a warranty claim in the portal
  await page.goto(`/portal/${orderNumber}`);
  await page.getByLabel("What needs fixing?").fill("The back door sticks when it rains.");
  await page.getByRole("button", { name: "Open a Warranty Claim" }).click();
  await expect(page.getByTestId("warranty-claims")).toContainText("Received");
  await oneMail(page, /^Your warranty claim #\d+: Received$/);

  // and nothing else reached the customer: acknowledgement, proposal, signing code, confirmation, the signed
  // contract, 2 payments, 5 stages; in the portal: the sign-in link, the photo, staff's message, the change
  // order, its signing code and its signed PDF, the warranty claim's receipt
  const subjects = (await emailReceived(page)).filter((m) => m.to.includes(EMAIL)).map((m) => m.subject);
  expect(subjects, subjects.join("\n")).toHaveLength(19);

  // 11. the funnel over a chosen period counts this sale from the quote request to the deposit
  await expect
    .poll(() => readFunnel(staff.page))
    .toEqual({ depositsPaid: before.depositsPaid + 1, depositsFromQuotes: before.depositsFromQuotes + 1 });
  await expect(staff.page.getByTestId("funnel-period")).toContainText("(UTC)");
  // a range that ends before it starts is refused before it is asked for
  await staff.page.getByRole("combobox", { name: "Period" }).selectOption({ label: "Custom range" });
  await staff.page.getByLabel("From", { exact: true }).fill("2026-03-31");
  await staff.page.getByLabel("To", { exact: true }).fill("2026-03-01");
  await expect(staff.page.getByText("must be on or after from")).toBeVisible();
  await staff.context.close();
});

test("staff edit and delete price-list rows; a sent proposal keeps the figures it was priced with", async ({
  page,
  browser,
}) => {
  const staff = await staffSession(browser, { width: 1440, height: 900 });
  const api = staff.page.request;
  const lists = await (await api.get("/api/trpc/proposals.priceLists")).json();
  const finish = (lists.result.data.options as { id: number; name: string }[]).find((o) =>
    o.name.startsWith("Finish upgrade"),
  )!;
  // Finish upgrade $3,900.00 × 2 = $7,800.00; no delivery; OK general goods 4.5 % = $351.00; total $8,151.00
  const created = await api.post("/api/admin/proposals", {
    headers: { origin: ADMIN_ORIGIN },
    data: {
      customerName: "Price Keeper",
      email: "keeper@example.com",
      state: "OK",
      lines: [{ kind: "option", optionId: finish.id, quantity: 2 }],
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(created.status()).toBe(201);
  const proposal = await created.json();
  expect(
    (await api.post(`/api/admin/proposals/${proposal.id}/send`, { headers: { origin: ADMIN_ORIGIN } })).status(),
  ).toBe(200);

  await staff.page.goto("/admin/proposals");
  const options = staff.page.getByRole("table", { name: "Options" });
  await options.getByRole("button", { name: `Edit ${finish.name}` }).click();
  const form = staff.page.getByRole("form", { name: `Edit option ${finish.name}` });
  await form.getByLabel("Option name").fill("Finish upgrade (premium)");
  await form.getByLabel("Price ($)").fill("4250");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(options.getByRole("row", { name: /Finish upgrade \(premium\)/ })).toContainText("$4,250.00");

  const bands = staff.page.getByRole("table", { name: "Delivery bands" });
  await bands.getByRole("button", { name: "Edit 250–500 miles" }).click();
  const bandForm = staff.page.getByRole("form", { name: "Edit delivery band 250–500 miles" });
  await bandForm.getByLabel("Fee ($)").fill("6100");
  await bandForm.getByRole("button", { name: "Save" }).click();
  await expect(bands.getByRole("row", { name: /250–500 miles/ })).toContainText("$6,100.00");

  // each state has three rates (general goods, housing, the delivery charge): the option is general goods
  const rates = staff.page.getByRole("table", { name: "Tax rates" });
  const okRows = rates.getByRole("row", { name: /^OK / });
  const okGeneral = rates.getByRole("row", { name: /^OK General goods/ });
  await expect(okRows).toHaveCount(3);
  await rates.getByRole("button", { name: "Edit OK rate", exact: true }).click();
  const rateForm = staff.page.getByRole("form", { name: "Edit the OK rate" });
  await rateForm.getByLabel("Rate (%)").fill("5");
  await rateForm.getByRole("button", { name: "Save" }).click();
  await expect(okGeneral).toContainText("5%");
  await expect(rates.getByRole("row", { name: /^OK Delivery charge/ })).toContainText("4.5%");

  await staff.page.getByRole("button", { name: "Edit Covered deck (12 × 20 ft)" }).click();
  await staff.page.screenshot({ path: `${SHOTS}/price-lists.png`, fullPage: true });
  await staff.page
    .getByRole("form", { name: "Edit option Covered deck (12 × 20 ft)" })
    .getByRole("button", { name: "Cancel" })
    .click();
  await options.getByRole("button", { name: "Delete Finish upgrade (premium)" }).click();
  const confirm = staff.page.getByRole("dialog", { name: "Delete from the price list?" });
  await expect(confirm).toContainText("Proposals already made keep their prices.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(options.getByRole("row", { name: /Finish upgrade/ })).toHaveCount(0);
  await rates.getByRole("button", { name: "Delete OK rate", exact: true }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(okGeneral).toHaveCount(0);
  await expect(okRows).toHaveCount(2);
  await staff.context.close();

  // the customer's page still shows what was sent
  await page.goto(`/proposal/${proposal.token}`);
  await expect(page.locator('[aria-labelledby="lines-title"]')).toContainText("Finish upgrade");
  await expect(page.getByTestId("proposal-totals")).toContainText("$351.00");
  await expect(page.getByTestId("proposal-total")).toHaveText("$8,151.00");
});
