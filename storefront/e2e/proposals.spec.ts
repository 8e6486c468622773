// A proposal with a custom line, and its acceptance's checks, both origins: a quote request → staff build
// a proposal from the lead with an option, a custom line (a cent-rounded tax) and delivery, and send it →
// the customer opens the e-mailed link, sees the server's figures, is told what acceptance needs, accepts
// → the deposit invoice → the deposit recorded as a bank transfer moves the order to "deposit received"
// by itself. A proposal with its own payment schedule shows the customer each milestone, when it falls due
// and its amount. The whole sale after that (USDT seen on the chain, the stages on the board, the balance,
// every e-mail, the funnel) is sale-journey.spec.ts.
import { money } from "@ch/contracts/money";
import { splitMilestones } from "@ch/contracts/totals";
import {
  ADMIN_ORIGIN,
  austinCustomer,
  emailReceived,
  ensureOwner,
  expect,
  lookUpOrder,
  proposalForQuoteRequest,
  signWithEmailedCode,
  staffApi,
  test,
} from "./fixtures";

const EMAIL = "dana.proposal@example.com";

test.beforeAll(async ({ playwright }) => {
  await ensureOwner(playwright);
});

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
const usd = (amountCents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amountCents / 100);

const mailsTo = async (page: import("@playwright/test").Page, subject: RegExp) =>
  (await emailReceived(page)).filter((m) => m.to.includes(EMAIL) && subject.test(m.subject));

test("quote request → proposal with a custom line → acceptance checks → bank-transfer deposit moves the stage", async ({
  page,
  browser,
}) => {
  // 1. the customer asks for a quote; 2. staff build a proposal from the lead: the delivery address, an
  // option, a custom line, delivery; then send it
  const staff = await proposalForQuoteRequest(
    page,
    browser,
    { firstName: "Dana", lastName: "Reyes", email: EMAIL, message: "A 40ft home near Austin" },
    { address: "9 Ranch Rd", city: "Austin", zipCode: "78701" },
  );
  await staff.page.getByRole("button", { name: "Add option" }).click();
  await staff.page
    .getByRole("combobox", { name: "Line 1: option" })
    .selectOption({ label: "Concrete pier foundation ($4,500)" });
  await staff.page.getByRole("button", { name: "Add custom line" }).click();
  await staff.page.getByRole("textbox", { name: "Line 2: custom item" }).fill("Site work");
  await staff.page.getByRole("textbox", { name: "Unit price ($)" }).fill("12500.50");
  await staff.page.getByRole("combobox", { name: "Delivery" }).selectOption({ label: "Up to 100 miles: $1,500" });
  await staff.page.getByRole("button", { name: "Create proposal" }).click();
  // 4,500 + 12,500.50 = 17,000.50; + delivery 1,500 = 18,500.50; TX 6.25 % = 1,156.28125 → 1,156.28; total 19,656.78
  await expect(staff.page.getByTestId("proposal-figures")).toContainText("$19,656.78");
  await staff.page.getByRole("button", { name: "Send to customer" }).click();
  await expect(staff.page.getByTestId("proposal-status")).toHaveText("sent");
  const link = (await staff.page.getByTestId("proposal-link").textContent())!.trim();
  const path = new URL(link).pathname;

  // the e-mail carries the same link
  await expect.poll(async () => (await mailsTo(page, /proposal/i)).length).toBe(1);
  const [sent] = await mailsTo(page, /proposal/i);
  expect(sent!.text).toContain(path);
  expect(sent!.text).toContain("$19,656.78");

  // 3. the customer opens the link and sees the figures (noindex)
  await page.goto(path);
  await expect(page.getByTestId("proposal-total")).toHaveText("$19,656.78");
  await expect(page.getByTestId("proposal-deposit")).toHaveText("$9,828.39");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  // accepting needs the typed name and the agreement
  // (both reasons next to their fields, marked for assistive technology; the name field takes focus)
  await page.getByRole("button", { name: "Accept Proposal" }).click();
  const name = page.getByRole("textbox", { name: "Your full name" });
  const agree = page.getByRole("checkbox", { name: /I agree to the terms/ });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Please type your full name.");
  await expect(name).toBeFocused();
  await expect(agree).toHaveAttribute("aria-invalid", "true");
  await expect(agree).toHaveAccessibleDescription("Please confirm that you agree to the terms.");
  await name.fill("Dana Reyes");
  await expect(name).not.toHaveAttribute("aria-invalid");
  await agree.check();
  await expect(agree).not.toHaveAttribute("aria-invalid");
  // and the consent to sign electronically, with the code e-mailed to the proposal's address
  const code = page.getByRole("textbox", { name: "Signing code" });
  await expect(code).toHaveAccessibleDescription(/Please type the 6-digit code/);
  await signWithEmailedCode(page, EMAIL);
  await page.getByRole("button", { name: "Accept Proposal" }).click();
  await expect(page.getByTestId("proposal-state")).toContainText("Accepted by Dana Reyes");
  const orderNumber = (await page.getByTestId("proposal-state").locator("strong").textContent())!.trim();
  expect(orderNumber).toMatch(/^CH-\d{4}-\d{6}$/);
  await expect.poll(async () => (await mailsTo(page, new RegExp(`^Your order ${orderNumber}$`))).length).toBe(1);
  const [confirmation] = await mailsTo(page, new RegExp(`^Your order ${orderNumber}$`));
  expect(confirmation!.text).toContain("$9,828.39");
  // the signed contract, as a PDF attached, to the customer (and a copy to the business)
  await expect.poll(async () => (await mailsTo(page, /^Your signed contract for order /)).length).toBe(1);
  const [contract] = await mailsTo(page, new RegExp(`^Your signed contract for order ${orderNumber}$`));
  expect(contract!.attachments).toEqual([
    {
      filename: `contract-${orderNumber}.pdf`,
      type: "application/pdf",
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    },
  ]);
  expect(contract!.text).toContain(contract!.attachments[0]!.sha256);

  // 4. the order-status page shows the deposit invoice and the first stage
  const lookUp = () => lookUpOrder(page, orderNumber, EMAIL);
  await lookUp();
  await expect(page.getByTestId("invoice-deposit")).toContainText(`${orderNumber}-D`);
  await expect(page.getByTestId("invoice-deposit")).toContainText("$9,828.39");
  await expect(page.getByTestId("order-stages").locator('[aria-current="step"]')).toContainText("Awaiting deposit");

  // 5. the deposit arrives (staff record the bank transfer): the stage moves by itself
  const board = await staff.page.request.get("/api/admin/pipeline");
  const order = ((await board.json()) as { id: number; orderNumber: string }[]).find(
    (o) => o.orderNumber === orderNumber,
  )!;
  const paid = await staff.page.request.post(`/api/admin/orders/${order.id}/payments`, {
    headers: { origin: ADMIN_ORIGIN },
    data: {
      method: "bank-transfer",
      amount: money(982_839),
      receivedAt: new Date().toISOString().slice(0, 10),
      reference: `${orderNumber}-D`,
    },
  });
  expect(paid.status()).toBe(201);

  // the stage moved by itself (the stages after it, their e-mails and the funnel: sale-journey.spec.ts)
  await lookUp();
  await expect(page.getByTestId("order-stages").locator('[aria-current="step"]')).toContainText("Deposit received");
  await expect
    .poll(async () => (await mailsTo(page, new RegExp(`^Payment received for your order ${orderNumber}`))).length)
    .toBe(1);
  await staff.context.close();
});

