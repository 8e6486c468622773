// The SEO report and the score widget: every item is computed when asked, by rendering the site's
// own pages in-process (the same HTML crawlers receive) and reading the sitemap, robots.txt, the
// manifest, the built assets and the catalog and blog data. Nothing is cached between requests.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { schema } from "@ch/db";
import {
  DEFAULT_IMAGE,
  type ReportItem,
  reportScore,
  SCORE_WEIGHTS,
  type ScoreItem,
  type SeoReport,
  type SeoScore,
  scoreItemStatus,
  staticPaths,
  weightedScore,
} from "../../contracts/seo";
import { isProduction } from "../../env";
import type { Deps } from "../../lib/deps";
import { listProducts } from "../catalog";
import { listGallery, listPosts } from "../content";
import { siteUrlOf } from "../settings";
import { readStorefrontBuild } from "./html";
import { inspectHtml, jsonLdOfType, type PageFacts } from "./inspect";
import { DISALLOWED_PATHS, manifestJson, missingIcons, robotsTxt, sitemapEntries } from "./seo-files.service";
import { renderStorefrontPage } from "./seo-page.service";

interface ScannedPage {
  path: string;
  kind: "static" | "product" | "article" | "probe";
  status: number;
  noindex: boolean;
  facts: PageFacts;
  ms: number;
  bytes: number;
}

export interface SiteScan {
  pages: ScannedPage[];
  probes: ScannedPage[];
  sitemapPaths: Set<string>;
  sitemapHasLastmod: boolean;
  robots: string;
  manifest: Awaited<ReturnType<typeof manifestJson>>;
  missingIcons: string[] | null;
  hasBuild: boolean;
  ogImageExists: boolean;
  bundle: { js: number; css: number } | null;
  hashedAssets: boolean;
  siteUrl: string;
  production: boolean;
  products: Awaited<ReturnType<typeof listProducts>>;
  posts: Awaited<ReturnType<typeof listPosts>>;
  images: { url: string; contentType: string | null; width: number; height: number; bytes: number | null }[];
  now: Date;
}

/** Gzipped first-load weight of the storefront's entry (JS and CSS), from Vite's manifest. */
function entryWeight(dist: string): { js: number; css: number } | null {
  try {
    const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
    >;
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
    if (!entry) return null;
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) walk(dep);
    };
    walk(entry);
    const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    let js = 0;
    const css = new Set<string>();
    for (const key of seen) {
      js += gz(manifest[key]!.file);
      for (const c of manifest[key]!.css ?? []) css.add(c);
    }
    return { js, css: [...css].reduce((s, c) => s + gz(c), 0) };
  } catch {
    return null;
  }
}

