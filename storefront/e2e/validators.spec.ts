// The standard validators over every public page and the back office's sign-in page; any error fails.
// - html-validate (rules in storefront/.htmlvalidate.mjs) on the HTML the server sends and on the page
//   as the browser holds it once the app has hydrated (client-only pages such as the cart are only
//   markup then). "html-validate:recommended" (all of "html-validate:standard" and more) with four rules
//   off, React's own spelling, valid HTML either way: `<!DOCTYPE html>` and `<meta ... />`
//   (doctype-style, void-style), `disabled=""` (attribute-boolean-style), `autoComplete` written in
//   camelCase by React's server renderer (attr-case; attribute names are case-insensitive); valid-id
//   relaxed for useId's ids such as `_R_abc_` (any id without spaces). Added to its HTML5 metadata: a
//   <link> needs an href, no <main> inside <noscript>, no aria-label(ledby) on <ul>/<ol>.
// - The Nu HTML checker (vnu.jar from the vnu-jar package; needs `java` on PATH, else that test is
//   skipped and says so) over the server's HTML of every page, in one run. It fails on every error;
//   warnings are listed; info messages are left out. Left out as not the product's: the CSS checker's
//   errors on CSS newer than it (NU_NOT_OURS below) in the inlined Tailwind stylesheet.
// - HTML_CodeSniffer (WCAG 2 AA, pa11y's build of it) and axe on the hydrated page at a desktop's width,
//   then axe again at a phone's (360 px): one page load serves every checker.
// - The heading outline: one h1 first, and no level skipped on the way down.
// The pages come from the storefront's route tree (src/routeTree.gen.ts): a route without a sample
// address below fails the first test, so a new page cannot escape the validators. The order-status
// page is also checked with an order in production (deposit paid), and the proposal page with a sent
// proposal, both made through the API in beforeAll.

import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { money } from "@ch/contracts/money";
import type { Page } from "@playwright/test";
import { type ConfigData, HtmlValidate } from "html-validate";
import {
  austinCustomer,
  axeViolations,
  cleveland,
  expect,
  placeOrderThroughApi,
  seedCart,
  staffApi,
  test,
} from "./fixtures";

const STOREFRONT = `http://localhost:${Number(process.env.E2E_PORT ?? 4100)}`;
const BACKOFFICE = `http://localhost:${Number(process.env.E2E_PORT ?? 4100) + 1}`;

const config = (
  (await import(pathToFileURL(join(import.meta.dirname, "..", ".htmlvalidate.mjs")).href)) as { default: ConfigData }
).default;
const validator = new HtmlValidate(config);

