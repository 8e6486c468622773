// The HTML the storefront origin sends, read raw (no browser): every public route, products and
// articles (also ones created during the test) carry their own head and JSON-LD; unknown and
// missing pages answer 404; sitemap, robots and manifest are right.
import { join } from "node:path";
import { staticPageMeta, staticPaths } from "@ch/contracts/seo";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { inspectHtml, jsonLdOfType, type PageFacts } from "../src/modules/seo/inspect";
import { buildPresent, createTestDatabase, type TestDatabase, testEnv } from "./harness";

const dist = join(import.meta.dirname, "..", "..", "storefront", "dist");
const hasDist = buildPresent([join(dist, "index.html")], "SEO HTML tests");

const SITE = "https://www.containerhomes-texas.com";
let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  if (!hasDist) return;
  db = await createTestDatabase();
  app = await buildApp({ surface: "storefront", db: db.handle.db, env: testEnv({ PUBLIC_SITE_URL: SITE }), spa: dist });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

async function page(url: string) {
  const res = await app.inject({ method: "GET", url });
  return { res, facts: inspectHtml(res.body), html: res.body };
}

function expectCommonHead(facts: PageFacts, path: string, title: string, description: string) {
  expect(facts.title).toBe(title);
  expect(facts.titleCount).toBe(1);
  expect(facts.description).toBe(description);
  expect(facts.canonical).toBe(`${SITE}${path}`);
  expect(facts.og["og:title"]).toBe(title);
  expect(facts.og["og:description"]).toBe(description);
  expect(facts.og["og:url"]).toBe(`${SITE}${path}`);
  expect(facts.og["og:image"]).toMatch(new RegExp(`^${SITE}/`));
  expect(facts.twitter["twitter:card"]).toBe("summary_large_image");
  expect(facts.twitter["twitter:image"]).toBe(facts.og["og:image"]);
  for (const block of facts.jsonLd) expect(block.error).toBeNull();
  const business = jsonLdOfType(facts, "HomeAndConstructionBusiness");
  expect(business).toMatchObject({
    name: "Container Homes of Texas",
    telephone: "(210) 555-0148",
    address: {
      streetAddress: "4100 Fredericksburg Rd",
      addressLocality: "San Antonio",
      addressRegion: "TX",
      postalCode: "78201",
    },
    openingHours: ["Mo-Fr 08:00-18:00", "Sa 09:00-16:00"],
  });
  expect(facts.lang).toBe("en");
  expect(facts.h1).toHaveLength(1);
}

