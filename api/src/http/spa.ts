// Serves a built browser app: hashed assets cached for a year, index.html for every other GET.
// On the storefront origin each page's HTML carries its own head (title, description, canonical,
// Open Graph, Twitter, JSON-LD), the site configuration and the right status: 404 for unknown paths,
// missing products and missing or draft articles (the app then shows its not-found screen).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { blogListHref, parseBlogListSearch } from "@ch/contracts/blog-list";
import { PROPOSAL_PATH } from "@ch/contracts/seo";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pickEncoding } from "../lib/compressed-forms";
import type { Deps } from "../lib/deps";
import { readCache } from "../lib/read-cache";
import type { NoRouteAnswer } from "./no-route";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A generated page's compressed forms, made once per page object (cached pages are reused as is). */
const compressed = new WeakMap<object, Partial<Record<"br" | "gzip", Promise<Buffer>>>>();

function compress(page: { html: string }, encoding: "br" | "gzip"): Promise<Buffer> {
  let forms = compressed.get(page);
  if (!forms) {
    forms = {};
    compressed.set(page, forms);
  }
  const { html } = page;
  forms[encoding] ??=
    encoding === "br"
      ? brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : gzipAsync(html, { level: 6 });
  return forms[encoding];
}

/** Sends a generated HTML page, compressed when the client accepts it. */
async function sendHtml(req: FastifyRequest, reply: FastifyReply, page: { html: string }) {
  reply.header("vary", "accept-encoding");
  const encoding = req.method === "HEAD" ? null : pickEncoding(req.headers["accept-encoding"]);
  if (!encoding || page.html.length < 1024) return reply.send(page.html);
  return reply.header("content-encoding", encoding).send(await compress(page, encoding));
}

/**
 * How long a rendered storefront page is reused. It is dropped at once when products, gallery items or
 * posts change (the read cache's notices); the limit covers what else a page shows, such as the year.
 */
const PAGE_MAX_AGE_MS = 60_000;

const MAX_INLINE_CSS = 64 * 1024;

/**
 * Puts the app's stylesheet into the page itself: the first paint then waits for no second request
 * (a round trip and a download on a slow phone network). The CSP allows inline styles.
 */
export function inlineStylesheets(html: string, root: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g, (tag, href: string) => {
    try {
      const css = readFileSync(join(root, href));
      if (css.length > MAX_INLINE_CSS) return tag;
      return `<style>${css.toString("utf8").replace(/<\/style/gi, "<\\/style")}</style>`;
    } catch {
      return tag;
    }
  });
}

/**
 * The address without its trailing slashes, query string kept, or null when it has none to drop.
 * Leading slashes are folded to one so that `//host/` can never become a redirect to another site.
 */
export function withoutTrailingSlash(url: string): string | null {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length <= 1 || !path.endsWith("/")) return null;
  const trimmed = `/${path.replace(/^\/+/, "").replace(/\/+$/, "")}`;
  return queryAt === -1 ? trimmed : `${trimmed}${url.slice(queryAt)}`;
}

/**
 * The query parameters a storefront page reads, as the function that writes them in one canonical
 * form (the blog's search, category and page). Every other page, and every other parameter (tracking
 * tags, made-up ones), does not change what the server renders: it is keyed and rendered on its path.
 */
const PAGE_QUERIES: Record<string, (query: URLSearchParams) => string> = {
  "/blog": (query) => blogListHref(parseBlogListSearch(Object.fromEntries(query))),
};

/**
 * The address a page is rendered and cached under, and whether a visitor chose it freely (known
 * parameters with any value, a proposal's token): those are kept apart in a bounded store.
 */
export function pageAddress(url: string): { address: string; chosen: boolean } {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const canonical = PAGE_QUERIES[path];
  if (canonical) {
    const address = canonical(new URLSearchParams(queryAt === -1 ? "" : url.slice(queryAt + 1)));
    return { address, chosen: address.includes("?") };
  }
  return { address: path, chosen: PROPOSAL_PATH.test(path) };
}

/** Only a page that exists is kept: made-up paths (404) would otherwise fill the cache. */
const keepPage = (page: { status: number }) => page.status === 200;

/** A storefront page as the server sends it (modules/seo renders it). */
export interface ServedPage {
  status: number;
  html: string;
  meta: { noindex?: boolean };
}

/** Makes, for the built app in `root`, the function that renders a page's address into its template. */
export type StorefrontPages = (root: string) => (address: string, template: string) => Promise<ServedPage>;

export async function serveSpa(
  app: FastifyInstance,
  root: string,
  options: {
    surface: "storefront" | "backoffice";
    deps: Deps;
    storefrontPages?: StorefrontPages;
    noRoute: NoRouteAnswer;
  },
): Promise<void> {
  // read once: the build does not change while this process runs
  const built = readFileSync(join(root, "index.html"), "utf8");
  const indexHtml = options.surface === "storefront" ? inlineStylesheets(built, root) : built;
  const renderPage = options.surface === "storefront" ? options.storefrontPages?.(root) : undefined;
  if (options.surface === "storefront" && !renderPage) throw new Error("serveSpa: the storefront needs its pages");
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    // the build writes .br and .gz copies next to each text asset (see the apps' vite.config.ts)
    preCompressed: true,
    setHeaders(res, path) {
      res.header(
        "cache-control",
        path.includes(join(root, "assets")) ? "public, max-age=31536000, immutable" : "public, max-age=300",
      );
    },
  });
  const backofficePage = { html: indexHtml };
  const cache = readCache(options.deps.db);
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    if (options.surface === "storefront") {
      // one address per page: /products/ → /products (the router renders nothing for the slash form)
      const canonical = withoutTrailingSlash(req.url);
      if (canonical !== null) return reply.header("cache-control", "public, max-age=3600").redirect(canonical, 301);
    }
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
    if (options.surface !== "storefront") return sendHtml(req, reply, backofficePage);
    // a page depends only on its path, the parameters it reads and the public data: rendered once,
    // until that data changes; addresses a visitor chooses freely (blog searches) are kept apart and
    // bounded, and not-found pages are not kept, so neither can push out the site's own pages
    const { address, chosen } = pageAddress(req.url);
    const render = () => renderPage!(address, indexHtml);
    const key = `page:${address}`;
    const page = await (chosen
      ? cache.chosenValue(key, render, PAGE_MAX_AGE_MS, keepPage)
      : cache.valueFor(key, PAGE_MAX_AGE_MS, render, keepPage));
    // the header says what the page's robots meta says, for crawlers that read headers only
    if (page.meta.noindex) reply.header("x-robots-tag", "noindex, nofollow");
    return sendHtml(req, reply.code(page.status), page);
  };
  app.get("/", sendPage);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    // a missing file (asset, image) is a plain 404, not a page
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(path);
    if (path.startsWith("/api/") || path === "/api" || isFile || (req.method !== "GET" && req.method !== "HEAD")) {
      return options.noRoute(req, reply);
    }
    return sendPage(req, reply);
  });
}
