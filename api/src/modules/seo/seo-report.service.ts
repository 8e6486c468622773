// The SEO report and the score widget: every item is computed from a scan of the site, which renders
// the site's own pages in-process (the same HTML crawlers receive) and reads the sitemap, robots.txt, the
// manifest, the built assets and the catalog and blog data. A scan costs about 0.2 s of processor time, so
// it is kept for SCAN_KEPT_MS at most and dropped at once by any announced change of the content
// (products, posts, gallery, settings: lib/read-cache.ts); checkedAt says when it ran.
import { DEFAULT_IMAGE, type ReportItem, reportScore, type SeoReport, type SeoScore } from "@ch/contracts/seo";
import type { Deps } from "../../lib/deps";
import { readCache } from "../../lib/read-cache";
import { jsonLdOfType } from "./inspect";
import {
  businessFacts,
  canonicalOk,
  duplicates,
  goodDescription,
  goodTitle,
  indexable,
  list,
  ogOk,
  robotsFacts,
  sitemapCoverage,
  twitterOk,
  viewportOk,
} from "./seo-measures";
import { type ScannedPage, type SiteScan, scanSite } from "./seo-scan";
import { buildScore } from "./seo-score";

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

/** Technical, the crawler files: the sitemap, robots.txt, the web app manifest. */
function crawlerFileItems(s: SiteScan): ReportItem[] {
  const sitemap = sitemapCoverage(s);
  const robots = robotsFacts(s);
  return [
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
  ];
}

/** Technical, the pages' answers: canonical and not-found answers, private pages, HTTPS, the viewport. */
function pageAnswerItems(s: SiteScan): ReportItem[] {
  const ok = s.pages.filter((p) => p.status === 200);
  return [
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
}

/**
 * A tag every indexable page needs (title, description), its own and of a length in range: a value
 * two pages share fails, a length outside the range warns.
 */
function uniqueTagItem(
  idx: ScannedPage[],
  check: {
    name: string;
    tag: "title" | "description";
    good: (p: ScannedPage) => boolean;
    range: string;
    duplicated: (values: string[]) => string;
    fix: string;
  },
): ReportItem {
  const bad = idx.filter((p) => !check.good(p)).map((p) => `${p.path} (${p.facts[check.tag]?.length ?? 0})`);
  const dup = duplicates(idx.map((p) => p.facts[check.tag]));
  return item(
    check.name,
    dup.length ? "fail" : bad.length ? "warning" : "pass",
    dup.length
      ? check.duplicated(dup)
      : bad.length
        ? `Outside ${check.range} characters: ${list(bad)}.`
        : `All ${idx.length} indexable pages have a unique ${check.tag} of ${check.range} characters.`,
    check.fix,
  );
}

/** Content: titles, descriptions, headings, alt text, product content, fresh articles. */
function contentItems(s: SiteScan): ReportItem[] {
  const ok = s.pages.filter((p) => p.status === 200);
  const idx = indexable(s);
  const h1Bad = ok.filter((p) => p.facts.h1.length !== 1).map((p) => p.path);
  const altBad = ok.filter((p) => p.facts.images.some((i) => !i.alt?.trim())).map((p) => p.path);
  const thinProducts = s.products.filter((p) => p.description.length < 100 || p.images.length === 0).map((p) => p.name);
  const newest = s.posts[0] ? new Date(s.posts[0].createdAt) : null;
  const ageDays = newest ? Math.floor((s.now.getTime() - newest.getTime()) / 86_400_000) : null;

  return [
    uniqueTagItem(idx, {
      name: "Title tags",
      tag: "title",
      good: goodTitle,
      range: "30-60",
      duplicated: (titles) => `Duplicate titles: ${list(titles, 2)}.`,
      fix: "Give every page a unique title of 30-60 characters.",
    }),
    uniqueTagItem(idx, {
      name: "Meta descriptions",
      tag: "description",
      good: goodDescription,
      range: "70-160",
      duplicated: (descriptions) => `Duplicate descriptions on ${descriptions.length} pages.`,
      fix: "Write a unique meta description of 70-160 characters for every page.",
    }),
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
}

/** Local: the business structured data, its name, address, phone and hours, local keywords, /contact. */
function localItems(s: SiteScan): ReportItem[] {
  const business = businessFacts(s);
  const missingFields = Object.entries(business.fields)
    .filter(([, present]) => !present)
    .map(([k]) => k);
  const home = s.pages.find((p) => p.path === "/");
  const contact = s.pages.find((p) => p.path === "/contact");
  const localText = `${home?.facts.title ?? ""} ${home?.facts.description ?? ""}`;
  return [
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
}

/** Social media: Open Graph, Twitter cards, the share image, rich data, social profiles. */
function socialItems(s: SiteScan): ReportItem[] {
  const ok = s.pages.filter((p) => p.status === 200);
  const business = businessFacts(s);
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
  return [
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
}

export function buildReport(s: SiteScan, audience: ReportAudience = "public"): SeoReport {
  const technical = [...crawlerFileItems(s), ...pageAnswerItems(s)];
  const content = contentItems(s);
  const local = localItems(s);
  const social = socialItems(s);

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

/** Uploads are not announced: a new picture's weight shows in the report within this time. */
const SCAN_KEPT_MS = 30_000;
const currentScan = (deps: Deps) => readCache(deps.db).valueFor("seo:scan", SCAN_KEPT_MS, () => scanSite(deps));

export async function seoReport(deps: Deps, audience: ReportAudience = "public"): Promise<SeoReport> {
  return buildReport(await currentScan(deps), audience);
}

export async function seoScore(deps: Deps): Promise<SeoScore> {
  return buildScore(await currentScan(deps));
}
