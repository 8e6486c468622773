// API keys end to end: the owner creates a key in the back office (name, scopes, expiry), copies the key
// shown once, an integrator's client with no cookie calls an admin REST path with it (200; 403 naming a
// scope it lacks), the owner revokes it after confirming, and the next request is refused (401).
import { request as playwrightRequest } from "@playwright/test";
import { expect, expectToast, signIn, test } from "./helpers";

const ADMIN_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 4200) + 1}`;

test("the owner creates a key, an integrator uses it on /api/admin/*, and a revoked key is refused", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ADMIN_ORIGIN });
  await signIn(page);
  await page.goto("/admin/api-keys");
  await expect(page.getByRole("heading", { name: "API Keys" })).toBeVisible();
  await expect(page.getByRole("link", { name: "API Keys" })).toBeVisible();

  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByLabel("Name").fill("Accounting sync");
  // no scope: the server names the field
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("pick at least one scope")).toBeVisible();
  await expectToast(page, "Key not created");
  await dialog.getByRole("checkbox", { name: "orders:read" }).check();
  await dialog.getByRole("checkbox", { name: "leads:write" }).check();
  await dialog.getByLabel("Expires", { exact: true }).selectOption("90");
  await dialog.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByRole("dialog", { name: "New API key" });
  await shown.getByRole("button", { name: "Copy" }).click();
  await expectToast(page, "Key copied");
  const key = (await page.evaluate(() => navigator.clipboard.readText())).trim();
  expect(key).toMatch(/^chk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByLabel("API key")).toHaveText(key);
  await shown.getByRole("button", { name: "I have stored it" }).click();

  const table = page.getByRole("table", { name: "API keys" });
  const row = table.getByRole("row", { name: /Accounting sync/ });
  await expect(row).toContainText(key.slice(0, 16));
  await expect(row).toContainText("orders:read");
  await expect(row).toContainText("leads:write");
  await expect(row).toContainText("by owner");
  await expect(row).toContainText("Never"); // not used yet
  // the secret itself is never listed
  await expect(table).not.toContainText(key.slice(17));

  // an integrator's client: no cookie, its own origin
  const integrator = await playwrightRequest.newContext({ baseURL: ADMIN_ORIGIN });
  try {
    const auth = { authorization: `Bearer ${key}` };
    const orders = await integrator.get("/api/admin/orders", { headers: auth });
    expect(orders.status(), await orders.text()).toBe(200);
    expect(Array.isArray(await orders.json())).toBe(true);
    // a scope it lacks: 403 naming it
    const proposals = await integrator.get("/api/admin/proposals", { headers: auth });
    expect(proposals.status()).toBe(403);
    expect(((await proposals.json()) as { message: string }).message).toContain("proposals:read");

    await page.reload();
    await expect(table.getByRole("row", { name: /Accounting sync/ })).not.toContainText("Never");

    await table.getByRole("button", { name: "Revoke Accounting sync" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke API key" });
    await expect(confirm).toContainText("cannot be undone");
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await expectToast(page, "Key revoked");
    await expect(table.getByRole("row", { name: /Accounting sync/ })).toContainText("revoked");
    await expect(table.getByRole("button", { name: "Revoke Accounting sync" })).toHaveCount(0);

    const after = await integrator.get("/api/admin/orders", { headers: auth });
    expect(after.status()).toBe(401);
    expect(await after.json()).toMatchObject({ message: "API key revoked", code: "unauthenticated", issues: [] });
  } finally {
    await integrator.dispose();
  }
});
