import { ADMIN_ROUTES, expect, signIn, test } from "./helpers";

test("a session ended on the server sends the open screen back to sign-in", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin?tab=orders");
  await expect(page.getByRole("table")).toBeVisible();
  await page.request.post("/api/admin/logout");
  await page.getByRole("tab", { name: "Contacts" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  for (const path of ADMIN_ROUTES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin\/login$/);
  }
});