test("a proposal with its own payment schedule shows the customer each milestone and its amount", async ({
  page,
  playwright,
}) => {
  const staff = await staffApi(playwright);
  const created = await staff.post("/api/admin/proposals", {
    data: {
      ...austinCustomer("Mara Milestone", "mara.milestone@example.com", "3 Oak Ct"),
      lines: [{ kind: "custom", name: "40ft home", unitPrice: money(5_000_000), quantity: 1 }],
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      paymentSchedule: [
        { label: "Signing", percent: 30, dueOn: "acceptance" },
        { label: "Production start", percent: 40, dueOn: "in_production" },
        { label: "Balance", percent: 30, dueOn: "delivered" },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: number; token: string };
  expect((await staff.post(`/api/admin/proposals/${id}/send`)).status()).toBe(200);
  await staff.dispose();

  await page.goto(`/proposal/${token}`);
  const total = cents((await page.getByTestId("proposal-total").textContent())!);
  const [signing, production, balance] = splitMilestones(total, [{ percent: 30 }, { percent: 40 }, { percent: 30 }]);
  const figures = page.locator("dl", { has: page.getByTestId("proposal-total") });
  await expect(figures).toContainText("Signing due on acceptance (30%)");
  await expect(page.getByTestId("proposal-deposit")).toHaveText(usd(signing!));
  await expect(figures).toContainText("Production start due at production start (40%)");
  await expect(figures).toContainText("Balance due on delivery (30%)");
  await expect(page.getByTestId("proposal-milestone")).toHaveText([usd(production!), usd(balance!)]);
});

test("an unknown proposal link says so", async ({ page }) => {
  await page.goto(`/proposal/${"A".repeat(32)}`);
  await expect(page.getByRole("heading", { name: "Proposal not found" })).toBeVisible();
});
