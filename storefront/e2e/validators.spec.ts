// The standard validators over every public page and the back office's sign-in page; any error fails.
// - html-validate (rules in storefront/.htmlvalidate.json) on the HTML the server sends and on the page
//   as the browser holds it once the app has hydrated (client-only pages such as the cart are only
//   markup then). The rules it leaves out are React's own spelling, valid HTML either way: `<!doctype
//   html>` and `<meta ... />` (doctype-style, void-style), `disabled=""` (attribute-boolean-style),
//   `autoComplete` written in camelCase by React's server renderer (attr-case; attribute names are
//   case-insensitive) and useId's ids such as `_R_abc_` (valid-id, relaxed: any id without spaces).
// - pa11y (its HTML_CodeSniffer runner, WCAG 2 AA) in Debian's chromium; axe runs over the same pages
//   in a11y.spec.ts.
// - The heading outline: one h1 first, and no level skipped on the way down.
// The pages come from the storefront's route tree (src/routeTree.gen.ts): a route without a sample
// address below fails the first test, so a new page cannot escape the validators.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ConfigData, HtmlValidate } from "html-validate";
import pa11y from "pa11y";
import puppeteer, { type Browser } from "puppeteer";
import { CART_KEY, cleveland, expect, seedCart, test } from "./fixtures";

