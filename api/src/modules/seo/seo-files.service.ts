// sitemap.xml, robots.txt and manifest.json, built per request from the page list and the database.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { absoluteUrl, staticPageMeta, staticPaths } from "@ch/contracts/seo";
import type { Deps } from "../../lib/deps";
import { listProducts } from "../catalog";
import { publishedPostDates } from "../content";
import { getSiteConfig, siteUrlOf } from "../settings";
import { escapeHtml, THEME_COLOR } from "./html";

export interface SitemapEntry {
  path: string;
  loc: string;
  lastmod: string;
}

const latest = (dates: (Date | string | null | undefined)[]): Date | null => {
  let best: Date | null = null;
  for (const d of dates) {
    if (!d) continue;
    const date = typeof d === "string" ? new Date(d) : d;
    if (!best || date > best) best = date;
  }
  return best;
};

/** Every indexable page: static pages, category pages, products and published posts, with lastmod. */
export async function sitemapEntries(deps: Deps, builtAt: Date | null): Promise<SitemapEntry[]> {
  const siteUrl = siteUrlOf(deps.env);
  const [products, posts] = await Promise.all([listProducts(deps.db), publishedPostDates(deps.db)]);
  const entries: SitemapEntry[] = [];
  const add = (path: string, date: Date | null) =>
    entries.push({ path, loc: absoluteUrl(siteUrl, path), lastmod: (date ?? deps.clock.now()).toISOString() });
  for (const path of staticPaths()) {
    const meta = staticPageMeta(path);
    if (!meta || meta.noindex) continue;
    // a listing changes when what it lists changes; other pages when the site is rebuilt
    let content: (Date | string | null)[] = [builtAt];
    if (path === "/products") content = [builtAt, ...products.map((p) => p.updatedAt)];
    else if (path.startsWith("/products/")) {
      const category = path.slice("/products/".length);
      content = [builtAt, ...products.filter((p) => p.category === category).map((p) => p.updatedAt)];
    } else if (path === "/blog") content = [builtAt, ...posts.map((p) => p.updatedAt)];
    else if (path === "/") content = [builtAt, ...products.map((p) => p.updatedAt), ...posts.map((p) => p.updatedAt)];
    add(path, latest(content));
  }
  for (const p of products) add(`/product/${p.id}`, new Date(p.updatedAt));
  for (const p of posts) add(`/blog/${p.slug}`, p.updatedAt);
  return entries;
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => `  <url>\n    <loc>${escapeHtml(e.loc)}</loc>\n    <lastmod>${e.lastmod}</lastmod>\n  </url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Paths crawlers are asked to leave alone: private, per-visitor or test pages. */
export const DISALLOWED_PATHS = [
  "/admin",
  "/checkout",
  "/cart",
  "/order-confirmation",
  "/order-status",
  "/portal",
  "/seo-test",
  "/api/",
];

export function robotsTxt(deps: Deps): string {
  const siteUrl = siteUrlOf(deps.env);
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

export const MANIFEST_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

export async function manifestJson(deps: Deps) {
  const { company } = await getSiteConfig(deps);
  return {
    name: company.name,
    short_name: "Container Homes",
    description:
      "Shipping-container homes, offices and commercial buildings, designed and built in San Antonio, Texas.",
    lang: "en-US",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: MANIFEST_ICONS.map((i) => ({ ...i })),
  };
}

/** Which of the manifest's icons exist in the built storefront (null when there is no build). */
export function missingIcons(dist: string | null): string[] | null {
  if (!dist) return null;
  return MANIFEST_ICONS.map((i) => i.src).filter((src) => !existsSync(join(dist, src)));
}
