// The measures the SEO report and the score widget share, read from a site scan.
import { jsonLdOfType } from "./inspect";
import type { ScannedPage, SiteScan } from "./seo-scan";

export const indexable = (s: SiteScan) => s.pages.filter((p) => p.status === 200 && !p.noindex);
export const pct = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((part / whole) * 100));
export const goodTitle = (p: ScannedPage) => {
  const len = p.facts.title?.length ?? 0;
  return p.facts.titleCount === 1 && len >= 30 && len <= 60;
};
export const goodDescription = (p: ScannedPage) => {
  const len = p.facts.description?.length ?? 0;
  return len >= 70 && len <= 160;
};
export const duplicates = (values: (string | null)[]) => {
  const seen = new Map<string, number>();
  for (const v of values) if (v) seen.set(v, (seen.get(v) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([v]) => v);
};
export const canonicalOk = (p: ScannedPage, siteUrl: string) =>
  p.facts.canonical === new URL(p.path, siteUrl).toString();
export const jsonLdOk = (p: ScannedPage) => p.facts.jsonLd.length > 0 && p.facts.jsonLd.every((b) => !b.error);
export const ogOk = (p: ScannedPage) =>
  ["og:title", "og:description", "og:url", "og:type"].every((k) => p.facts.og[k]) &&
  /^https?:\/\//.test(p.facts.og["og:image"] ?? "");
export const twitterOk = (p: ScannedPage) =>
  ["twitter:card", "twitter:title", "twitter:image"].every((k) => p.facts.twitter[k]);
export const viewportOk = (p: ScannedPage) => /width=device-width/.test(p.facts.viewport ?? "");
export const list = (paths: string[], max = 4) =>
  paths.length <= max ? paths.join(", ") : `${paths.slice(0, max).join(", ")} and ${paths.length - max} more`;

export function robotsFacts(s: SiteScan) {
  const lines = s.robots.split("\n").map((l) => l.trim());
  const disallowed = lines.filter((l) => l.startsWith("Disallow:")).map((l) => l.slice(9).trim());
  const needed = ["/admin", "/checkout", "/cart", "/order-confirmation", "/order-status", "/seo-test"];
  return {
    sitemapLine: lines.some((l) => l === `Sitemap: ${new URL("/sitemap.xml", s.siteUrl).toString()}`),
    allowsAll: lines.includes("User-agent: *") && !disallowed.includes("/"),
    missing: needed.filter((p) => !disallowed.includes(p)),
  };
}

export function businessFacts(s: SiteScan) {
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

export function sitemapCoverage(s: SiteScan) {
  const expected = indexable(s).map((p) => p.path);
  const missing = expected.filter((p) => !s.sitemapPaths.has(p));
  const wrong = s.pages.filter((p) => p.noindex && s.sitemapPaths.has(p.path)).map((p) => p.path);
  return { expected, missing, wrong };
}

export function internalLinks(s: SiteScan) {
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
