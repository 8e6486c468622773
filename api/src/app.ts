/**
 * Builds the Fastify app of one origin. Tests import this.
 * - storefront: public REST paths, the public tRPC router, the storefront SPA
 * - backoffice: /api/admin/* REST paths, the admin tRPC router, the back-office SPA, CSRF guard
 * Both: security headers, JSON-only bodies, one error shape, health checks, media.
 */

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "@ch/db";
import cookie from "@fastify/cookie";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { installAdminAuth, sessionOfRequest } from "./admin-auth";
import { apiDocument } from "./api-document";
import type { Env } from "./env";
import { API_VERSION, installApiVersions, versionOf } from "./http/api-version";
import { installCachedAnswers } from "./http/cached-answers";
import { installJsonCompression } from "./http/compression";
import {
  capConnectionsPerAddress,
  clientErrorHandler,
  connectionCap,
  frameworkErrorHandler,
  serverTimeouts,
} from "./http/connections";
import { installRequestDeadline } from "./http/deadline";
import { installErrorHandling, installJsonNotFound, installRequestLogging } from "./http/errors";
import { installEtags } from "./http/etag";
import { trackRouteMethods } from "./http/no-route";
import { referencePage } from "./http/reference-page";
import { lazyRequestLogger } from "./http/request-logger";
import { registerRoutes } from "./http/route";
import { acceptEmptyJsonBodies, installCsrfGuard, installSecurityHeaders, requireJsonBodies } from "./http/security";
import { serveSpa } from "./http/spa";
import type { Clock } from "./lib/clock";
import { systemClock } from "./lib/clock";
import type { Deps } from "./lib/deps";
import { readCache } from "./lib/read-cache";
import { installSetupGate } from "./modules/admin";
import { mediaUploadPlugin } from "./modules/media";
import { loadStorefrontRenderer, registerSeoFiles, renderStorefrontPage } from "./modules/seo";
import { type Lifecycle, registerSystemRoutes } from "./modules/system";
import { backofficeRoutes, publicRoutes } from "./routes";
import { registerTrpcQueries } from "./trpc/queries-over-get";
import { adminAppRouter, publicAppRouter } from "./trpc/root";
import type { TrpcContext } from "./trpc/trpc";

export type Surface = "storefront" | "backoffice";

export interface AppOptions {
  surface: Surface;
  db: Database;
  env: Env;
  clock?: Clock;
  /** A pino logger instance (server.ts) or Fastify's logger options (false in tests). */
  logger?: FastifyBaseLogger | FastifyServerOptions["logger"];
  lifecycle?: Lifecycle;
  /** Serve the built SPA from this folder (defaults from env); false to serve the API only. */
  spa?: string | false;
}

export const JSON_BODY_LIMIT = 64 * 1024;
export const TRPC_MAX_BATCH = 10;

function trustProxy(env: Env): FastifyServerOptions["trustProxy"] {
  if (!env.TRUST_PROXY) return false;
  if (/^\d+$/.test(env.TRUST_PROXY)) {
    const hops = Number(env.TRUST_PROXY);
    return (_address: string, hop: number) => hop < hops;
  }
  return env.TRUST_PROXY.split(",").map((s) => s.trim());
}

