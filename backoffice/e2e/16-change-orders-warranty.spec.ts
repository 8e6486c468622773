// Change orders and warranty claims in the back office. On an order's details staff propose a change order
// (one custom line), see it wait for the customer's signature with the change to the total and to the
// invoices, and withdraw it. A completed order's customer opens a warranty claim with a photo from their
// portal; staff find it in the Warranty inbox, move it on with a note (the customer is e-mailed) and find it
// under its new status. Both are photographed at 1440 and 375 px (test-results/, not committed).
import type { Page } from "@playwright/test";
import { expectAccessible } from "../../storefront/e2e/fixtures";
import { expect, expectToast, linkMailedTo, placeOrder, pngBytes, STOREFRONT, signIn, test } from "./helpers";

test.describe.configure({ mode: "serial" });

const INBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4200) + 2}`;
const usd = (dollars: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(dollars);

/** Both widths, for a look at the layout: nothing may scroll sideways. */
async function photograph(page: Page, name: string, scrollTo: () => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 812 });
    await scrollTo();
    await page.screenshot({ path: `test-results/${name}-${width}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a change order on an order: proposed with a custom line, pending with its delta, then withdrawn", async ({
  page,
}) => {
  await signIn(page);
  const order = await placeOrder(page, { firstName: "Carl", lastName: "Changes", email: "carl.changes@example.com" });
  await page.goto(`/admin?tab=orders&order=${order.id}`);
  const dialog = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  const section = dialog.locator("section", { has: page.getByRole("heading", { name: "Change orders" }) });
  await expect(section.getByText("No change orders yet.")).toBeVisible();

  // what the form can say before asking: the note and the line's name and price
  const form = section.getByRole("form", { name: "Propose a change order" });
  await form.getByRole("button", { name: "Create Change Order" }).click();
  await expect(form.getByText("Say what changes and why")).toBeVisible();
  await expect(form.getByText("Name this line.")).toBeVisible();
  await expect(form.getByText("Enter a price in dollars")).toBeVisible();

  await form.getByLabel("What changes").fill("Add a covered porch on the east side.");
  await form.getByLabel("Line 1: custom item").fill("Covered porch");
  await form.getByLabel("Unit price ($)").fill("1000");
  await expect(form.getByLabel("Qty")).toHaveValue("1");
  await form.getByRole("button", { name: "Create Change Order" }).click();
  // a Texas order: the porch and its 6.25 % sales tax
  await expectToast(page, "Change Order Created", "Change order 1 (+$1,062.50) waits for the customer's signature.");
  const change = section.getByTestId("change-order-1");
  await expect(change).toContainText("pending");
  await expect(change).toContainText("Add a covered porch on the east side.");
  await expect(change.getByRole("list", { name: "Lines" })).toContainText("Covered porch");
  await expect(change.getByTestId("change-order-delta")).toHaveText("+$1,062.50");
  await expect(change).toContainText("(subtotal +$1,000.00, tax +$62.50)");
  await expect(change.getByTestId("change-order-totals")).toHaveText(
    `Once signed, the order's total goes from ${usd(order.totalAmount)} to ${usd(order.totalAmount + 1062.5)}.`,
  );
  await expect(change.getByRole("list", { name: "Effect on the invoices" })).toContainText("Balance invoice:");
  // the form is empty again for the next one
  await expect(form.getByLabel("What changes")).toHaveValue("");
  await expectAccessible(page, "order details with a pending change order");
  await photograph(page, "change-order-pending", () => change.scrollIntoViewIfNeeded());

  // withdrawn after a confirmation: the customer can no longer sign it
  await change.getByRole("button", { name: "Withdraw" }).click();
  const confirm = page.getByRole("dialog", { name: "Withdraw change order 1?" });
  await confirm.getByRole("button", { name: "Withdraw Change Order" }).click();
  await expectToast(page, "Change Order Withdrawn");
  await expect(change).toContainText("withdrawn");
  await expect(change).toContainText("Withdrawn on");
  await expect(change.getByTestId("change-order-totals")).toHaveCount(0);
  await expect(change.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  await photograph(page, "change-order-withdrawn", () => change.scrollIntoViewIfNeeded());
});

