// The back office's sessions: @fastify/session over the PostgreSQL store (modules/access/session-store.ts),
// and its cookie: httpOnly, SameSite=Strict, path /, host-only; in production Secure with the __Host- prefix.
import session from "@fastify/session";
import type { FastifyInstance, FastifyReply } from "fastify";
import { type Env, isProduction } from "../env";
import type { Deps } from "../lib/deps";
import { ABSOLUTE_TIMEOUT_MS, PgSessionStore } from "../modules/access";

/** In production the __Host- prefix pins the cookie to the back-office host, over HTTPS, path /. */
export const sessionCookieName = (env: Env) => (isProduction(env) ? "__Host-ch_admin" : "ch_admin");

const cookieOptions = (env: Env) => ({
  httpOnly: true,
  sameSite: "strict" as const,
  secure: isProduction(env),
  path: "/",
});

/**
 * Registers @fastify/session (after @fastify/cookie). The cookie carries the signed id and lives as long
 * as a session can (8 hours); an anonymous request stores nothing and gets no cookie (saveUninitialized),
 * and a signed-in one rewrites neither (rolling).
 */
export async function registerAdminSessions(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(session, {
    secret: deps.env.sessionSecret,
    cookieName: sessionCookieName(deps.env),
    cookie: { ...cookieOptions(deps.env), maxAge: ABSOLUTE_TIMEOUT_MS },
    store: new PgSessionStore(deps),
    saveUninitialized: false,
    rolling: false,
  });
}

/** After a sign-out (@fastify/session leaves the cookie of a destroyed session in place). */
export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(sessionCookieName(env), cookieOptions(env));
}
