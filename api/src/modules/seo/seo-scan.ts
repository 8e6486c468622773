// Scanning the site for the SEO report and the score widget: its own pages rendered in-process (the same
// HTML crawlers receive), the sitemap, robots.txt, the manifest, the built assets and the catalog and blog data.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { DEFAULT_IMAGE, staticPaths } from "@ch/contracts/seo";
import { schema } from "@ch/db";
import { isProduction } from "../../env";
import type { Deps } from "../../lib/deps";
import { listProducts } from "../catalog";
import { listGallery, listPosts } from "../content";
import { siteUrlOf } from "../settings";
import { readStorefrontBuild } from "./html";
import { inspectHtml, type PageFacts } from "./inspect";
import { manifestJson, missingIcons, robotsTxt, sitemapEntries } from "./seo-files.service";
import { renderStorefrontPage } from "./seo-page.service";

export interface ScannedPage {
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
