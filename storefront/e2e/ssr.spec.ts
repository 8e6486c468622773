// Server-side rendering: the first HTML already shows the page (also without JavaScript), the app
// adopts that markup instead of drawing it again, nothing moves when it does, and the page needs
// no API read before its first paint.
import { expect, holdRequests, test } from "./fixtures";

const PAGES = [
  { path: "/", heading: "Containerized HOMES Built Different" },
  { path: "/products", heading: "Our Container Homes" },
  { path: "/product/1", heading: "The Cleveland" },
];

test.describe("server-side rendering", () => {
  test("without JavaScript the pages show their content", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
    await page.goto("/products");
    await expect(page.getByTestId("product-card")).toHaveCount(13);
    await context.close();
  });

  test("the app hydrates the server's markup: same nodes, same layout, no read before first paint", async ({
    page,
  }) => {
    // a part of the page that an update reaches before it has hydrated is drawn again in the browser
    // (main.tsx reports it as this warning): every part must be adopted as the server sent it
    const redrawn: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("hydration gave way")) redrawn.push(`${page.url()}: ${message.text()}`);
    });
    // keep the server's heading and the layout of the page as first painted; the sections drawn only
    // near the viewport (content-visibility: auto, `.below-fold`) are drawn, so their real layout is the
    // one compared rather than the size the browser assumes for them until a shopper scrolls there
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const drawn = document.createElement("style");
        drawn.textContent = ".below-fold { content-visibility: visible !important; }";
        document.head.append(drawn);
        const w = window as unknown as { serverH1: Element | null; serverLayout: string };
        w.serverH1 = document.querySelector("h1");
        w.serverLayout = JSON.stringify(
          [...document.querySelectorAll("main h1, main h2, main img")].map((e) => {
            const r = e.getBoundingClientRect();
            return [e.tagName, Math.round(r.top), Math.round(r.height)];
          }),
        );
      });
    });
    for (const { path, heading } of PAGES) {
      const reads: string[] = [];
      const onRequest = (r: { url(): string }) => {
        if (/\/api\/(products|gallery|blog|trpc)/.test(r.url())) reads.push(r.url());
      };
      page.on("request", onRequest);
      await page.goto(path);
      // hydrated: React has adopted the server's <h1> (it keeps its fiber on the node)
      await page.waitForFunction(() => {
        const h1 = (window as unknown as { serverH1: Element | null }).serverH1;
        return !!h1 && Object.keys(h1).some((k) => k.startsWith("__reactFiber"));
      });
      const same = await page.evaluate(() => {
        const w = window as unknown as { serverH1: Element | null; serverLayout: string };
        const layout = JSON.stringify(
          [...document.querySelectorAll("main h1, main h2, main img")].map((e) => {
            const r = e.getBoundingClientRect();
            return [e.tagName, Math.round(r.top), Math.round(r.height)];
          }),
        );
        return { node: document.querySelector("h1") === w.serverH1, layout: layout === w.serverLayout };
      });
      expect(same, path).toEqual({ node: true, layout: true });
      // every element is React's: the Suspense boundaries hydrated after the root have hydrated too
      await page.waitForFunction(() =>
        [...document.querySelectorAll("#root *")].every((e) =>
          Object.keys(e).some((k) => k.startsWith("__reactProps$")),
        ),
      );
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(/Container Homes of Texas|The Cleveland/);
      expect(await page.locator("title").count(), path).toBe(1);
      page.off("request", onRequest);
      expect(reads, path).toEqual([]);
    }
    expect(redrawn).toEqual([]);
  });

  test("after hydration the page works: add to cart updates the badge", async ({ page }) => {
    await page.goto("/product/1");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("link", { name: /Cart/ }).first()).toContainText("1");
  });

  test("products list shows six skeleton cards while it loads after a client-side navigation", async ({ page }) => {
    const release = await holdRequests(page, /\/api\/trpc\/catalog\.list\?/);
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
    await expect(page.getByTestId("product-skeleton")).toHaveCount(6);
    release();
    await expect(page.getByTestId("product-card")).toHaveCount(13);
  });

  test("a click before hydration is kept and acted on once the app has hydrated", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    const boot = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] ?? "";
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // the page's first script runs, but the app's code arrives late: hydration waits
    await page.route("**/assets/*.js", async (route) => {
      if (!route.request().url().endsWith(boot)) await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("banner").getByRole("button", { name: "Get Quote" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the first page's head is the server's; the head builders load at the first client-side navigation", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expect(page.getByLabel("Rent per Day")).toBeEnabled();
    // the SEO contract (seo-*.js) and its head builder (head-*.js) are not fetched for the first page
    expect(scripts.filter((path) => /^\/assets\/(seo|head)-[\w-]{8}\.js$/.test(path))).toEqual([]);
    await expect(page.locator("head title")).toHaveCount(1);
    await expect(page).toHaveTitle("Container Homes of Texas | Built in San Antonio, TX");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveTitle("About Us | Container Homes of Texas");
    await expect(page.locator("head title")).toHaveCount(1);
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", /\/about$/);
    expect(scripts.some((path) => /\/assets\/seo-[\w-]+\.js$/.test(path))).toBe(true);
  });
});
