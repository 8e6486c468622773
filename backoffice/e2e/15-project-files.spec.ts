// An order's project files in the back office: staff upload a permit (PDF) and download it again, post a
// progress photo on the order's stage, and answer the customer with a file attached; the customer's
// message (sent from the portal) shows on the orders table as "1 new" until staff read the thread.
// The dialog is photographed at 1440 and 375 px (test-results/, not committed).
import { expectAccessible } from "../../storefront/e2e/fixtures";
import { expect, expectToast, linkMailedTo, placeOrder, pngBytes, STOREFRONT, signIn, test } from "./helpers";

test.describe.configure({ mode: "serial" });

const CUSTOMER = { firstName: "Paula", lastName: "Permits", email: "paula.permits@example.com" };
let order: { id: number; orderNumber: string; totalAmount: number };

/** A tiny valid PDF (one empty page), made by hand with its cross-reference table. */
function pdfBytes(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  order = await placeOrder(page, CUSTOMER);
  // the customer writes from their portal (a sign-in link by e-mail, then the thread's REST path)
  const customer = await browser.newContext();
  const signInLink = await customer.request.post(`${STOREFRONT}/api/portal/sign-in`, {
    data: { email: CUSTOMER.email },
  });
  expect(signInLink.status()).toBe(202);
  const link = await linkMailedTo(page, CUSTOMER.email, /^Your projects with /);
  const token = new URL(link).hash.replace(/^#token=/, "");
  expect((await customer.request.post(`${STOREFRONT}/api/portal/session`, { data: { token } })).status()).toBe(201);
  const wrote = await customer.request.post(`${STOREFRONT}/api/portal/projects/${order.orderNumber}/messages`, {
    data: { body: "Has the building permit come through?" },
  });
  expect(wrote.status()).toBe(201);
  await customer.close();
  await page.close();
});

test("the orders table shows the customer's unread message until the thread is read", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin?tab=orders");
  const row = page.getByTestId(`order-row-${order.orderNumber}`);
  await expect(row.getByTestId("unread-messages")).toHaveText("1 new message");
  await row.screenshot({ path: "test-results/project-files-unread-row.png" });
  await page.getByRole("button", { name: `View Details of order ${order.orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  await expect(dialog.getByTestId("order-messages")).toContainText("Has the building permit come through?");
  await dialog.getByRole("button", { name: "Close dialog" }).click();
  await expect(row.getByTestId("unread-messages")).toHaveCount(0);
});

test("documents, progress photos and a message with a file, on the order's details", async ({ page }) => {
  await signIn(page);
  await page.goto(`/admin?tab=orders&order=${order.id}`);
  const dialog = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  await expect(dialog.getByRole("heading", { name: "Documents" })).toBeVisible();
  await expect(dialog.getByText("No documents yet.")).toBeVisible();

  // a document: a file that is no PDF or image is named before anything is sent
  const upload = dialog.getByRole("form", { name: "Upload a document" });
  await upload.getByLabel("Kind").selectOption("permit");
  await upload.getByLabel("Title").fill("Building permit");
  await upload.getByLabel("Document file").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a pdf"),
  });
  await upload.getByRole("button", { name: "Upload Document" }).click();
  await expect(upload.getByText("notes.txt is not a PDF, JPEG, PNG or WebP file.")).toBeVisible();
  await upload.getByLabel("Document file").setInputFiles({
    name: "permit.pdf",
    mimeType: "application/pdf",
    buffer: pdfBytes(),
  });
  await upload.getByRole("button", { name: "Upload Document" }).click();
  await expectToast(page, "Document Uploaded", "Building permit is in the customer's portal.");
  const documents = dialog.getByRole("list", { name: "Documents" });
  await expect(documents).toContainText("Building permit");
  await expect(documents).toContainText("Permit");
  await expect(documents).toContainText(/SHA-256 [0-9a-f]{64}/);
  await expect(documents.getByTestId("document-not-intact")).toHaveCount(0);
  // the form is empty again for the next one
  await expect(upload.getByLabel("Title")).toHaveValue("");
  const link = documents.getByRole("link", { name: "Building permit" });
  await expect(link).toHaveAttribute("href", new RegExp(`^/api/admin/orders/${order.id}/documents/\\d+$`));
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("building-permit.pdf");

  // a progress photo, on the order's stage unless another is chosen
  const photo = dialog.getByRole("form", { name: "Post a progress photo" });
  await expect(photo.getByLabel("Stage")).toHaveValue("awaiting_deposit");
  await photo.getByLabel("Caption").fill("Site cleared for the foundation");
  await photo.getByLabel("Photo").setInputFiles({
    name: "site.png",
    mimeType: "image/png",
    buffer: pngBytes(320, 240, [120, 160, 90]),
  });
  await photo.getByRole("button", { name: "Post Photo" }).click();
  await expectToast(page, "Photo Posted");
  const group = dialog.getByTestId("photos-awaiting_deposit");
  await expect(group.getByRole("heading", { name: "Awaiting deposit" })).toBeVisible();
  await expect(group).toContainText("Site cleared for the foundation");
  const image = group.getByRole("img", { name: "Site cleared for the foundation" });
  await expect(image).toHaveAttribute("src", /^\/media\/.+\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // a message with a file: uploaded when chosen, listed, sent with the message and shown as a link on it
  await dialog.getByLabel("Attach files").setInputFiles({
    name: "site-plan.pdf",
    mimeType: "application/pdf",
    buffer: pdfBytes(),
  });
  const pending = dialog.getByRole("list", { name: "Files to send" });
  await expect(pending).toContainText("site-plan.pdf");
  await pending.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/project-files-pending.png" });
  await dialog.getByLabel("Write to the customer").fill("The permit is in: the site plan is attached.");
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message Sent");
  await expect(pending).toHaveCount(0);
  const sent = dialog.getByTestId("order-messages").getByRole("listitem").filter({ hasText: "The permit is in" });
  const attached = sent.getByRole("link", { name: "site-plan.pdf" });
  await expect(attached).toHaveAttribute("href", new RegExp(`^/api/admin/orders/${order.id}/documents/\\d+$`));
  const check = await page.request.get((await attached.getAttribute("href")) ?? "");
  expect(check.status()).toBe(200);
  expect(check.headers()["content-type"]).toContain("application/pdf");
  // every new field labelled, the filled dialog passes axe
  await expectAccessible(page, "order details with documents, photos and attachments");

  // the dialog at both widths, for a look at its layout
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 812 });
    for (const [name, heading] of [
      ["documents", "Documents"],
      ["photos", "Progress photos"],
      ["messages", "Messages with the customer"],
    ] as const) {
      await dialog.getByRole("heading", { name: heading, exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/project-files-${name}-${width}.png` });
    }
    const overflow = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});

test("a document whose stored bytes no longer match their SHA-256 is flagged in red", async ({ page }) => {
  await signIn(page);
  // the stored bytes cannot be changed from here: the list's answer says so, as the API would
  await page.route(/\/api\/trpc\/[^?]*projectFiles\.documents/, async (route) => {
    const answer = await route.fetch();
    await route.fulfill({
      response: answer,
      body: (await answer.text()).replaceAll('"intact":true', '"intact":false'),
    });
  });
  await page.goto(`/admin?tab=orders&order=${order.id}`);
  const dialog = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  const documents = dialog.getByRole("list", { name: "Documents" });
  await expect(documents.getByTestId("document-not-intact")).toContainText("no longer match their SHA-256");
  await expectAccessible(page, "a document not intact");
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 812 });
    await documents.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/project-files-not-intact-${width}.png` });
  }
});
