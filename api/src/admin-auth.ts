// The back office's authentication, put together from the modules that know it: its sessions
// (@fastify/session over modules/access's PostgreSQL store), API keys (modules/api-keys) and the access
// policy (modules/access). The app gets them as one AdminAuthority decorating its Fastify instance
// (http/admin-authority.ts); the storefront's refuses every admin call, so that origin can never act as one.
import type { IncomingMessage } from "node:http";
import { fastifyCookie, Signer } from "@fastify/cookie";
import session from "@fastify/session";
import type { FastifyInstance } from "fastify";
import type { AdminAuthority } from "./http/admin-authority";
import { bearerToken } from "./http/bearer-token";
import type { SessionOfRequest } from "./http/cached-answers";
import { sessionCookieName, sessionCookieOptions } from "./http/session-cookie";
import type { Deps } from "./lib/deps";
import { AppError, forbidden, unauthorized } from "./lib/errors";
import {
  ABSOLUTE_TIMEOUT_MS,
  isRememberedSignedIn,
  mayCallPath,
  mayCallPathBeforeEnrolment,
  mayCallProcedure,
  mayCallProcedureBeforeEnrolment,
  PgSessionStore,
  sessionAdminFor,
  sessionRowId,
} from "./modules/access";
import { authenticateApiKey, holdsScope, missingScopes, scopesForPath } from "./modules/api-keys";

/**
 * With `Authorization: Bearer <key>`, the API key: 401 unless valid, its rate limit, then the scope the
 * path needs (403 naming what is missing), and the path must be one its creator's current role may use;
 * the cookie is not read. Otherwise the session: 401; 403 with `code: "two_factor_enrolment_required"`
 * while it must set up two-factor; 403 unless its role may use the path.
 */
function backOfficeAuthority(deps: Deps): AdminAuthority {
  return {
    async forPath(req, reply, method, url) {
      const token = bearerToken(req.headers.authorization);
      if (token === undefined) {
        return sessionAdminFor(req, {
          mayCall: (role) => mayCallPath(role, method, url),
          beforeEnrolment: () => mayCallPathBeforeEnrolment(method, url),
        });
      }
      const key = await authenticateApiKey(deps, token);
      // counted against the key's own limit: every answer says where it stands, a 429 too
      reply.headers(key.rateLimit);
      const needed = scopesForPath(method, url);
      if (!needed) throw forbidden("API keys cannot be used on this path");
      const missing = missingScopes(key.scopes, needed);
      if (missing.length > 0) {
        // given to the key, but beyond what its creator's role allows now (a demoted creator)
        const message = missing.every((scope) => holdsScope(key.heldScopes, scope))
          ? `This API key's scope ${missing.join(", ")} is beyond what its creator's role (${key.actor.role}) allows`
          : `This API key lacks the scope ${missing.join(", ")}`;
        throw new AppError(403, message, [], { missingScopes: missing });
      }
      if (!mayCallPath(key.actor.role, method, url)) {
        throw forbidden(`This API key's creator's role (${key.actor.role}) does not allow this`);
      }
      return key.actor;
    },
    forProcedure(req, path, rest) {
      // tRPC is the back office's own transport, session only: an API key is for /api/admin/* REST paths
      if (bearerToken(req.headers.authorization) !== undefined) {
        throw unauthorized("API keys are accepted on /api/admin/* REST paths only, not on tRPC");
      }
      return sessionAdminFor(
        req,
        rest
          ? {
              mayCall: (role) => mayCallPath(role, rest.method, rest.url),
              beforeEnrolment: () => mayCallPathBeforeEnrolment(rest.method, rest.url),
            }
          : {
              mayCall: (role) => mayCallProcedure(role, path),
              beforeEnrolment: () => mayCallProcedureBeforeEnrolment(path),
            },
      );
    },
  };
}

const storefrontAuthority: AdminAuthority = {
  forPath: async () => {
    throw unauthorized();
  },
  forProcedure: () => {
    throw unauthorized();
  },
};

const SIGNED_COOKIES_KEPT = 1_000;

/**
 * The back office's check before routing (http/cached-answers.ts): the row of the session a request's
 * cookie names, verified with @fastify/session's own signer and algorithm, when the session store would
 * let it through from memory now (modules/access isRememberedSignedIn); undefined otherwise. A cookie's
 * verification is remembered (the same signed value always verifies the same way).
 */
export function sessionOfRequest(deps: Deps): SessionOfRequest {
  const signer = new Signer(deps.env.sessionSecret, "sha256");
  const name = sessionCookieName(deps.env);
  const rows = new Map<string, string | null>();
  return (req: IncomingMessage) => {
    const header = req.headers.cookie;
    if (!header?.includes(name)) return undefined;
    const signed = fastifyCookie.parse(header)[name];
    if (!signed) return undefined;
    let row = rows.get(signed);
    if (row === undefined) {
      const unsigned = signer.unsign(signed);
      row = unsigned.valid && unsigned.value ? sessionRowId(unsigned.value) : null;
      if (rows.size >= SIGNED_COOKIES_KEPT) rows.clear();
      rows.set(signed, row);
    }
    return row !== null && isRememberedSignedIn(deps, row) ? row : undefined;
  };
}

/**
 * The back office (after @fastify/cookie): @fastify/session, whose cookie carries the signed id and
 * lives as long as a session can (8 hours); an anonymous request stores nothing and gets no cookie
 * (saveUninitialized), and a signed-in one rewrites neither (rolling). Then the authority.
 */
export async function installAdminAuth(
  app: FastifyInstance,
  deps: Deps,
  surface: "storefront" | "backoffice",
): Promise<void> {
  if (surface === "storefront") {
    app.decorate("adminAuthority", storefrontAuthority);
    return;
  }
  await app.register(session, {
    secret: deps.env.sessionSecret,
    cookieName: sessionCookieName(deps.env),
    cookie: { ...sessionCookieOptions(deps.env), maxAge: ABSOLUTE_TIMEOUT_MS },
    store: new PgSessionStore(deps),
    saveUninitialized: false,
    rolling: false,
  });
  app.decorate("adminAuthority", backOfficeAuthority(deps));
}