/** The Fastify instance with its logging, limits and the framework's own refusals in our shape. */
function createServer(options: AppOptions): FastifyInstance {
  const { surface, env } = options;
  const logger = options.logger ?? false;
  const isInstance = typeof logger === "object" && typeof (logger as FastifyBaseLogger).child === "function";
  const app = Fastify({
    // Fastify 5 takes a ready-made pino instance only as loggerInstance.
    ...(isInstance
      ? { loggerInstance: logger as FastifyBaseLogger }
      : { logger: logger as FastifyServerOptions["logger"] }),
    // our own request log line (http/errors.ts) leaves query strings out; ids are unique across processes
    logController: new LogController({ disableRequestLogging: true }),
    // req.log becomes a pino child only when the request logs something (http/request-logger.ts)
    ...(logger ? { childLoggerFactory: lazyRequestLogger } : {}),
    genReqId: () => randomUUID(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxy(env),
    routerOptions: { maxParamLength: 5000, ignoreTrailingSlash: true },
    maxRequestsPerSocket: 0,
    connectionTimeout: 30_000,
    // header, request and keep-alive limits, and the framework's own refusals in our shape (http/connections.ts)
    ...serverTimeouts(env),
    frameworkErrors: frameworkErrorHandler(env, surface),
    clientErrorHandler: clientErrorHandler(env, surface),
    return503OnClosing: true,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
  });
  capConnectionsPerAddress(app.server, connectionCap(env), app.log);
  return app;
}

/** The surface's tRPC router at /api/trpc. */
async function registerTrpc(app: FastifyInstance, surface: AppOptions["surface"], deps: Deps) {
  const trpcRouter = surface === "storefront" ? publicAppRouter : adminAppRouter;
  const createContext = ({ req, res }: { req: TrpcContext["req"]; res: TrpcContext["reply"] }): TrpcContext => ({
    deps,
    req,
    reply: res,
  });
  // queries over GET skip the Fetch-API adapter (same procedures, same wire format; docs/decisions/0003)
  registerTrpcQueries(app, {
    prefix: "/api/trpc",
    router: trpcRouter,
    createContext,
    repeat: surface === "storefront" ? "public" : "per-session",
    db: deps.db,
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: "/api/trpc",
    trpcOptions: { router: trpcRouter, createContext, maxBatchSize: TRPC_MAX_BATCH },
  });
}

/** The storefront's pages: its server-side render (storefront/dist-server, when built) inside the SEO head. */
function storefrontPages(deps: Deps, root: string) {
  const renderer = loadStorefrontRenderer(deps, root);
  return (address: string, template: string) => renderStorefrontPage(deps, address, template, undefined, renderer);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { surface, env } = options;
  const app = createServer(options);
  const noRoute = trackRouteMethods(app);
  const deps: Deps = { db: options.db, env, clock: options.clock ?? systemClock, log: app.log };
  const lifecycle = options.lifecycle ?? { draining: false };

  installErrorHandling(app);
  installApiVersions(app);
  installRequestLogging(app, { env, clock: deps.clock });
  installRequestDeadline(app);
  installSecurityHeaders(app, env, surface);
  // the portal's writes come from the storefront's own pages (its session cookie is SameSite=Lax)
  if (surface === "storefront") installCsrfGuard(app, env.storefrontOrigin, ["/api/portal/", "/api/trpc/portal."]);
  if (surface === "backoffice") {
    // cookies are the back office's (its session, a remembered device); the storefront's one, the customer
    // portal's session, is read and written by the portal alone (modules/portal), so no other request
    // of the storefront pays for parsing cookies
    await app.register(cookie);
    installCsrfGuard(app, env.backofficeOrigin);
    // a closed setup is answered after the origin check, before the session and body work below
    installSetupGate(app, deps);
  }
  // the back office's sessions (@fastify/session) and who may make an admin call; the storefront has no
  // session and refuses every admin call
  await installAdminAuth(app, deps, surface);
  requireJsonBodies(app, ["/api/admin/media"]);
  acceptEmptyJsonBodies(app);
  registerSystemRoutes(app, deps, lifecycle);
  // while the process drains, every answer ends its connection (see server.ts)
  const cache = readCache(options.db);
  app.addHook("onSend", (req, reply, payload, done) => {
    // the id the request's log lines carry (reqId), for a caller to quote
    reply.header("request-id", req.id);
    if (lifecycle.draining) reply.header("connection", "close");
    // figures kept for a few seconds (the dashboard's) are dropped by any write this process answers
    if (req.method !== "GET" && req.method !== "HEAD") cache.noteLocalWrite();
    done(null, payload);
  });

  installEtags(app);
  installJsonCompression(app);
  // the back office repeats a session's own answers, checked against its session first
  installCachedAnswers(app, deps.db, lifecycle, surface === "backoffice" ? sessionOfRequest(deps) : undefined);

  const routes = surface === "storefront" ? publicRoutes : backofficeRoutes;
  registerRoutes(app, deps, routes);
  if (surface === "storefront") registerSeoFiles(app, deps);
  if (surface === "backoffice") await app.register(mediaUploadPlugin, { deps });
  // made at the first request for them, not at every start (about 0.2 s of processor time an app)
  // a request that pins Api-Version reads the document of that version
  const documents = new Map<string, ReturnType<typeof apiDocument>>();
  let reference: string | undefined;
  const documentOnce = (version: string = API_VERSION) => {
    const kept = documents.get(version);
    if (kept) return kept;
    const document = apiDocument(env, "open", version);
    documents.set(version, document);
    return document;
  };
  const referenceOnce = () => {
    reference ??= referencePage(documentOnce());
    return reference;
  };
  app.get("/api/openapi.json", async (req) => documentOnce(versionOf(req)));
  app.get("/api/docs", async (_req, reply) => reply.type("text/html; charset=utf-8").send(referenceOnce()));

  await registerTrpc(app, surface, deps);

  const spaRoot =
    options.spa === false
      ? null
      : (options.spa ?? (surface === "storefront" ? env.STOREFRONT_DIST : env.BACKOFFICE_DIST));
  if (spaRoot && existsSync(join(spaRoot, "index.html"))) {
    await serveSpa(app, spaRoot, { surface, deps, storefrontPages: (root) => storefrontPages(deps, root), noRoute });
  } else {
    installJsonNotFound(app, noRoute);
  }
  return app;
}
