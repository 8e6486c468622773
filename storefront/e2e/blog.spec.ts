// The blog as crawlers and visitors find it: every post reachable by plain links from /blog, pages
// with their own address, canonical and rel prev/next in the server's HTML, and search and category
// answered by the server over every published post, with the state in the address.
import { expect, test } from "./fixtures";

/** The oldest published seed post: on page 2 of the list, never on page 1 nor on the home page. */
const ZONING = {
  slug: "texas-container-home-permits-zoning",
  title: "Permits and Zoning for Container Homes in Texas: What to Check Before You Buy",
};

const articleHrefs = (html: string) => [
  ...new Set([...html.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)].map((m) => m[1])),
];
const headLink = (html: string, rel: string) =>
  new RegExp(`<link[^>]*rel="${rel}"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*rel="${rel}"`)
    .exec(html)
    ?.slice(1)
    .find(Boolean);

test.describe("blog in the server's HTML", () => {
  test("/blog sends page 1's article links, a ?page=2 link, its canonical and rel=next", async ({ request }) => {
    const res = await request.get("/blog");
    expect(res.status()).toBe(200);
    const html = await res.text();
    const main = html.slice(html.indexOf('<div id="root">'));
    const articles = articleHrefs(main);
    expect(articles).toHaveLength(6);
    expect(articles).not.toContain(ZONING.slug);
    expect(main).toContain('href="/blog?page=2"');
    expect(headLink(html, "canonical")).toMatch(/\/blog$/);
    expect(headLink(html, "next")).toMatch(/\/blog\?page=2$/);
    expect(headLink(html, "prev")).toBeUndefined();
  });

  test("/blog?page=2 has the older posts, its own canonical and rel=prev; past the last page is 404", async ({
    request,
  }) => {
    const res = await request.get("/blog?page=2");
    expect(res.status()).toBe(200);
    const html = await res.text();
    const articles = articleHrefs(html.slice(html.indexOf('<div id="root">')));
    expect(articles).toContain(ZONING.slug);
    expect(articles).toHaveLength(2);
    expect(headLink(html, "canonical")).toMatch(/\/blog\?page=2$/);
    expect(headLink(html, "prev")).toMatch(/\/blog$/);
    expect(headLink(html, "next")).toBeUndefined();
    expect(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]).toContain("Page 2");
    expect((await request.get("/blog?page=3")).status()).toBe(404);
    // a category page is a page of its own too; a search result is not indexed
    const design = await (await request.get("/blog?category=design")).text();
    expect(headLink(design, "canonical")).toMatch(/\/blog\?category=design$/);
    const searched = await (await request.get("/blog?q=zoning")).text();
    expect(searched.includes('name="robots" content="noindex'), "search results are noindex").toBe(true);
    expect(articleHrefs(searched.slice(searched.indexOf('<div id="root">')))[0]).toBe(ZONING.slug);
  });

  test("without JavaScript, a post listed only on page 2 is reached by following the page links", async ({
    browser,
    request,
  }) => {
    // not linked from the home page nor from page 1
    const home = await (await request.get("/")).text();
    expect(home).not.toContain(`/blog/${ZONING.slug}`);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: ZONING.title, exact: true })).toHaveCount(0);
    const pages = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/blog?page=2");
    await pages.getByRole("link", { name: "Older →" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await page.getByRole("link", { name: ZONING.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${ZONING.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ZONING.title);
    await context.close();
  });
});