test("the warranty inbox: a completed home's claim with its photo, moved on with a note to the customer", async ({
  page,
  browser,
}) => {
  const CUSTOMER = { firstName: "Wanda", lastName: "Warranty", email: "wanda.warranty@example.com" };
  await signIn(page);
  const order = await placeOrder(page, CUSTOMER);
  // paid in full (each invoice by its own amount, in the REST money form), then moved through the stages to
  // completed, as staff would on the board
  const details = await (await page.request.get(`/api/admin/orders/${order.id}`)).json();
  for (const invoice of details.invoices as { id: number; amount: { amount: number; currency: string } }[]) {
    const paid = await page.request.post(`/api/admin/orders/${order.id}/payments`, {
      data: {
        amount: invoice.amount,
        invoiceId: invoice.id,
        receivedAt: new Date().toISOString().slice(0, 10),
        reference: `wire 16-${invoice.id}`,
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  }
  for (const stage of ["in_production", "quality_check", "ready_for_delivery", "delivered", "completed"]) {
    const moved = await page.request.put(`/api/admin/orders/${order.id}/stage`, { data: { stage } });
    expect(moved.status(), `${stage}: ${await moved.text()}`).toBe(200);
  }

  // the inbox before any claim, and its filter
  await page.goto("/admin/warranty");
  await expect(page.getByRole("heading", { name: "Warranty claims", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Warranty" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const filter = page.getByLabel("Show claims");
  await expect(filter).toHaveValue("open");
  await expect(page.getByText("No open claims.")).toBeVisible();

  // the customer opens a claim from their portal, with a photo uploaded to the thread first
  const customer = await browser.newContext();
  expect(
    (await customer.request.post(`${STOREFRONT}/api/portal/sign-in`, { data: { email: CUSTOMER.email } })).status(),
  ).toBe(202);
  const link = await linkMailedTo(page, CUSTOMER.email, /^Your projects with /);
  const token = new URL(link).hash.replace(/^#token=/, "");
  expect((await customer.request.post(`${STOREFRONT}/api/portal/session`, { data: { token } })).status()).toBe(201);
  const photo = await customer.request.post(
    `${STOREFRONT}/api/portal/projects/${order.orderNumber}/attachments?name=door.png`,
    { headers: { "content-type": "image/png" }, data: pngBytes(160, 120, [180, 80, 60]) },
  );
  expect(photo.status(), await photo.text()).toBe(201);
  const claimed = await customer.request.post(
    `${STOREFRONT}/api/portal/projects/${order.orderNumber}/warranty-claims`,
    {
      data: { description: "The back door sticks when it rains.", photos: [(await photo.json()).id] },
    },
  );
  expect(claimed.status(), await claimed.text()).toBe(201);
  const claim = (await claimed.json()) as { id: number };
  await customer.close();

  await page.reload();
  const row = page.getByTestId(`warranty-claim-${claim.id}`);
  await expect(row).toContainText("Wanda Warranty");
  await expect(row).toContainText(order.orderNumber);
  await expect(row).toContainText("The back door sticks when it rains.");
  await expect(row).toContainText("open");
  const thumbnail = row.getByRole("img", { name: "door.png" });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(row.getByRole("link", { name: "door.png" })).toHaveAttribute(
    "href",
    new RegExp(`^/api/admin/orders/${order.id}/documents/\\d+$`),
  );
  await expectAccessible(page, "the warranty inbox with a claim");
  await photograph(page, "warranty-inbox", () => row.scrollIntoViewIfNeeded());

  // moved on with a note: the customer is e-mailed, and the claim leaves the open ones
  await row.getByRole("button", { name: `Update claim ${claim.id} of Wanda Warranty` }).click();
  const update = page.getByRole("dialog", { name: "Warranty claim of Wanda Warranty" });
  await update.getByLabel("Status").selectOption("in_progress");
  await expect(update).toContainText("The customer sees “Being worked on”.");
  await update.getByLabel("Note to the customer").fill("A fitter will plane the door on Tuesday.");
  await expectAccessible(page, "the warranty claim's update dialog");
  await photograph(page, "warranty-update", async () => {});
  await update.getByRole("button", { name: "Save and e-mail" }).click();
  await expectToast(page, "Claim Updated", "Wanda Warranty is e-mailed: “Being worked on”.");
  await expect(update).toHaveCount(0);
  await expect(page.getByText("No open claims.")).toBeVisible();
  await filter.selectOption("in_progress");
  await expect(row).toContainText("in progress");
  await expect(row).toContainText("Told the customer: A fitter will plane the door on Tuesday.");
  await filter.selectOption("all");
  await expect(row).toBeVisible();
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`${INBOX}/email`)).json()) as { to: string[]; subject: string }[];
      return mails.filter((m) => m.to.includes(CUSTOMER.email) && /: Being worked on$/.test(m.subject)).length;
    })
    .toBe(1);
});
