// The known-device cookie: a random token (only its SHA-256 is stored, see sign-in-throttle.ts) that
// lets a browser which completed a sign-in before past the per-user sign-in slow-down.
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Env, isProduction } from "../../env";
import type { Deps } from "../../lib/deps";
import { KNOWN_DEVICE_DAYS, rememberDevice } from "./sign-in-throttle";

const deviceCookieName = (env: Env) => (isProduction(env) ? "__Host-ch_device" : "ch_device");

export function readDeviceToken(req: FastifyRequest, env: Env): string | undefined {
  return req.cookies?.[deviceCookieName(env)];
}

export function setDeviceCookie(reply: FastifyReply, env: Env, token: string): void {
  reply.setCookie(deviceCookieName(env), token, {
    httpOnly: true,
    sameSite: "strict",
    secure: isProduction(env),
    path: "/",
    maxAge: KNOWN_DEVICE_DAYS * 86_400,
  });
}

/** After a sign-in step: this browser is a known device of the account (its token kept or a new one) and carries the cookie. */
export async function rememberThisDevice(deps: Deps, req: FastifyRequest, reply: FastifyReply, adminId: number) {
  setDeviceCookie(reply, deps.env, await rememberDevice(deps, adminId, readDeviceToken(req, deps.env)));
}
