// The back office's session cookie: httpOnly, SameSite=Strict, path /, host-only; in production Secure
// with the __Host- prefix. The sessions themselves are registered in admin-auth.ts.
import type { FastifyReply } from "fastify";
import { type Env, isProduction } from "../env";

/** In production the __Host- prefix pins the cookie to the back-office host, over HTTPS, path /. */
export const sessionCookieName = (env: Env) => (isProduction(env) ? "__Host-ch_admin" : "ch_admin");

export const sessionCookieOptions = (env: Env) => ({
  httpOnly: true,
  sameSite: "strict" as const,
  secure: isProduction(env),
  path: "/",
});

/** After a sign-out (@fastify/session leaves the cookie of a destroyed session in place). */
export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(sessionCookieName(env), sessionCookieOptions(env));
}