const STOREFRONT = `http://localhost:${Number(process.env.E2E_PORT ?? 4100)}`;
const BACKOFFICE = `http://localhost:${Number(process.env.E2E_PORT ?? 4100) + 1}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const validator = new HtmlValidate(
  JSON.parse(readFileSync(join(import.meta.dirname, "..", ".htmlvalidate.json"), "utf8")) as ConfigData,
);

/** Every full path of the storefront's route tree, as the router generated it. */
function routeTreePaths(): string[] {
  const tree = readFileSync(join(import.meta.dirname, "..", "src", "routeTree.gen.ts"), "utf8");
  const union = /fullPaths:\s*((?:\s*\|\s*'[^']*')+)/.exec(tree)?.[1] ?? "";
  return [...union.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}

/** Addresses to check for routes with parameters ("slug" is replaced by a published post's slug). */
const SAMPLES: Record<string, string[]> = {
  "/blog/": ["/blog"],
  "/blog/$slug": ["/blog/{slug}"],
  "/product/$id": ["/product/1"],
  "/products/{-$category}": ["/products", "/products/20ft-homes"],
  // a customer's private proposal (noindex), reachable only with its token
  "/proposal/$token": [],
};
/** Not-found answers: their own screens, sent with 404. */
const NOT_FOUND = ["/no-such-page", "/products/xyz", "/product/abc"];
/** Pages that show the visitor's cart: checked with one home in it. */
const WITH_CART = new Set(["/cart", "/checkout"]);

const PAGES = [
  ...routeTreePaths().flatMap((path) => SAMPLES[path] ?? (path.includes("$") ? [] : [path])),
  ...NOT_FOUND,
];

let slug = "";
const address = (path: string) => path.replace("{slug}", slug);

test.beforeAll(async ({ request }) => {
  const posts = (await (await request.get(`${STOREFRONT}/api/blog?published=true&limit=1`)).json()) as {
    slug: string;
  }[];
  slug = posts[0]!.slug;
});

let browser: Browser | undefined;
test.afterAll(async () => {
  await browser?.close();
});

/**
 * For the page as the browser holds it: its serialisation indents the head with blank lines and writes
 * empty attributes as `=""`, and a <noscript> body (already checked in the server's HTML) is only text
 * to a browser that runs scripts.
 */
const SNAPSHOT: ConfigData = { rules: { "no-trailing-whitespace": "off", "attribute-empty-style": "off" } };
const withoutNoscript = (html: string) => html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");

async function htmlErrors(html: string, label: string, snapshot = false): Promise<string[]> {
  const report = snapshot
    ? await validator.validateString(withoutNoscript(html), label, SNAPSHOT)
    : await validator.validateString(html, label);
  return report.results.flatMap((r) =>
    r.messages.map((m) => `${label} ${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? ""})`),
  );
}

/** pa11y's errors on a page, once the app has hydrated and nothing is loading. */
async function pa11yErrors(url: string, withCart: boolean): Promise<string[]> {
  browser ??= await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-quic"],
  });
  const page = await browser.newPage();
  try {
    if (withCart) {
      await page.goto(new URL("/", url).toString());
      await page.evaluate((key, value) => localStorage.setItem(key, value), CART_KEY, JSON.stringify([cleveland]));
    }
    const result = await pa11y(url, {
      browser,
      page,
      runners: ["htmlcs"],
      standard: "WCAG2AA",
      timeout: 45_000,
      actions: [
        "wait for element [data-server-head] to be removed",
        "wait for element h1 to be added",
        "wait for element main .animate-spin to be removed",
        "wait for element main [aria-busy=true] to be removed",
      ],
    });
    return result.issues
      .filter((issue) => issue.type === "error")
      .map((issue) => `${url} ${issue.runner} ${issue.code} ${issue.selector}: ${issue.message}`);
  } finally {
    await page.close();
  }
}

/** Headings in document order that a screen reader reaches (display:none and hidden ones left out). */
async function headingProblems(page: import("@playwright/test").Page, label: string): Promise<string[]> {
  const levels = await page.evaluate(() =>
    [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")]
      .filter((h) => !h.closest("[hidden], [aria-hidden=true]") && getComputedStyle(h).display !== "none")
      .map((h) => ({ level: Number(h.tagName[1]), text: (h.textContent ?? "").trim().slice(0, 60) })),
  );
  const problems: string[] = [];
  if (levels[0]?.level !== 1) problems.push(`${label}: the first heading is not an h1 (${levels[0]?.text})`);
  if (levels.filter((h) => h.level === 1).length !== 1) problems.push(`${label}: not exactly one h1`);
  levels.forEach((h, i) => {
    const before = levels[i - 1];
    if (before && h.level > before.level + 1) {
      problems.push(`${label}: h${before.level} "${before.text}" is followed by h${h.level} "${h.text}"`);
    }
  });
  return problems;
}

test("every route of the storefront's route tree is validated", () => {
  const missing = routeTreePaths().filter((path) => path.includes("$") && !SAMPLES[path]);
  expect(missing, "routes with parameters need a sample address in SAMPLES").toEqual([]);
  expect(PAGES.length).toBeGreaterThan(20);
});

for (const path of PAGES) {
  test(`validators: ${path}`, async ({ page }) => {
    test.setTimeout(120_000);
    const url = address(path);
    const expected = NOT_FOUND.includes(path) ? 404 : 200;

    const served = await page.request.get(url);
    expect(served.status(), `${url} status`).toBe(expected);
    const errors = await htmlErrors(await served.text(), `${url} (server HTML)`);

    if (WITH_CART.has(path)) await seedCart(page, [cleveland]);
    await page.goto(url);
    await expect(page.locator("[data-server-head]")).toHaveCount(0);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("main .animate-spin, main [aria-busy=true]")).toHaveCount(0);
    const dom = await page.evaluate(() => `<!doctype html>\n${document.documentElement.outerHTML}`);
    errors.push(...(await htmlErrors(dom, `${url} (after hydration)`, true)));
    errors.push(...(await headingProblems(page, url)));
    errors.push(...(await pa11yErrors(`${STOREFRONT}${url}`, WITH_CART.has(path))));
    expect(errors).toEqual([]);
  });
}

test("validators: the back office's sign-in page", async ({ page }) => {
  test.setTimeout(120_000);
  const url = `${BACKOFFICE}/admin/login`;
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  const errors = await htmlErrors(await served.text(), "/admin/login (server HTML)");
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const dom = await page.evaluate(() => `<!doctype html>\n${document.documentElement.outerHTML}`);
  errors.push(...(await htmlErrors(dom, "/admin/login (after render)", true)));
  errors.push(...(await headingProblems(page, "/admin/login")));
  errors.push(...(await pa11yErrors(url, false)));
  expect(errors).toEqual([]);
});
