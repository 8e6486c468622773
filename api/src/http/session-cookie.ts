import type { FastifyReply, FastifyRequest } from "fastify";
import { type Env, isProduction } from "../env";
import { ABSOLUTE_TIMEOUT_MS } from "../modules/admin/auth.service";

/** In production the __Host- prefix pins the cookie to the back-office host, over HTTPS, path /. */
export const sessionCookieName = (env: Env) => (isProduction(env) ? "__Host-ch_admin" : "ch_admin");

export function readSessionToken(req: FastifyRequest, env: Env): string | undefined {
  return req.cookies?.[sessionCookieName(env)];
}

export function setSessionCookie(reply: FastifyReply, env: Env, token: string): void {
  reply.setCookie(sessionCookieName(env), token, {
    httpOnly: true,
    sameSite: "strict",
    secure: isProduction(env),
    path: "/",
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(sessionCookieName(env), {
    httpOnly: true,
    sameSite: "strict",
    secure: isProduction(env),
    path: "/",
  });
}
