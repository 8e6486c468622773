import { ADMIN, ADMIN_ROUTES, expect, expectToast, holdRequests, test } from "./helpers";

test("sign-in failure shows the server's message in a destructive toast", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByText("Sign in to access dashboard")).toBeVisible();
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToast(page, "Login Failed", "Invalid");
  await expect(page.getByTestId("toast")).toHaveAttribute("data-variant", "destructive");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("sign-in success: Signing In..., Welcome Back!, only the name in admin-auth; logout clears it", async ({
  page,
}) => {
  await page.goto("/admin/login");
  const release = await holdRequests(page, "**/api/admin/login");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Signing In..." })).toBeDisabled();
  release();
  await expectToast(page, "Welcome Back!", "Successfully logged in to admin dashboard.");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  const stored = await page.evaluate(() => localStorage.getItem("admin-auth"));
  expect(JSON.parse(stored ?? "null")).toEqual({ username: ADMIN.username });
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "ch_admin");
  expect(session?.httpOnly).toBe(true);
  expect(stored).not.toContain(session?.value ?? "---");

  // before any order or visit: empty states instead of empty charts
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByText("No revenue in the last 12 months yet.")).toBeVisible();
  await expect(page.getByText("No orders in the last 8 weeks.")).toBeVisible();
  await expect(page.locator(".apexcharts-svg")).toHaveCount(0);
  await page.getByRole("link", { name: "Visitor Analytics" }).click();
  await expect(page.getByText("No visits recorded yet.")).toBeVisible();
  await page.getByRole("tab", { name: "Recent Visitors" }).click();
  await expect(page.getByText("No visitors recorded yet.")).toBeVisible();

  // /admin and /admin/dashboard show the same screen
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");

  const logout = page.waitForRequest((r) => r.url().endsWith("/api/admin/logout") && r.method() === "POST");
  await page.getByRole("button", { name: "Logout" }).click();
  await logout;
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("admin-auth"))).toBeNull();
  for (const path of ADMIN_ROUTES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/admin\/login$/);
  }
});

test("a forged admin-auth value in storage opens nothing", async ({ page }) => {
  await page.goto("/admin/login");
  await page.evaluate(() => localStorage.setItem("admin-auth", JSON.stringify({ username: "owner", token: "x" })));
  await page.goto("/admin/visitors");
  await expect(page).toHaveURL(/\/admin\/login$/);
});
