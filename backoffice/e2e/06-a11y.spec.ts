// axe-core on every back-office screen, dialogs and tabs included: no serious or critical violation.
import { expectAccessible } from "../../storefront/e2e/fixtures";
import { expect, signIn, test } from "./helpers";

// several screens per test, each a full axe run: a loaded machine needs more than the default minute
test.describe.configure({ timeout: 150_000 });

test("sign-in and setup screens", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expectAccessible(page, "login");
  await page.goto("/admin/setup");
  await expect(page.getByText("Setup is closed")).toBeVisible();
  await expectAccessible(page, "setup");
  await page.goto("/admin/sign-in-link#token=an-e-mailed-sign-in-link-token");
  await expect(page.getByRole("heading", { name: "Let this browser sign in" })).toBeVisible();
  await expectAccessible(page, "sign-in link");
});

test("dashboard tabs and dialogs", async ({ page }) => {
  await signIn(page);
  for (const tab of ["overview", "analytics", "orders", "contacts", "products"]) {
    await page.goto(`/admin?tab=${tab}`);
    await expect(page.getByRole("tab", { selected: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    if (tab === "analytics") await expect(page.locator(".apexcharts-svg").first()).toBeVisible();
    await expectAccessible(page, `dashboard ${tab}`);
  }
  await page.goto("/admin?tab=orders");
  await page
    .getByRole("button", { name: /^View Details/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page, "order details");
  await page.keyboard.press("Escape");
  await page.goto("/admin?tab=contacts");
  await page
    .getByRole("button", { name: /^View Message/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "contact message");
  await page.keyboard.press("Escape");
  await page.goto("/admin?tab=products");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByRole("dialog", { name: "Add Product" })).toBeVisible();
  await expectAccessible(page, "product form");
});

test("visitors, gallery, blog and activity", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/visitors");
  await expect(page.locator(".apexcharts-svg").first()).toBeVisible();
  await expectAccessible(page, "visitors overview");
  for (const tab of ["Recent Visitors", "Detailed Stats"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expectAccessible(page, `visitors ${tab}`);
  }
  await page.goto("/admin/gallery");
  await expect(page.getByTestId("gallery-item").first()).toBeVisible();
  await expectAccessible(page, "gallery");
  await page.getByRole("button", { name: "Add Gallery Item" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "gallery form");
  await page.goto("/admin/blog");
  await expect(page.getByRole("table")).toBeVisible();
  await expectAccessible(page, "blog");
  await page.getByRole("button", { name: "New Post" }).click();
  await expect(page.getByLabel("Title")).toBeVisible();
  await expectAccessible(page, "post form");
  await page.goto("/admin/activity");
  await expect(page.getByRole("table")).toBeVisible();
  await expectAccessible(page, "activity");
});

test("SEO report and notifications screens", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/seo");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page, "seo report");
  await page.goto("/admin/notifications");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page, "notifications");
});
