// The back office's session cookie, as @fastify/session sets it (registered in app.ts): httpOnly,
// SameSite=Strict, path /, host-only; in production Secure with the __Host- prefix.
import type { FastifySessionOptions } from "@fastify/session";
import type { FastifyReply } from "fastify";
import { type Env, isProduction } from "../env";
import { ABSOLUTE_TIMEOUT_MS } from "../modules/admin/session-store";

/** In production the __Host- prefix pins the cookie to the back-office host, over HTTPS, path /. */
export const sessionCookieName = (env: Env) => (isProduction(env) ? "__Host-ch_admin" : "ch_admin");

const cookieOptions = (env: Env) => ({
  httpOnly: true,
  sameSite: "strict" as const,
  secure: isProduction(env),
  path: "/",
});

/** The cookie part of the @fastify/session options: it lives as long as a session can (8 hours). */
export const sessionCookie = (env: Env): NonNullable<FastifySessionOptions["cookie"]> => ({
  ...cookieOptions(env),
  maxAge: ABSOLUTE_TIMEOUT_MS,
});

/** After a sign-out (@fastify/session leaves the cookie of a destroyed session in place). */
export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(sessionCookieName(env), cookieOptions(env));
}