describe.skipIf(!hasDist)("storefront HTML before scripts run", () => {
  it("every static public route has its own title, description, canonical, social tags and JSON-LD", async () => {
    for (const path of staticPaths()) {
      const meta = staticPageMeta(path)!;
      const { res, facts, html } = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expectCommonHead(facts, path, meta.title, meta.description);
      expect(facts.robots, path).toBe(meta.noindex ? "noindex, nofollow" : null);
      // the app's script and the embedded configuration are there, no inline executable script
      expect(html).toMatch(/<script type="module"[^>]+src="\/assets\//);
      expect(html).toContain('<script id="site-config" type="application/json">');
      expect(html).not.toMatch(/<script(?![^>]*(type="module"|application\/json|application\/ld\+json))[^>]*>/);
      if (path !== "/") expect(jsonLdOfType(facts, "BreadcrumbList"), path).not.toBeNull();
    }
    const noindex = await page("/seo-test");
    expect(noindex.facts.robots).toBe("noindex, nofollow");
  });

  it("marks the per-page tags for the app to replace, and embeds the escaped site configuration", async () => {
    const { html } = await page("/about");
    expect(html).toMatch(/<title data-server-head>About Us \| Container Homes of Texas<\/title>/);
    expect(html).toMatch(/<meta data-server-head name="description"/);
    expect(html).toMatch(/<link data-server-head rel="canonical"/);
    expect(html).toMatch(/<meta data-server-head property="og:image"/);
    expect(html).toMatch(/<script data-server-head type="application\/ld\+json">/);
    const config = /<script id="site-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(config!)).toMatchObject({
      siteUrl: SITE,
      company: { city: "San Antonio", phone: "(210) 555-0148" },
    });
    expect(html).toContain('<link rel="manifest" href="/manifest.json">');
  });

  it("a product page carries Product with an Offer, also for a product created after the build", async () => {
    const [created] = await db.handle.db
      .insert(schema.products)
      .values({
        name: "Laredo </script> Studio",
        description:
          "A 20ft studio with a kitchenette, created during the test to prove the head is looked up per request.",
        priceCents: 5_123_400,
        category: "20ft-homes",
        images: [{ url: "/media/laredo.webp", width: 1200, height: 800 }],
        inStock: false,
      })
      .returning();
    const { res, facts, html } = await page(`/product/${created!.id}`);
    expect(res.statusCode).toBe(200);
    expect(facts.title).toBe("Laredo </script> Studio – $51,234 | Container Homes of Texas");
    expect(html).not.toContain("Laredo </script>"); // escaped everywhere
    expect(facts.canonical).toBe(`${SITE}/product/${created!.id}`);
    expect(facts.og["og:type"]).toBe("product");
    expect(facts.og["og:image"]).toBe(`${SITE}/media/laredo.webp`);
    const product = jsonLdOfType(facts, "Product")!;
    expect(product).toMatchObject({
      name: "Laredo </script> Studio",
      image: [`${SITE}/media/laredo.webp`],
      offers: {
        "@type": "Offer",
        price: "51234.00",
        priceCurrency: "USD",
        availability: "https://schema.org/OutOfStock",
        url: `${SITE}/product/${created!.id}`,
      },
    });
    const crumbs = jsonLdOfType(facts, "BreadcrumbList")!.itemListElement as { name: string; position: number }[];
    expect(crumbs.map((c) => c.name)).toEqual(["Home", "Products", "20ft Container Homes", "Laredo </script> Studio"]);
    expect(facts.images).toEqual([{ src: "/media/laredo.webp", alt: "Laredo </script> Studio" }]);

    const [seeded] = await db.handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.inStock, true))
      .limit(1);
    const inStock = await page(`/product/${seeded!.id}`);
    expect((jsonLdOfType(inStock.facts, "Product")!.offers as { availability: string }).availability).toBe(
      "https://schema.org/InStock",
    );
  });

  it("an article carries BlogPosting, also for one published during the test; drafts are 404", async () => {
    const now = new Date("2026-03-02T10:00:00Z");
    await db.handle.db.insert(schema.blogPosts).values([
      {
        slug: "new-post-after-build",
        title: "Hurricane Straps for Container Homes",
        excerpt: "How we tie a container home down on the Texas coast, and what the wind code asks for.",
        content: "First paragraph.\n\nSecond paragraph.",
        image: "/media/straps.webp",
        category: "construction",
        published: true,
        createdAt: now,
        updatedAt: now,
      },
      {
        slug: "secret-draft",
        title: "Draft",
        excerpt: "Not yet",
        content: "x",
        image: "/media/x.webp",
        category: "design",
        published: false,
      },
    ]);
    const { res, facts } = await page("/blog/new-post-after-build");
    expect(res.statusCode).toBe(200);
    // the site name is dropped when the whole title would pass 60 characters
    expect(facts.title).toBe("Hurricane Straps for Container Homes");
    expect(facts.og["og:type"]).toBe("article");
    expect(jsonLdOfType(facts, "BlogPosting")).toMatchObject({
      headline: "Hurricane Straps for Container Homes",
      datePublished: now.toISOString(),
      image: [`${SITE}/media/straps.webp`],
    });
    expect(jsonLdOfType(facts, "BreadcrumbList")).not.toBeNull();
    const draft = await page("/blog/secret-draft");
    expect(draft.res.statusCode).toBe(404);
  });

  it("answers 404 with the app's HTML for unknown routes and missing products or articles", async () => {
    for (const url of [
      "/no-such-page",
      "/product/999999",
      "/product/abc",
      "/product/0",
      "/blog/no-such-article",
      "/products/boats",
      "/services/nothing",
    ]) {
      const { res, facts, html } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      // the not-found page is rendered on the server (its own empty state), not an empty #root
      expect(html).toMatch(/<div id="root">\s*<\S/);
      expect(facts.robots).toBe("noindex, nofollow");
      expect(facts.title).toBe("404 Page Not Found | Container Homes of Texas");
      expect(facts.canonical).toBeNull();
    }
    expect((await app.inject({ method: "GET", url: "/api/nothing" })).json()).toMatchObject({ issues: [] });
    // a missing file is a plain 404, not a page
    const asset = await app.inject({ method: "GET", url: "/assets/missing-123.css" });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers["content-type"]).toMatch(/application\/problem\+json/);
  });

  it("serves a sitemap with every public page, product and published post, with lastmod", async () => {
    const res = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const lastmods = [...res.body.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]!);
    expect(lastmods).toHaveLength(locs.length);
    for (const l of lastmods) expect(Number.isNaN(Date.parse(l))).toBe(false);
    for (const path of [
      "/",
      "/products",
      "/products/20ft-homes",
      "/about",
      "/services/installation",
      "/return-policy",
      "/privacy-policy",
      "/terms-of-service",
      "/blog",
    ]) {
      expect(locs, path).toContain(`${SITE}${path === "/" ? "/" : path}`);
    }
    for (const path of ["/cart", "/checkout", "/seo-test", "/seo-report", "/order-confirmation"])
      expect(locs).not.toContain(`${SITE}${path}`);
    const products = await db.handle.db.select({ id: schema.products.id }).from(schema.products);
    for (const p of products) expect(locs).toContain(`${SITE}/product/${p.id}`);
    const posts = await db.handle.db
      .select({ slug: schema.blogPosts.slug, published: schema.blogPosts.published })
      .from(schema.blogPosts);
    for (const p of posts) expect(locs.includes(`${SITE}/blog/${p.slug}`)).toBe(p.published);
  });

  it("serves robots.txt and the manifest with icons that exist", async () => {
    const robots = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.headers["content-type"]).toMatch(/text\/plain/);
    for (const p of ["/admin", "/checkout", "/cart", "/order-confirmation", "/order-status", "/seo-test"]) {
      expect(robots.body).toContain(`\nDisallow: ${p}\n`);
    }
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const manifest = await app.inject({ method: "GET", url: "/manifest.json" });
    expect(manifest.headers["content-type"]).toMatch(/application\/manifest\+json/);
    const body = manifest.json() as { name: string; start_url: string; icons: { src: string; sizes: string }[] };
    expect(body.name).toBe("Container Homes of Texas");
    expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of body.icons) {
      const file = await app.inject({ method: "GET", url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
    }
    for (const url of ["/favicon.ico", "/og-image.jpg", "/icon.svg", "/apple-touch-icon.png"]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });
});
