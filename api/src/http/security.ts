// Security headers for every answer, and the CSRF rule for the back office's state-changing requests.
import type { FastifyInstance } from "fastify";
import { type Env, isProduction } from "../env";
import { forbidden } from "../lib/errors";
import { sendProblem } from "./problem";

export function contentSecurityPolicy(env: Env): string {
  const analytics = env.GA_MEASUREMENT_ID ? " https://www.googletagmanager.com" : "";
  const analyticsConnect = env.GA_MEASUREMENT_ID
    ? " https://www.google-analytics.com https://*.google-analytics.com https://*.analytics.google.com"
    : "";
  return [
    "default-src 'self'",
    `script-src 'self'${analytics}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${analyticsConnect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The headers every answer carries, the route's own and the framework's early refusals alike (an
 * unparsable address, an oversized header block: see http/connections.ts).
 */
export function securityHeaders(
  env: Env,
  surface: "storefront" | "backoffice",
  url: string,
  csp = contentSecurityPolicy(env),
): Record<string, string> {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "content-security-policy": csp,
    "cross-origin-opener-policy": "same-origin",
  };
  if (isProduction(env)) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  if (surface === "backoffice" && (url.startsWith("/api/") || url === "/api")) headers["cache-control"] = "no-store";
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, env: Env, surface: "storefront" | "backoffice"): void {
  const csp = contentSecurityPolicy(env);
  // built once: the two sets an answer can get (back-office API paths add no-store)
  const page = securityHeaders(env, surface, "/", csp);
  const api = securityHeaders(env, surface, "/api/", csp);
  app.addHook("onSend", (req, reply, payload, done) => {
    reply.headers(req.url.startsWith("/api/") || req.url === "/api" ? api : page);
    reply.removeHeader("x-powered-by");
    done(null, payload);
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that a browser says came from another site or origin. A request on
 * /api/admin/* with `Authorization: Bearer` is an API key's: it is authorized by the key alone (the
 * cookie is not read: http/route.ts), and a browser cannot add that header to a cross-site request
 * without a CORS preflight, which this API never grants; so it may come from any origin.
 */
export function installCsrfGuard(app: FastifyInstance, ownOrigin: string, onlyUnder?: readonly string[]): void {
  // a callback hook, not an async one: every read passes through it, and a read has nothing to check
  app.addHook("onRequest", (req, _reply, done) => {
    if (SAFE_METHODS.has(req.method)) return done();
    if (onlyUnder !== undefined && !onlyUnder.some((prefix) => req.url.startsWith(prefix))) return done();
    if (req.url.startsWith("/api/admin/") && /^\s*Bearer(\s|$)/i.test(req.headers.authorization ?? "")) return done();
    const site = req.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin") return done(forbidden("Cross-site request refused"));
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== ownOrigin) return done(forbidden("Cross-origin request refused"));
    done();
  });
}

/** A route's config flag: its body is a file of its own type (http/route.ts, `upload`). */
export const FILE_BODY = "fileBody";

/**
 * Only JSON bodies on JSON endpoints (tRPC would otherwise also take multipart and octet-stream); a route
 * that takes a file says so in its config (FILE_BODY) and checks the file's type itself.
 */
export function requireJsonBodies(app: FastifyInstance, exceptPrefixes: string[] = []): void {
  app.addHook("onRequest", (req, reply, done) => {
    if (SAFE_METHODS.has(req.method) || exceptPrefixes.some((p) => req.url.startsWith(p))) return done();
    if ((req.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[FILE_BODY]) return done();
    const hasBody = req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0";
    const chunked = req.headers["transfer-encoding"] !== undefined;
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if ((!hasBody && !chunked) || type === "application/json") return done();
    // answered here: the request goes no further
    sendProblem(reply, 415, { message: "Unsupported content type: send application/json" });
  });
}

/**
 * A JSON content type with no body at all (a DELETE from a client that always sends the header) is a
 * request without a body: the route then authenticates first and answers for itself, instead of Fastify
 * refusing it with 400 before anything else. A body that is there is parsed as Fastify does, poisoning
 * checks included.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (body === "") {
      done(null, undefined);
      return;
    }
    parse(req, String(body), done);
  });
}
