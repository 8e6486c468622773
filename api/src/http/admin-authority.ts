// Who may make an admin call, as the HTTP layer asks it: the app decorates its Fastify instance with an
// AdminAuthority (admin-auth.ts, which knows sessions, API keys and the access policy), and the REST
// routes, the upload and the tRPC procedures ask it through the request. Nothing here knows a module.

import type { SessionAdmin } from "@ch/contracts/staff-roles";
import type { FastifyReply, FastifyRequest } from "fastify";

export interface AdminAuthority {
  /**
   * An admin REST path (`url` is the route's pattern): an API key (`Authorization: Bearer …`) with the
   * path's scope, or a session whose role may use the path. 401, or 403 saying why. A key's answer carries
   * its RateLimit headers (`reply`).
   */
  forPath(req: FastifyRequest, reply: FastifyReply, method: string, url: string): Promise<SessionAdmin>;
  /**
   * A tRPC procedure: a session only (an API key is refused with 401), whose role may call it: the
   * roles of the route it was made from (`rest`), otherwise the procedure's own.
   */
  forProcedure(req: FastifyRequest, path: string, rest?: { method: string; url: string }): SessionAdmin;
}

declare module "fastify" {
  interface FastifyInstance {
    adminAuthority: AdminAuthority;
  }
}