/** Every full path of the storefront's route tree, as the router generated it. */
function routeTreePaths(): string[] {
  const tree = readFileSync(join(import.meta.dirname, "..", "src", "routeTree.gen.ts"), "utf8");
  const union = /fullPaths:\s*((?:\s*\|\s*'[^']*')+)/.exec(tree)?.[1] ?? "";
  return [...union.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}

/**
 * Addresses to check for routes with parameters, and more than one for some pages; the {names} are
 * made in beforeAll: a published post's slug, an order in production and its link's token, a sent
 * proposal's token.
 */
const SAMPLES: Record<string, string[]> = {
  "/blog/": ["/blog"],
  "/blog/$slug": ["/blog/{slug}"],
  "/product/$id": ["/product/1"],
  "/products/{-$category}": ["/products", "/products/20ft-homes"],
  // the look-up form, and an order's own link with its build progress
  "/order-status": ["/order-status", "/order-status?order={order}&t={orderToken}"],
  // the portal's sign-in form (a signed-in customer's pages are in portal.spec.ts)
  "/portal/": ["/portal"],
  "/portal/$orderNumber": ["/portal/{order}"],
  // a customer's private proposal (noindex), reachable only with its token
  "/proposal/$token": ["/proposal/{proposalToken}"],
};
/** Not-found answers: their own screens, sent with 404. */
const NOT_FOUND = ["/no-such-page", "/products/xyz", "/product/abc", "/product/99999", "/blog/no-such-post"];
/** Pages that show the visitor's cart: checked with one home in it. */
const WITH_CART = new Set(["/cart", "/checkout"]);

const PAGES = [
  ...routeTreePaths().flatMap((path) => SAMPLES[path] ?? (path.includes("$") ? [] : [path])),
  ...NOT_FOUND,
];

const made: Record<string, string> = {};
const address = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => made[name] ?? `{${name}}`);

test.beforeAll(async ({ request, playwright }) => {
  test.setTimeout(60_000);
  const posts = (await (await request.get(`${STOREFRONT}/api/blog?published=true&limit=1`)).json()) as {
    slug: string;
  }[];
  made.slug = posts[0]!.slug;

  // an order placed as the checkout places it (bank transfer)...
  const cartItems = [cleveland];
  const order = await placeOrderThroughApi(request, { cartItems, email: "ana.validators@example.test" }, STOREFRONT);
  made.order = order.orderNumber;
  made.orderToken = order.accessToken;

  // ...whose deposit staff record, and which they move into production
  const staff = await staffApi(playwright);
  try {
    const paid = await staff.post(`/api/admin/orders/${order.id}/payments`, {
      data: {
        method: "bank-transfer",
        amount: money(Math.round(order.amountDueNow * 100)),
        receivedAt: new Date().toISOString().slice(0, 10),
        reference: `${order.orderNumber}-D`,
      },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const moved = await staff.put(`/api/admin/orders/${order.id}/stage`, { data: { stage: "in_production" } });
    expect(moved.status(), await moved.text()).toBe(200);

    // a proposal sent to a customer
    const created = await staff.post("/api/admin/proposals", {
      data: {
        ...austinCustomer("Dana Reyes", "dana.validators@example.test", "9 Ranch Rd"),
        lines: [{ kind: "custom", name: "Site work", unitPrice: money(1_250_050), quantity: 1 }],
        validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const sent = await staff.post(`/api/admin/proposals/${((await created.json()) as { id: number }).id}/send`);
    expect(sent.status(), await sent.text()).toBe(200);
    made.proposalToken = ((await sent.json()) as { token: string }).token;
  } finally {
    await staff.dispose();
  }
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

const HTMLCS_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("@pa11y/html_codesniffer/build/HTMLCS.js"),
  "utf8",
);

/** HTML_CodeSniffer's WCAG 2 AA errors (not its warnings and notices) on the page as it is now. */
async function codeSnifferErrors(page: Page, label: string): Promise<string[]> {
  // evaluated as a script, not through a <script> tag, which the pages' Content-Security-Policy would refuse
  await page.evaluate(HTMLCS_SOURCE);
  const errors = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const htmlcs = (window as unknown as { HTMLCS: HtmlCodeSniffer }).HTMLCS;
        const where = (e: Element | Document) =>
          e instanceof Element ? `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}` : "document";
        htmlcs.process(
          "WCAG2AA",
          window.document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((m) => m.type === 1)
                .map((m) => `${m.code} ${where(m.element)}: ${m.msg}`),
            ),
          () => reject(new Error("HTML_CodeSniffer could not run")),
        );
      }),
  );
  return errors.map((e) => `${label} htmlcs ${e}`);
}

interface HtmlCodeSniffer {
  process(standard: string, content: Document, done: () => void, failed: () => void): void;
  getMessages(): { type: 1 | 2 | 3; code: string; msg: string; element: Element | Document }[];
}

/**
 * Pages where axe must establish every colour contrast (none left "needs review"): home's hero copy sits
 * on an opaque panel and the SEO pages draw their status marks as icons.
 */
const CONTRAST_ESTABLISHED = new Set(["/", "/seo-report", "/seo-test"]);

/** The accessibility checkers on a hydrated page: HTML_CodeSniffer and axe at its width, then axe at 360 px. */
async function accessibilityErrors(page: Page, label: string): Promise<string[]> {
  const contrast = CONTRAST_ESTABLISHED.has(label);
  const errors = [
    ...(await codeSnifferErrors(page, label)),
    ...(await axeViolations(page, `${label} @1280`, contrast)),
  ];
  await page.setViewportSize({ width: 360, height: 900 });
  errors.push(...(await axeViolations(page, `${label} @360`, contrast)));
  return errors;
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

/**
 * Nu checker errors that are not the product's: its CSS checker predates CSS that Tailwind 4 writes
 * (the stylesheet the server inlines in every page), all of it valid.
 */
const NU_NOT_OURS: RegExp[] = [
  // the CSS Properties and Values API, with which Tailwind declares its variables
  /^CSS: Unrecognized at-rule “@property”/,
  // inside an @supports feature query, which asks whether the browser knows margin-trim (Box Model 4)
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/,
  // transition-property takes custom properties (Tailwind's --tw-gradient-* stops)
  /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value/,
];

const hasJava = () => spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;

interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The Nu checker over several HTML documents in one JVM: its messages, with the label of each file. */
async function nuMessages(pages: { label: string; html: string }[]): Promise<(NuMessage & { page: string })[]> {
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = pages.map((p, i) => {
      const file = join(dir, `${String(i).padStart(2, "0")}.html`);
      writeFileSync(file, p.html);
      return file;
    });
    const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
    const { stdout } = await promisify(execFile)(
      "java",
      ["-jar", jar, "--format", "json", "--stdout", "--exit-zero-always", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stdout) as { messages: NuMessage[] };
    return messages.map((m) => {
      // Nu names a file "file:/tmp/…/00.html"
      const index = files.findIndex((f) => m.url?.endsWith(f));
      return { ...m, page: pages[index]?.label ?? m.url ?? "?" };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
    errors.push(...(await accessibilityErrors(page, url)));
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
  errors.push(...(await accessibilityErrors(page, "/admin/login")));
  expect(errors).toEqual([]);
});

test("the Nu HTML checker: the server's HTML of every page, in one run", async ({ request }) => {
  const noJava = "no `java` on PATH: the Nu HTML checker (vnu.jar) needs a Java runtime; not checked";
  if (!hasJava()) console.log(noJava);
  test.skip(!hasJava(), noJava);
  test.setTimeout(300_000);
  const pages: { label: string; html: string }[] = [];
  for (const path of PAGES) {
    const url = address(path);
    const served = await request.get(`${STOREFRONT}${url}`);
    expect(served.status(), `${url} status`).toBe(NOT_FOUND.includes(path) ? 404 : 200);
    pages.push({ label: url, html: await served.text() });
  }
  pages.push({ label: "/admin/login", html: await (await request.get(`${BACKOFFICE}/admin/login`)).text() });

  const messages = await nuMessages(pages);
  const describe = (m: NuMessage & { page: string }) =>
    `${m.page}:${m.lastLine ?? "?"} ${m.message}${m.extract ? ` (${m.extract.trim().slice(0, 120)})` : ""}`;
  const warnings = messages.filter((m) => m.type === "info" && m.subType === "warning");
  if (warnings.length > 0) {
    test.info().annotations.push({ type: "Nu checker warnings", description: warnings.map(describe).join("\n") });
  }
  const notOurs = messages.filter((m) => m.type !== "info" && NU_NOT_OURS.some((re) => re.test(m.message)));
  const summary = `${pages.length} pages; ${warnings.length} warnings; ${notOurs.length} CSS errors left out (NU_NOT_OURS)`;
  console.log(`Nu checker: ${summary}`);
  test.info().annotations.push({ type: "Nu checker", description: summary });
  const errors = messages.filter((m) => m.type !== "info" && !notOurs.includes(m));
  expect(errors.map(describe), `the Nu checker over ${pages.length} pages`).toEqual([]);
});