export async function scanSite(deps: Deps): Promise<SiteScan> {
  const build = readStorefrontBuild(deps.env);
  const [products, posts, drafts, gallery, entries] = await Promise.all([
    listProducts(deps.db),
    listPosts(deps.db, { published: true }),
    listPosts(deps.db, { published: false, limit: 1 }),
    listGallery(deps.db),
    sitemapEntries(deps, build.builtAt),
  ]);
  const render = async (path: string, kind: ScannedPage["kind"]): Promise<ScannedPage> => {
    const started = performance.now();
    const page = await renderStorefrontPage(deps, path, build.template, { products, posts });
    const ms = performance.now() - started;
    const facts = inspectHtml(page.html);
    return {
      path,
      kind,
      status: page.status,
      noindex: /noindex/i.test(facts.robots ?? ""),
      facts,
      ms,
      bytes: Buffer.byteLength(page.html),
    };
  };
  const pages: ScannedPage[] = [];
  for (const path of staticPaths()) pages.push(await render(path, "static"));
  for (const p of products) pages.push(await render(`/product/${p.id}`, "product"));
  for (const p of posts) pages.push(await render(`/blog/${p.slug}`, "article"));
  const probePaths = ["/this-page-does-not-exist", "/product/999999", "/product/abc"];
  if (drafts[0]) probePaths.push(`/blog/${drafts[0].slug}`);
  const probes: ScannedPage[] = [];
  for (const path of probePaths) probes.push(await render(path, "probe"));

  const mediaRows = await deps.db
    .select({
      id: schema.media.id,
      contentType: schema.media.contentType,
      width: schema.media.width,
      height: schema.media.height,
      bytes: schema.media.bytes,
    })
    .from(schema.media);
  const byId = new Map(mediaRows.map((m) => [m.id, m]));
  const imageUrls = new Set<string>([
    ...products.flatMap((p) => p.images),
    ...posts.map((p) => p.image),
    ...gallery.map((g) => g.image),
  ]);
  const images = [...imageUrls].map((url) => {
    const row = url.startsWith("/media/") ? byId.get(url.slice("/media/".length)) : undefined;
    return {
      url,
      contentType: row?.contentType ?? null,
      width: row?.width ?? 0,
      height: row?.height ?? 0,
      bytes: row?.bytes ?? null,
    };
  });
  const assetsDir = build.dist ? join(build.dist, "assets") : null;
  return {
    pages,
    probes,
    sitemapPaths: new Set(entries.map((e) => e.path)),
    sitemapHasLastmod: entries.every((e) => !Number.isNaN(Date.parse(e.lastmod))),
    robots: robotsTxt(deps),
    manifest: await manifestJson(deps),
    missingIcons: missingIcons(build.dist),
    hasBuild: build.dist !== null,
    ogImageExists: build.dist ? existsSync(join(build.dist, DEFAULT_IMAGE)) : false,
    bundle: build.dist ? entryWeight(build.dist) : null,
    hashedAssets: assetsDir ? existsSync(assetsDir) : false,
    siteUrl: siteUrlOf(deps.env),
    production: isProduction(deps.env),
    products,
    posts,
    images,
    now: deps.clock.now(),
  };
}

// ---- shared measures -------------------------------------------------------------------------

