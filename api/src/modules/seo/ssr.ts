// The storefront's server-side render: loads the module the storefront build writes to
// storefront/dist-server/entry-server.js and gives it the public GET reads in process (the same
// services and read cache as the REST routes, no HTTP request to ourselves). Without that build
// (API-only tests, a storefront built without it) pages are sent as before: head and no-script body.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { SiteConfig } from "@ch/contracts/business-facts";
import type { Operation } from "../../http/route";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import { CachedRead, readCache } from "../../lib/read-cache";
import { type Split, splitter } from "../../trpc/operations";
import { catalogOperations } from "../catalog";
import { contentOperations } from "../content";
import { getSiteConfig, siteConfigOperations } from "../settings";

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
const CLIENT_ONLY = /^\/(cart|checkout|order-confirmation|order-status|portal|proposal|seo-report|seo-test)(\/|$)/;

export const isServerRendered = (path: string): boolean => !CLIENT_ONLY.test(path);

/** The public reads the pages make, by procedure name ("catalog.list"): the operations they are made from. */
const PAGE_READS = new Map<string, { op: Operation; input: Split }>(
  Object.entries({ catalog: catalogOperations, content: contentOperations, settings: siteConfigOperations }).flatMap(
    ([router, operations]) =>
      Object.entries(operations as Record<string, Operation>).map(([name, op]) => [
        `${router}.${name}`,
        { op, input: splitter(op) },
      ]),
  ),
);
const TRPC_PREFIX = "/api/trpc/";

/**
 * The storefront's reads in process: GET /api/trpc/<procedure>?input=<json> of the public procedures, run
 * through the operation the procedure is made from (catalog.rest.ts, content.rest.ts, settings.rest.ts),
 * with the procedure's own input check and split and the same read-cache entry as the procedure and its
 * REST path. Values come from the read cache and must not be changed.
 */
export function publicReads(deps: Deps): (path: string) => Promise<unknown> {
  const cache = readCache(deps.db);
  return async (path) => {
    const url = new URL(path, "http://localhost");
    const name = url.pathname.startsWith(TRPC_PREFIX) ? url.pathname.slice(TRPC_PREFIX.length) : "";
    const read = PAGE_READS.get(name);
    if (!read) throw new AppError(404, `No server-side read for GET ${url.pathname}`);
    const raw = url.searchParams.get("input");
    let input: unknown = {};
    try {
      input = raw === null ? {} : (JSON.parse(raw) ?? {});
    } catch {
      throw new AppError(400, "Invalid request");
    }
    const checked = read.input.inputSchema.safeParse(input);
    if (!checked.success) throw new AppError(400, "Invalid request");
    const { op } = read;
    const context = {
      deps,
      ...read.input.split(checked.data as Record<string, unknown>),
      admin: null,
      ip: "",
      rateLimit: undefined,
    };
    const result = await op.handler(context as never);
    return result instanceof CachedRead ? cache.valueOf(result) : result;
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
