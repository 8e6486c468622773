// The customer's portal (issue 26, its first part): a customer with an order asks for a sign-in link,
// opens it from the e-mail the SMTP sink received, sees their project with its money and stages, opens
// it, and signs out; a used link is refused. At 375 and 1440 px, each width its own customer. The rest of
// the portal (messages, photos, the contract, a change order, a warranty claim) is the sale's journey's.
import {
  cleveland,
  ensureOwner,
  expect,
  placeOrderThroughApi,
  portalSignIn,
  test,
  viewportAt,
  WIDTHS,
} from "./fixtures";

test.beforeAll(async ({ playwright }) => {
  await ensureOwner(playwright);
});

for (const width of WIDTHS) {
  test(`a customer signs in to the portal by e-mailed link and sees their project (${width} px)`, async ({ page }) => {
    await page.setViewportSize(viewportAt(width));
    const email = `portal.${width}@example.test`;
    const order = await placeOrderThroughApi(page.request, { cartItems: [cleveland], email });

    await page.goto("/portal");
    await expect(page.getByRole("heading", { name: "Your Projects", level: 1 })).toBeVisible();
    const opened = await portalSignIn(page, email);
    // the token is taken off the address bar
    expect(new URL(page.url()).hash).toBe("");
    const project = page.getByTestId("portal-project");
    await expect(project).toHaveCount(1);
    await expect(project).toContainText(order.orderNumber);
    await expect(project).toContainText("Awaiting deposit");
    await page.screenshot({ path: `test-results/portal-projects-${width}.png`, fullPage: true });

    await project.getByRole("link", { name: order.orderNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/portal/${order.orderNumber}$`));
    await expect(page.getByTestId("order-status-result")).toContainText(order.orderNumber);
    await expect(page.getByTestId("project-outstanding")).not.toHaveText("");
    // the thread, photos, documents, a change order and a warranty claim: sale-journey.spec.ts
    await page.screenshot({ path: `test-results/portal-project-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // signed out, the page asks for a link again; the spent link is refused
    await page.getByRole("link", { name: "← All your projects" }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("button", { name: "Email Me a Sign-in Link" })).toBeVisible();
    await page.goto(`/portal${opened.hash}`);
    await expect(page.getByRole("alert")).toContainText("This sign-in link has been used");
  });
}
