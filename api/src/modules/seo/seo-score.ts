// The score widget: twelve weighted scores of 0-100, each with what it measured.
import { SCORE_WEIGHTS, type ScoreItem, type SeoScore, scoreItemStatus, weightedScore } from "@ch/contracts/seo";
import { jsonLdOfType } from "./inspect";
import { DISALLOWED_PATHS } from "./seo-files.service";
import {
  businessFacts,
  duplicates,
  goodDescription,
  goodTitle,
  indexable,
  internalLinks,
  jsonLdOk,
  list,
  pct,
  robotsFacts,
  sitemapCoverage,
  viewportOk,
} from "./seo-measures";
import type { SiteScan } from "./seo-scan";

/** One scored item with its weight and status. */
const make = (key: keyof typeof SCORE_WEIGHTS, name: string, score: number, description: string): ScoreItem => ({
  key,
  name,
  score,
  weight: SCORE_WEIGHTS[key],
  status: scoreItemStatus(score),
  description,
});
const share = (checks: boolean[]) => pct(checks.filter(Boolean).length, checks.length);

/** Titles, descriptions and structured data, page by page. */
function pageScores(s: SiteScan): ScoreItem[] {
  const ok = s.pages.filter((p) => p.status === 200);
  const idx = indexable(s);
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

  return [
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
  ];
}

/** What crawlers and browsers are served: the sitemap, robots.txt, mobile, speed and HTTPS. */
function crawlScores(s: SiteScan): ScoreItem[] {
  const ok = s.pages.filter((p) => p.status === 200);
  const sitemap = sitemapCoverage(s);
  const robots = robotsFacts(s);
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

  return [
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
  ];
}

/** The site as a whole: its URLs, images, local presence and internal links. */
function siteScores(s: SiteScan): ScoreItem[] {
  const business = businessFacts(s);
  const links = internalLinks(s);
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

  return [
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
}

export function buildScore(s: SiteScan): SeoScore {
  const items = [...pageScores(s), ...crawlScores(s), ...siteScores(s)];
  return { items, score: weightedScore(items), checkedAt: s.now.toISOString() };
}
