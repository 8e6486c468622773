import { ADMIN, ADMIN_ROUTES, expect, expectToast, test } from "./helpers";

const OWNER_EMAIL = "owner@example.test";

test("every admin route redirects to /admin/login without a session", async ({ page }) => {
  for (const path of ADMIN_ROUTES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin\/login$/);
  }
  await page.goto("/");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("setup: explains itself, asks an e-mail, checks mismatch then length, refuses a common password, then creates the admin once and signs it in", async ({
  page,
}) => {
  await page.goto("/admin/setup");
  await expect(page.getByRole("heading", { name: "Setup Admin Account" })).toBeVisible();
  await expect(page.getByText("as soon as an admin account exists, this form is closed")).toBeVisible();
  await expect(page.getByLabel("Setup token")).toHaveCount(0);

  // where a password reset link goes: the owner can always get back in
  await expect(page.getByLabel("E-mail")).toHaveAttribute("type", "email");
  const fill = async (password: string, confirm: string) => {
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("E-mail").fill(OWNER_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm Password").fill(confirm);
    await page.getByRole("button", { name: "Create Admin Account" }).click();
  };
  // both wrong: the mismatch is reported first
  await fill("abc", "abd");
  await expectToast(page, "Password Mismatch", "Passwords do not match");
  await fill("abc", "abc");
  await expectToast(page, "Password Too Short", "Password must be at least 12 characters long");
  await fill("password123456", "password123456");
  await expectToast(page, "Setup Failed");
  await expect(page.getByTestId("toast")).toHaveAttribute("data-variant", "destructive");
  await expect(page.getByTestId("toast")).toContainText(/common/i);

  await fill(ADMIN.password, ADMIN.password);
  // signed in at once: straight to the dashboard, no second sign-in
  await expectToast(page, "Admin Account Created!", "You are signed in.");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const account = await page.request.get("/api/admin/account");
  expect(account.status()).toBe(200);
  expect(await account.json()).toMatchObject({ username: ADMIN.username, role: "owner", email: OWNER_EMAIL });

  await page.goto("/admin/setup");
  await expect(page.getByText("Setup is closed")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Admin Account" })).toHaveCount(0);
  const again = await page.request.post("/api/admin/setup", {
    data: { username: "second", password: "An0ther-Passphrase" },
  });
  expect(again.status()).toBe(409);
});