test.describe("blog in the browser", () => {
  test("searching 'zoning' finds the post that is not on the first page; the words stay in the address", async ({
    page,
  }) => {
    const reads: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (r.method() === "GET" && url.pathname.startsWith("/api/"))
        reads.push(url.pathname + decodeURIComponent(url.search));
    });
    await page.goto("/blog");
    await expect(page.getByTestId("blog-card")).toHaveCount(6);
    await expect(page.getByRole("link", { name: ZONING.title, exact: true })).toHaveCount(0);
    await page.getByPlaceholder("Search articles...").fill("zoning");
    await page.getByPlaceholder("Search articles...").press("Enter");
    await expect(page).toHaveURL(/\/blog\?q=zoning$/);
    const first = page.getByTestId("blog-card").first();
    await expect(first.getByRole("link", { name: ZONING.title, exact: true })).toBeVisible();
    await expect(page.getByTestId("blog-result-count")).toContainText("for “zoning”");
    // the server searched: one read, of summaries
    expect(reads).toEqual(['/api/trpc/content.postSummaries?input={"q":"zoning"}']);

    await page.getByPlaceholder("Search articles...").fill("zzzz-nothing");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No articles found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Show all articles" })).toHaveAttribute("href", "/blog");
    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?q=zoning$/);
    await expect(page.getByPlaceholder("Search articles...")).toHaveValue("zoning");
    await expect(page.getByRole("link", { name: ZONING.title, exact: true })).toBeVisible();
  });

  test("category filter and pages are links; the head follows the page", async ({ page }) => {
    await page.goto("/blog");
    const categories = page.getByRole("navigation", { name: "Article categories" });
    await categories.getByRole("link", { name: "Investment" }).click();
    await expect(page).toHaveURL(/\/blog\?category=investment$/);
    await expect(page.getByTestId("blog-card")).toHaveCount(2);
    await expect(categories.getByRole("link", { name: "Investment" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\?category=investment$/);
    // a search within the category keeps it
    await page.getByPlaceholder("Search articles...").fill("rental");
    await page.getByPlaceholder("Search articles...").press("Enter");
    await expect(page).toHaveURL(/\/blog\?q=rental&category=investment$/);
    await expect(page.getByTestId("blog-result-count")).toContainText("for “rental”");
    await expect(page.getByTestId("blog-card").first()).toContainText("Investment");
    await expect(categories.locator('[aria-current="page"]')).toHaveCount(1);
    await categories.getByRole("link", { name: "All Posts" }).click();
    await expect(page).toHaveURL(/\/blog\?q=rental$/);

    await page.goto("/blog");
    await page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByTestId("blog-card")).toHaveCount(2);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\?page=2$/);
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", /\/blog$/);
    await expect(page.locator('link[rel="next"]')).toHaveCount(0);
    await expect(page.getByRole("link", { name: ZONING.title, exact: true })).toBeVisible();
  });

  test("a slow read after a client-side navigation shows six skeleton cards, then the page", async ({ page }) => {
    await page.goto("/");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // the blog's first page: the summaries read with no parameters
    await page.route(/\/api\/trpc\/content\.postSummaries\?input=%7B%7D$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "View All Posts" }).click();
    await expect(page.getByText("Loading articles")).toBeAttached();
    await expect(page.locator('[aria-busy="true"] > div')).toHaveCount(6);
    release();
    await expect(page.getByTestId("blog-card")).toHaveCount(6);
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("an article with share links and three related posts read as summaries", async ({ page, request }) => {
    const summaries = await request.get("/api/blog/search");
    const full = await request.get("/api/blog?published=true");
    const list = (await summaries.json()) as { posts: Record<string, unknown>[] };
    expect(list.posts.every((p) => !("content" in p))).toBe(true);
    // the list read carries no bodies: a fraction of the documented full list
    expect((await summaries.body()).length * 4).toBeLessThan((await full.body()).length);

    await page.goto("/blog");
    await page.getByRole("link", { name: "Read More: Slab or Piers?" }).click();
    await expect(page).toHaveURL(/\/blog\/container-home-foundations-slab-vs-piers$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Slab or Piers?");
    await expect(page.getByTestId("article-content")).toHaveCSS("white-space", "pre-line");
    for (const name of ["Facebook", "Twitter", "LinkedIn"]) {
      const link = page.getByRole("link", { name: `Share on ${name} (opens in a new tab)` });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("href", /container-home-foundations-slab-vs-piers/);
    }
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    const related = page.getByRole("region", { name: "Related Articles" }).getByTestId("blog-card");
    await expect(related).toHaveCount(3);
    await expect(related.filter({ hasText: "Slab or Piers?" })).toHaveCount(0);
  });
});
