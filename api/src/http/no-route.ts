// What a request that no route takes is answered: 405 with `Allow` when its path is a route's under other
// methods (RFC 9110 §15.5.6), 404 otherwise. The methods are collected from the routes as they are added.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendProblem } from "./problem";

/** Answers a request no route took (the app's not-found handler calls it). */
export type NoRouteAnswer = (req: FastifyRequest, reply: FastifyReply) => FastifyReply;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A route's URL pattern (`/api/orders/:id`, `/media/*`) as a regular expression over paths. */
function patternOf(url: string): RegExp {
  const source = url
    .split("/")
    .map((segment) => (segment === "*" ? ".*" : segment.startsWith(":") ? "[^/]+" : escapeRegex(segment)))
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/** Call before any route is added: the answer for requests no route takes. */
export function trackRouteMethods(app: FastifyInstance): NoRouteAnswer {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook("onRoute", (route) => {
    let entry = routes.get(route.url);
    if (!entry) {
      entry = { pattern: patternOf(route.url), methods: new Set() };
      routes.set(route.url, entry);
    }
    for (const method of ([] as string[]).concat(route.method)) entry.methods.add(method.toUpperCase());
  });
  const allowedOn = (path: string) => {
    const allowed = new Set<string>();
    for (const { pattern, methods } of routes.values()) {
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    }
    return [...allowed].sort();
  };
  return (req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    const allowed = allowedOn(path);
    if (allowed.length > 0 && !allowed.includes(req.method)) {
      return sendProblem(
        reply,
        405,
        { message: `${req.method} is not allowed on ${path}; it takes ${allowed.join(", ")}` },
        { allow: allowed.join(", ") },
      );
    }
    return sendProblem(reply, 404, { message: `No route for ${req.method} ${path}` });
  };
}
