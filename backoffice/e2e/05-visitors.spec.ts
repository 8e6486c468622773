import { expect, STOREFRONT, signIn, test } from "./helpers";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

async function visit(page: import("@playwright/test").Page, path: string, referrer: string, ua: string) {
  const res = await page.request.post(`${STOREFRONT}/api/visits`, {
    data: { path, referrer },
    headers: { "user-agent": ua },
  });
  expect(res.status()).toBe(202);
}

test("visitor analytics: cards, tabs, labels, auto refresh and Refresh Now", async ({ page }) => {
  await signIn(page);
  await visit(page, "/", "https://www.google.com/search?q=container+homes+san+antonio+texas", CHROME);
  await visit(page, "/products", "", IPHONE);
  await visit(page, "/", "", CHROME);

  await page.clock.install();
  await page.goto("/admin/visitors");
  await expect(page.getByRole("heading", { name: "Visitor Analytics" })).toBeVisible();
  const card = (label: string) => page.locator("div", { has: page.getByText(label, { exact: true }) }).last();
  await expect(card("Total Visits")).toContainText(/\d/);
  const total = Number((await card("Total Visits").locator("p").nth(1).textContent()) ?? "0");
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(card("Unique Visitors")).toContainText("One device per day");
  await expect(page.getByText(/^A visitor is one device per day:/)).toBeVisible();
  await expect(card("Top Device")).toContainText(/visit/);
  await expect(card("Top Browser")).toContainText("Chrome");

  // Analytics Overview
  await expect(page.getByRole("tab", { name: "Analytics Overview" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("figure", { name: /^Top pages: Home \d+/ })).toBeVisible();
  await expect(page.getByRole("figure", { name: /^Devices:/ })).toBeVisible();
  await expect(page.getByRole("figure", { name: /^Browsers:/ })).toBeVisible();

  // Recent Visitors
  await page.getByRole("tab", { name: "Recent Visitors" }).click();
  const table = page.getByRole("table");
  for (const col of ["Time", "Page", "Device", "Browser", "Visitor", "Referrer", "Notified"]) {
    await expect(table.getByRole("columnheader", { name: col })).toBeVisible();
  }
  await expect(table.getByRole("cell", { name: "https://www.google.com/search?…" })).toBeVisible();
  await expect(table).not.toContainText("container+homes");
  await expect(table.getByRole("cell", { name: "Direct" }).first()).toBeVisible();
  await expect(table.getByRole("cell", { name: "Home" }).first()).toBeVisible();
  await expect(table.getByRole("cell", { name: /^(Yes|No)$/ }).first()).toBeVisible();
  const rowsBefore = await table.getByRole("row").count();

  // Detailed Stats
  await page.getByRole("tab", { name: "Detailed Stats" }).click();
  await expect(page.getByRole("heading", { name: "Top 10 Pages" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Browsers" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Devices" })).toBeVisible();
  await expect(page.getByText("data every 30 seconds")).toBeVisible();

  // Auto Refresh is off: 30 s pass and nothing reloads
  await page.getByRole("tab", { name: "Recent Visitors" }).click();
  await visit(page, "/gallery", "", CHROME);
  const autoRefresh = page.getByRole("switch", { name: /Auto Refresh/ });
  await expect(autoRefresh).not.toBeChecked();
  let reloads = 0;
  page.on("request", (r) => {
    if (r.url().includes("admin.visitors")) reloads += 1;
  });
  await page.clock.runFor(31_000);
  expect(reloads).toBe(0);
  await expect(table.getByRole("row")).toHaveCount(rowsBefore);

  // On: the list reloads every 30 s
  await autoRefresh.check();
  await page.clock.runFor(31_000);
  await expect(table.getByRole("row")).toHaveCount(rowsBefore + 1);
  await expect(table.getByRole("cell", { name: "/gallery" }).first()).toBeVisible();
  expect(reloads).toBeGreaterThan(0);

  // Refresh Now reloads on demand
  await autoRefresh.uncheck();
  await visit(page, "/blog", "", IPHONE);
  await page.getByRole("button", { name: "Refresh Now" }).click();
  await expect(table.getByRole("cell", { name: "/blog" }).first()).toBeVisible();
});
