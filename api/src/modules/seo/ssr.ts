// The storefront's server-side render: loads the module the storefront build writes to
// storefront/dist-server/entry-server.js and gives it the public GET reads in process (the same
// services and read cache as the REST routes, no HTTP request to ourselves). Without that build
// (API-only tests, a storefront built without it) pages are sent as before: head and no-script body.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { SiteConfig } from "@ch/contracts/business-facts";
import { productIdParams, productListQuery } from "@ch/contracts/catalog";
import { PRODUCT_CATEGORIES } from "@ch/contracts/constants";
import { blogListQuery, blogSearchQuery, slugParams } from "@ch/contracts/content";
import type { ZodType } from "zod";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { readCache } from "../../lib/read-cache";
import { getProduct, listFeaturedProducts, listProducts } from "../catalog";
import { getPostBySlug, listGallery, listPosts, searchPublishedPosts } from "../content";
import { getSiteConfig } from "../settings";

export interface ServerRender {
  html: string;
  queries: [readonly unknown[], unknown][];
}

interface EntryServer {
  configure(get: (path: string) => Promise<unknown>): void;
  render(url: string, config: SiteConfig): Promise<ServerRender | null>;
}

export interface StorefrontRenderer {
  /** The page's markup and data, or null when the page must be sent without server markup. */
  render(url: string): Promise<ServerRender | null>;
}

/** Pages that depend on the visitor's own browser state (cart, last order) or are tools: not rendered. */
const CLIENT_ONLY = /^\/(cart|checkout|order-confirmation|order-status|proposal|seo-report|seo-test)(\/|$)/;

export const isServerRendered = (path: string): boolean => !CLIENT_ONLY.test(path);

const isProductCategory = (value: string) => (PRODUCT_CATEGORIES as readonly string[]).includes(value);

function parse<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError(400, "Invalid request");
  return result.data;
}

/**
 * GET <path> of the public REST API, answered in process with the same rules as the routes in
 * catalog.rest.ts and content.rest.ts. Values come from the read cache and must not be changed.
 */
export function publicReads(deps: Deps): (path: string) => Promise<unknown> {
  const cache = readCache(deps.db);
  const db = deps.db;
  return async (path) => {
    const url = new URL(path, "http://localhost");
    const query = Object.fromEntries(url.searchParams);
    const p = url.pathname;
    if (p === "/api/products/featured") return cache.value("ssr:products:featured", () => listFeaturedProducts(db));
    if (p === "/api/products") {
      const { category } = parse(productListQuery, query);
      // the one difference from the REST route (404): the page of a category the catalog does not have
      // already answers 404 (resolvePage) and shows the real categories over an empty list; not cached
      if (category !== undefined && !isProductCategory(category)) return [];
      return cache.value(`ssr:products:list:${category ?? ""}`, () => listProducts(db, { category }));
    }
    const productId = /^\/api\/products\/([^/]+)$/.exec(p)?.[1];
    if (productId !== undefined) {
      const { id } = parse(productIdParams, { id: productId });
      return cache.value(`ssr:products:one:${id}`, () => getProduct(db, id));
    }
    if (p === "/api/gallery") return cache.value("ssr:gallery", () => listGallery(db));
    if (p === "/api/blog") {
      const { limit, offset } = parse(blogListQuery, query);
      return cache.value(`ssr:posts:${limit ?? ""}:${offset ?? ""}`, () =>
        listPosts(db, { published: true, limit, offset }),
      );
    }
    if (p === "/api/blog/search") {
      const params = parse(blogSearchQuery, query);
      return searchPublishedPosts(db, params);
    }
    const slug = /^\/api\/blog\/([^/]+)$/.exec(p)?.[1];
    if (slug !== undefined) {
      const params = parse(slugParams, { slug });
      return cache.value(`ssr:post:${params.slug}`, () => getPostBySlug(db, params.slug));
    }
    if (p === "/api/config") return getSiteConfig(deps);
    throw new AppError(404, `No server-side read for GET ${p}`);
  };
}

/**
 * The built server entry next to the storefront's dist folder, if there is one. The module (React's
 * server renderer and the app) is imported on the first page request, not at start-up, so that an
 * API process that serves no pages does not carry it.
 */
export function loadStorefrontRenderer(deps: Deps, distDir: string): StorefrontRenderer | null {
  const file = join(distDir, "..", "dist-server", "entry-server.js");
  if (!existsSync(file)) return null;
  let entry: Promise<EntryServer | null> | null = null;
  const load = () => {
    entry ??= import(pathToFileURL(file).href).then(
      (module: EntryServer) => {
        module.configure(publicReads(deps));
        return module;
      },
      (error: unknown) => {
        deps.log.warn({ err: error, file }, "storefront server render could not be loaded; pages are sent without it");
        return null;
      },
    );
    return entry;
  };
  return {
    async render(url) {
      const module = await load();
      if (!module) return null;
      try {
        return await module.render(url, await getSiteConfig(deps));
      } catch (error) {
        // the browser renders the page itself, as it did before server rendering
        deps.log.warn({ err: error, url }, "storefront server render failed; page sent without it");
        return null;
      }
    },
  };
}