const indexable = (s: SiteScan) => s.pages.filter((p) => p.status === 200 && !p.noindex);
const pct = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((part / whole) * 100));
const goodTitle = (p: ScannedPage) => {
  const len = p.facts.title?.length ?? 0;
  return p.facts.titleCount === 1 && len >= 30 && len <= 60;
};
const goodDescription = (p: ScannedPage) => {
  const len = p.facts.description?.length ?? 0;
  return len >= 70 && len <= 160;
};
const duplicates = (values: (string | null)[]) => {
  const seen = new Map<string, number>();
  for (const v of values) if (v) seen.set(v, (seen.get(v) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([v]) => v);
};
const canonicalOk = (p: ScannedPage, siteUrl: string) => p.facts.canonical === new URL(p.path, siteUrl).toString();
const jsonLdOk = (p: ScannedPage) => p.facts.jsonLd.length > 0 && p.facts.jsonLd.every((b) => !b.error);
const ogOk = (p: ScannedPage) =>
  ["og:title", "og:description", "og:url", "og:type"].every((k) => p.facts.og[k]) &&
  /^https?:\/\//.test(p.facts.og["og:image"] ?? "");
const twitterOk = (p: ScannedPage) =>
  ["twitter:card", "twitter:title", "twitter:image"].every((k) => p.facts.twitter[k]);
const viewportOk = (p: ScannedPage) => /width=device-width/.test(p.facts.viewport ?? "");
const list = (paths: string[], max = 4) =>
  paths.length <= max ? paths.join(", ") : `${paths.slice(0, max).join(", ")} and ${paths.length - max} more`;

function robotsFacts(s: SiteScan) {
  const lines = s.robots.split("\n").map((l) => l.trim());
  const disallowed = lines.filter((l) => l.startsWith("Disallow:")).map((l) => l.slice(9).trim());
  const needed = ["/admin", "/checkout", "/cart", "/order-confirmation", "/order-status", "/seo-test"];
  return {
    sitemapLine: lines.some((l) => l === `Sitemap: ${new URL("/sitemap.xml", s.siteUrl).toString()}`),
    allowsAll: lines.includes("User-agent: *") && !disallowed.includes("/"),
    missing: needed.filter((p) => !disallowed.includes(p)),
  };
}

function businessFacts(s: SiteScan) {
  const home = s.pages.find((p) => p.path === "/");
  const business = home ? jsonLdOfType(home.facts, "HomeAndConstructionBusiness") : null;
  const address = (business?.address ?? {}) as Record<string, unknown>;
  const fields = {
    name: Boolean(business?.name),
    telephone: Boolean(business?.telephone),
    street: Boolean(address.streetAddress),
    city: Boolean(address.addressLocality),
    region: Boolean(address.addressRegion),
    postalCode: Boolean(address.postalCode),
    openingHours: Array.isArray(business?.openingHours) && (business.openingHours as unknown[]).length > 0,
    url: Boolean(business?.url),
  };
  const onEvery = s.pages
    .filter((p) => p.status === 200)
    .every((p) => jsonLdOfType(p.facts, "HomeAndConstructionBusiness"));
  return { business, fields, onEvery };
}

function sitemapCoverage(s: SiteScan) {
  const expected = indexable(s).map((p) => p.path);
  const missing = expected.filter((p) => !s.sitemapPaths.has(p));
  const wrong = s.pages.filter((p) => p.noindex && s.sitemapPaths.has(p.path)).map((p) => p.path);
  return { expected, missing, wrong };
}

function internalLinks(s: SiteScan) {
  const targets = indexable(s).map((p) => p.path);
  const linkedFrom = new Map<string, number>();
  for (const page of s.pages) {
    for (const href of new Set(page.facts.links)) {
      if (!href.startsWith("/") || href === page.path) continue;
      linkedFrom.set(href, (linkedFrom.get(href) ?? 0) + 1);
    }
  }
  const orphans = targets.filter((t) => t !== "/" && !linkedFrom.get(t));
  return { targets, orphans };
}

// ---- the report ------------------------------------------------------------------------------

/**
 * One check. `fix` says what should change in words fit for the public report; `hint` says how to do
 * it in this installation (configuration, the back office's Settings, the build) and is shown in the
 * back office only.
 */
const item = (name: string, status: ReportItem["status"], detail: string, fix: string, hint?: string): ReportItem => {
  if (status === "pass") return { name, status, detail };
  return hint ? { name, status, detail, fix, hint } : { name, status, detail, fix };
};

/** Who reads the report: the public /seo-report page, or the back office (which also gets the hints). */
export type ReportAudience = "public" | "admin";

export function buildReport(s: SiteScan, audience: ReportAudience = "public"): SeoReport {
  const ok = s.pages.filter((p) => p.status === 200);
  const idx = indexable(s);
  const sitemap = sitemapCoverage(s);
  const robots = robotsFacts(s);
  const business = businessFacts(s);

  const technical: ReportItem[] = [
    item(
      "XML sitemap",
      sitemap.missing.length || sitemap.wrong.length || !s.sitemapHasLastmod ? "fail" : "pass",
      sitemap.missing.length
        ? `Missing from /sitemap.xml: ${list(sitemap.missing)}.`
        : sitemap.wrong.length
          ? `Lists non-indexable pages: ${list(sitemap.wrong)}.`
          : `Lists all ${sitemap.expected.length} indexable pages, products and published articles, each with lastmod.`,
      "Make /sitemap.xml list every public page, product and published article.",
    ),
    item(
      "robots.txt",
      robots.sitemapLine && robots.allowsAll && robots.missing.length === 0 ? "pass" : "fail",
      robots.missing.length
        ? `Does not disallow ${robots.missing.join(", ")}.`
        : robots.sitemapLine
          ? "Allows crawling, keeps private pages out and names the sitemap."
          : "Has no Sitemap line.",
      "Fix /robots.txt: allow the site, disallow private pages and add the Sitemap line.",
    ),
    item(
      "Web app manifest",
      s.missingIcons === null ? "warning" : s.missingIcons.length ? "fail" : "pass",
      s.missingIcons === null
        ? "The icon files could not be checked."
        : s.missingIcons.length
          ? `Icons missing: ${s.missingIcons.join(", ")}.`
          : `/manifest.json names ${s.manifest.icons.length} icons, all present.`,
      "Publish every icon that /manifest.json names.",
      s.missingIcons === null
        ? "The storefront is not built: run npm run build."
        : "Build the storefront with its icons in public/icons.",
    ),
    item(
      "Canonical URLs",
      ok.every((p) => canonicalOk(p, s.siteUrl)) ? "pass" : "fail",
      (() => {
        const bad = ok.filter((p) => !canonicalOk(p, s.siteUrl)).map((p) => p.path);
        return bad.length ? `Wrong or missing on ${list(bad)}.` : `All ${ok.length} pages point to their own address.`;
      })(),
      "Give every page a canonical link to its own absolute address.",
    ),
    item(
      "Not-found answers",
      s.probes.every((p) => p.status === 404 && p.noindex) ? "pass" : "fail",
      (() => {
        const bad = s.probes.filter((p) => p.status !== 404).map((p) => `${p.path} (${p.status})`);
        return bad.length
          ? `These answer without 404: ${bad.join(", ")}.`
          : `Unknown pages, missing products and draft articles answer 404 (${s.probes.length} probed).`;
      })(),
      "Answer 404 for unknown paths, missing products and unpublished articles.",
    ),
    item(
      "Private pages kept out of search",
      ["/cart", "/checkout", "/order-confirmation", "/order-status", "/seo-test", "/seo-report"].every(
        (path) => s.pages.find((p) => p.path === path)?.noindex,
      )
        ? "pass"
        : "fail",
      "Cart, checkout, order pages and the SEO tool pages carry robots noindex.",
      "Add robots noindex to cart, checkout, order and SEO tool pages.",
    ),
    item(
      "HTTPS",
      s.siteUrl.startsWith("https://") ? "pass" : s.production ? "fail" : "warning",
      s.siteUrl.startsWith("https://")
        ? `The site address ${s.siteUrl} uses HTTPS.`
        : `The site address ${s.siteUrl} is plain HTTP.`,
      "Serve the site over HTTPS.",
      `Set PUBLIC_SITE_URL to the site's https:// address${s.production ? "" : " (this is not a production setup, so it counts as a warning)"}.`,
    ),
    item(
      "Mobile viewport",
      ok.every(viewportOk) ? "pass" : "fail",
      ok.every(viewportOk) ? "Every page has width=device-width." : "Some pages lack a viewport meta tag.",
      'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
    ),
  ];

  const badTitles = idx.filter((p) => !goodTitle(p)).map((p) => `${p.path} (${p.facts.title?.length ?? 0})`);
  const dupTitles = duplicates(idx.map((p) => p.facts.title));
  const badDescriptions = idx
    .filter((p) => !goodDescription(p))
    .map((p) => `${p.path} (${p.facts.description?.length ?? 0})`);
  const dupDescriptions = duplicates(idx.map((p) => p.facts.description));
  const h1Bad = ok.filter((p) => p.facts.h1.length !== 1).map((p) => p.path);
  const altBad = ok.filter((p) => p.facts.images.some((i) => !i.alt?.trim())).map((p) => p.path);
  const thinProducts = s.products.filter((p) => p.description.length < 100 || p.images.length === 0).map((p) => p.name);
  const newest = s.posts[0] ? new Date(s.posts[0].createdAt) : null;
  const ageDays = newest ? Math.floor((s.now.getTime() - newest.getTime()) / 86_400_000) : null;

  const content: ReportItem[] = [
    item(
      "Title tags",
      badTitles.length === 0 && dupTitles.length === 0 ? "pass" : dupTitles.length ? "fail" : "warning",
      dupTitles.length
        ? `Duplicate titles: ${list(dupTitles, 2)}.`
        : badTitles.length
          ? `Outside 30-60 characters: ${list(badTitles)}.`
          : `All ${idx.length} indexable pages have a unique title of 30-60 characters.`,
      "Give every page a unique title of 30-60 characters.",
    ),
    item(
      "Meta descriptions",
      badDescriptions.length === 0 && dupDescriptions.length === 0
        ? "pass"
        : dupDescriptions.length
          ? "fail"
          : "warning",
      dupDescriptions.length
        ? `Duplicate descriptions on ${dupDescriptions.length} pages.`
        : badDescriptions.length
          ? `Outside 70-160 characters: ${list(badDescriptions)}.`
          : `All ${idx.length} indexable pages have a unique description of 70-160 characters.`,
      "Write a unique meta description of 70-160 characters for every page.",
    ),
    item(
      "One H1 per page",
      h1Bad.length === 0 ? "pass" : "fail",
      h1Bad.length ? `Not exactly one h1 on ${list(h1Bad)}.` : "Every page's pre-rendered markup has exactly one h1.",
      "Keep exactly one h1 per page.",
    ),
    item(
      "Image alt text",
      altBad.length === 0 ? "pass" : "fail",
      altBad.length ? `Images without alt on ${list(altBad)}.` : "Every image in the pre-rendered markup has alt text.",
      "Add alt text to every image.",
    ),
    item(
      "Product content",
      s.products.length === 0 ? "fail" : thinProducts.length ? "warning" : "pass",
      s.products.length === 0
        ? "No products in the catalog."
        : thinProducts.length
          ? `Thin or imageless: ${list(thinProducts)}.`
          : `All ${s.products.length} products have an image and a description of 100+ characters.`,
      "Give every product at least one image and a description of 100+ characters.",
    ),
    item(
      "Fresh articles",
      ageDays === null ? "fail" : ageDays <= 90 ? "pass" : ageDays <= 180 ? "warning" : "fail",
      ageDays === null
        ? "No published articles."
        : `${s.posts.length} published articles; the newest is ${ageDays} day${ageDays === 1 ? "" : "s"} old.`,
      "Publish a new blog article (at least one every three months).",
    ),
  ];

  const missingFields = Object.entries(business.fields)
    .filter(([, present]) => !present)
    .map(([k]) => k);
  const home = s.pages.find((p) => p.path === "/");
  const contact = s.pages.find((p) => p.path === "/contact");
  const localText = `${home?.facts.title ?? ""} ${home?.facts.description ?? ""}`;
  const local: ReportItem[] = [
    item(
      "Local business structured data",
      business.business && business.onEvery ? "pass" : "fail",
      business.business
        ? business.onEvery
          ? "HomeAndConstructionBusiness JSON-LD is on every page."
          : "HomeAndConstructionBusiness JSON-LD is missing on some pages."
        : "No HomeAndConstructionBusiness JSON-LD.",
      "Add HomeAndConstructionBusiness JSON-LD to every page.",
    ),
    item(
      "Name, address and phone",
      missingFields.filter((f) => f !== "openingHours").length === 0 ? "pass" : "fail",
      missingFields.filter((f) => f !== "openingHours").length
        ? `Missing in the structured data: ${missingFields.join(", ")}.`
        : `${String(business.business?.name)}, ${String((business.business?.address as Record<string, unknown>)?.addressLocality)}, ${String(business.business?.telephone)}.`,
      "Publish the company's name, address and phone in the structured data.",
      "Fill in the company name, address and phone in the back office's Settings.",
    ),
    item(
      "Opening hours",
      business.fields.openingHours ? "pass" : "fail",
      business.fields.openingHours
        ? `In the structured data: ${((business.business?.openingHours as string[] | undefined) ?? []).join(", ")}.`
        : "No opening hours in the structured data.",
      "Add opening hours to the business structured data.",
      "Set the opening hours in the back office's Settings.",
    ),
    item(
      "Local keywords",
      /San Antonio/i.test(localText) && /Texas|TX/.test(localText) ? "pass" : "warning",
      /San Antonio/i.test(localText)
        ? "The home page's title and description name San Antonio, Texas."
        : "The home page's title and description do not name the city.",
      "Name San Antonio, Texas in the home page's title and description.",
    ),
    item(
      "Contact page",
      contact?.status === 200 && !contact.noindex ? "pass" : "fail",
      contact?.status === 200 ? "/contact is public and indexable." : "/contact does not answer 200.",
      "Publish an indexable /contact page.",
    ),
  ];

  const ogBad = ok.filter((p) => !ogOk(p)).map((p) => p.path);
  const twBad = ok.filter((p) => !twitterOk(p)).map((p) => p.path);
  const productPages = s.pages.filter((p) => p.kind === "product");
  const articlePages = s.pages.filter((p) => p.kind === "article");
  const richBad = [
    ...productPages.filter((p) => {
      const product = jsonLdOfType(p.facts, "Product");
      const offer = product?.offers as Record<string, unknown> | undefined;
      return !offer?.price || offer.priceCurrency !== "USD" || !offer.availability;
    }),
    ...articlePages.filter((p) => !jsonLdOfType(p.facts, "BlogPosting")),
  ].map((p) => p.path);
  const sameAs = Array.isArray(business.business?.sameAs) ? (business.business.sameAs as string[]) : [];
  const social: ReportItem[] = [
    item(
      "Open Graph tags",
      ogBad.length ? "fail" : "pass",
      ogBad.length
        ? `Incomplete on ${list(ogBad)}.`
        : `Title, description, URL, type and an absolute image on all ${ok.length} pages.`,
      "Add og:title, og:description, og:url, og:type and an absolute og:image to every page.",
    ),
    item(
      "Twitter cards",
      twBad.length ? "fail" : "pass",
      twBad.length ? `Incomplete on ${list(twBad)}.` : "summary_large_image cards with title and image on every page.",
      "Add twitter:card, twitter:title and twitter:image to every page.",
    ),
    item(
      "Share image",
      !s.hasBuild ? "warning" : s.ogImageExists ? "pass" : "fail",
      !s.hasBuild
        ? "The share image could not be checked."
        : s.ogImageExists
          ? `${DEFAULT_IMAGE} (1200x630) is published; products and articles share their own photo.`
          : `${DEFAULT_IMAGE} is missing.`,
      `Publish a 1200x630 share image at ${DEFAULT_IMAGE}.`,
      s.hasBuild ? `Add ${DEFAULT_IMAGE} to storefront/public.` : "The storefront is not built: run npm run build.",
    ),
    item(
      "Product and article rich data",
      richBad.length ? "fail" : "pass",
      richBad.length
        ? `Missing or incomplete on ${list(richBad)}.`
        : `${productPages.length} products carry Product with an Offer; ${articlePages.length} articles carry BlogPosting.`,
      "Add Product/Offer JSON-LD to product pages and BlogPosting to articles.",
    ),
    item(
      "Social profiles",
      sameAs.length ? "pass" : "warning",
      sameAs.length
        ? `Linked from the structured data: ${sameAs.length} profile(s).`
        : "No social profiles are linked, so search engines cannot link the business to them.",
      "Link the business's social profiles from its structured data.",
      "Add the Facebook, Instagram, YouTube or LinkedIn address in the back office's Settings.",
    ),
  ];

  // the public report is indexable: how to configure this installation is not its business
  const forAudience = (items: ReportItem[]) =>
    audience === "admin" ? items : items.map(({ hint: _hint, ...publicItem }) => publicItem);
  const categories: SeoReport["categories"] = [
    { name: "Technical", items: forAudience(technical) },
    { name: "Content", items: forAudience(content) },
    { name: "Local", items: forAudience(local) },
    { name: "Social Media", items: forAudience(social) },
  ];
  const all = categories.flatMap((c) => c.items);
  const failing = [...all.filter((i) => i.status === "fail"), ...all.filter((i) => i.status === "warning")];
  return {
    categories,
    score: reportScore(all),
    counts: {
      optimized: all.filter((i) => i.status === "pass").length,
      needsAttention: all.filter((i) => i.status === "warning").length,
      issues: all.filter((i) => i.status === "fail").length,
      total: all.length,
    },
    nextSteps: failing.map((i) => [i.fix ?? i.name, i.hint].filter(Boolean).join(" ")),
    pagesChecked: s.pages.length + s.probes.length,
    checkedAt: s.now.toISOString(),
  };
}

// ---- the score widget ------------------------------------------------------------------------

export function buildScore(s: SiteScan): SeoScore {
  const ok = s.pages.filter((p) => p.status === 200);
  const idx = indexable(s);
  const sitemap = sitemapCoverage(s);
  const robots = robotsFacts(s);
  const business = businessFacts(s);
  const links = internalLinks(s);
  const make = (key: keyof typeof SCORE_WEIGHTS, name: string, score: number, description: string): ScoreItem => ({
    key,
    name,
    score,
    weight: SCORE_WEIGHTS[key],
    status: scoreItemStatus(score),
    description,
  });

  const dupTitles = new Set(duplicates(idx.map((p) => p.facts.title)));
  const titleGood = idx.filter((p) => goodTitle(p) && !dupTitles.has(p.facts.title ?? "")).length;
  const dupDesc = new Set(duplicates(idx.map((p) => p.facts.description)));
  const descGood = idx.filter((p) => goodDescription(p) && !dupDesc.has(p.facts.description ?? "")).length;
  const structuredGood = ok.filter((p) => {
    if (!jsonLdOk(p) || !jsonLdOfType(p.facts, "HomeAndConstructionBusiness")) return false;
    if (p.kind === "product") return Boolean(jsonLdOfType(p.facts, "Product"));
    if (p.kind === "article") return Boolean(jsonLdOfType(p.facts, "BlogPosting"));
    return true;
  }).length;
  const sitemapScore = pct(
    sitemap.expected.length - sitemap.missing.length - sitemap.wrong.length + (s.sitemapHasLastmod ? 1 : 0),
    sitemap.expected.length + 1,
  );
  const robotsChecks = [
    robots.sitemapLine,
    robots.allowsAll,
    ...robots.missing.map(() => false),
    robots.missing.length === 0,
  ];
  const mobileChecks = [
    ...ok.map(viewportOk),
    s.missingIcons !== null && s.missingIcons.length === 0,
    s.manifest.display === "standalone",
  ];
  const slow = ok.filter((p) => p.ms > 300);
  const heavy = ok.filter((p) => p.bytes > 100_000);
  const speedChecks = [
    s.bundle !== null && s.bundle.js <= 130 * 1024,
    s.bundle !== null && s.bundle.css <= 15 * 1024,
    s.hashedAssets,
    slow.length === 0,
    heavy.length === 0,
  ];
  const sslChecks = [
    s.siteUrl.startsWith("https://"),
    ok.every((p) => (p.facts.canonical ?? "").startsWith("https://")),
  ];
  const urlGood = [...s.sitemapPaths].filter(
    (p) => p === p.toLowerCase() && !/[?_\s%]/.test(p) && p.length <= 80 && p.split("/").length <= 4,
  ).length;
  const optimized = s.images.filter(
    (i) => i.contentType === "image/webp" && i.width > 0 && i.height > 0 && (i.bytes ?? Infinity) <= 300_000,
  ).length;
  const imageChecks = pct(optimized + (s.ogImageExists ? 1 : 0), s.images.length + 1);
  const localChecks = [
    ...Object.values(business.fields),
    business.onEvery,
    /San Antonio/i.test(s.pages.find((p) => p.path === "/")?.facts.description ?? ""),
  ];
  const share = (checks: boolean[]) => pct(checks.filter(Boolean).length, checks.length);

  const items = [
    make(
      "titleTags",
      "Title Tags",
      pct(titleGood, idx.length),
      `${titleGood} of ${idx.length} indexable pages have a unique 30-60 character title.`,
    ),
    make(
      "metaDescriptions",
      "Meta Descriptions",
      pct(descGood, idx.length),
      `${descGood} of ${idx.length} indexable pages have a unique 70-160 character description.`,
    ),
    make(
      "structuredData",
      "Structured Data",
      pct(structuredGood, ok.length),
      `${structuredGood} of ${ok.length} pages carry valid JSON-LD (business, plus Product or BlogPosting where due).`,
    ),
    make(
      "sitemap",
      "XML Sitemap",
      sitemapScore,
      `${sitemap.expected.length - sitemap.missing.length} of ${sitemap.expected.length} indexable pages listed${s.sitemapHasLastmod ? ", all with lastmod" : ""}.`,
    ),
    make(
      "robots",
      "Robots.txt",
      share(robotsChecks),
      robots.missing.length
        ? `Not disallowed: ${robots.missing.join(", ")}.`
        : `Crawling allowed, private paths disallowed (${DISALLOWED_PATHS.length}), sitemap named.`,
    ),
    make(
      "mobile",
      "Mobile Optimization",
      share(mobileChecks),
      `Viewport meta on ${ok.filter(viewportOk).length} of ${ok.length} pages; installable manifest${s.missingIcons?.length === 0 ? " with all icons" : " (icons not verified)"}.`,
    ),
    make(
      "pageSpeed",
      "Page Speed",
      share(speedChecks),
      s.bundle
        ? `Entry JS ${(s.bundle.js / 1024).toFixed(1)} KB / CSS ${(s.bundle.css / 1024).toFixed(1)} KB gzipped; slowest page rendered in ${Math.round(Math.max(0, ...ok.map((p) => p.ms)))} ms.`
        : "The storefront is not built, so its weight cannot be measured.",
    ),
    make(
      "ssl",
      "SSL Certificate",
      share(sslChecks),
      s.siteUrl.startsWith("https://")
        ? `Site address and canonical URLs use HTTPS.`
        : `Site address ${s.siteUrl} is not HTTPS.`,
    ),
    make(
      "urlStructure",
      "URL Structure",
      pct(urlGood, s.sitemapPaths.size),
      `${urlGood} of ${s.sitemapPaths.size} URLs are short, lower-case and hyphenated without query strings.`,
    ),
    make(
      "imageOptimization",
      "Image Optimization",
      imageChecks,
      `${optimized} of ${s.images.length} catalog, blog and gallery images are WebP with known dimensions and under 300 KB.`,
    ),
    make(
      "localSeo",
      "Local SEO",
      share(localChecks),
      business.business
        ? "Business JSON-LD with address, phone and hours; San Antonio named on the home page."
        : "No business structured data.",
    ),
    make(
      "internalLinking",
      "Internal Linking",
      pct(links.targets.length - links.orphans.length, links.targets.length),
      links.orphans.length
        ? `Not linked from any page: ${list(links.orphans)}.`
        : `All ${links.targets.length} indexable pages are linked from another page.`,
    ),
  ];
  return { items, score: weightedScore(items), checkedAt: s.now.toISOString() };
}

export async function seoReport(deps: Deps, audience: ReportAudience = "public"): Promise<SeoReport> {
  return buildReport(await scanSite(deps), audience);
}

export async function seoScore(deps: Deps): Promise<SeoScore> {
  return buildScore(await scanSite(deps));
}
