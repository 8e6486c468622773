import { expect, expectAccessible, test } from "./fixtures";

// every page is checked by axe at a desktop's and a phone's width in validators.spec.ts (one load per page);
// here: what only a click shows, and the empty cart

test("axe: the empty cart at 360px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 900 });
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "/cart (empty)");
});

test("axe: open dialogs, lightbox, chat and mobile menu", async ({ page }) => {
  await page.goto("/gallery");
  await page.getByTestId("gallery-tile").first().click();
  await expect(page.getByTestId("lightbox")).toBeVisible();
  await expectAccessible(page, "lightbox");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Get Quote" }).click();
  await expect(page.getByRole("dialog", { name: "Get a Quote" })).toBeVisible();
  await expectAccessible(page, "quote dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Open chat" }).click();
  await expect(page.locator("#chat-panel")).toBeVisible();
  await expectAccessible(page, "chat");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole("button", { name: "Close chat" }).first().click();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expectAccessible(page, "mobile menu");
});
