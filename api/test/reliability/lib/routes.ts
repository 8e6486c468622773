// Every route an app really serves (Fastify's own route tree, not our route table) and every tRPC procedure.
import type { AnyRouter } from "@trpc/server";
import type { FastifyInstance } from "fastify";

export interface ServedRoute {
  method: string;
  url: string;
}

/** Parses Fastify's printRoutes({ commonPrefix: false }) tree into method + full path pairs. */
export async function servedRoutes(app: FastifyInstance): Promise<ServedRoute[]> {
  await app.ready();
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: ServedRoute[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const url = (depth > 0 ? (stack[depth - 1] ?? "") : "") + match[2];
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (method) routes.push({ method, url });
    }
  }
  if (routes.length < 5) throw new Error(`could not read the route tree:\n${tree}`);
  return routes;
}

/**
 * The REST routes the bad-input corpus is sent to: all served but HEAD and tRPC's, the adapter's
 * `/api/trpc/:path` and the plain GET route of each query (trpc/queries-over-get.ts): the tRPC files fuzz
 * those procedure by procedure, with inputs shaped for them.
 */
export async function fuzzedRoutes(app: FastifyInstance): Promise<ServedRoute[]> {
  return (await servedRoutes(app)).filter((r) => r.method !== "HEAD" && !r.url.startsWith("/api/trpc/"));
}

export interface Procedure {
  path: string;
  type: "query" | "mutation" | "subscription";
}

/** Every procedure of a tRPC router (flattened dotted paths). */
export function proceduresOf(router: AnyRouter): Procedure[] {
  const record = router._def.procedures as Record<string, { _def: { type: Procedure["type"] } }>;
  return Object.entries(record)
    .map(([path, procedure]) => ({ path, type: procedure._def.type }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** An example path for a route pattern (":id" → 1, ":slug" → a slug, ":file" → a file name). */
export function concretePath(url: string, values: Record<string, string> = {}): string {
  return url.replace(
    /:([A-Za-z]+)/g,
    (_, name: string) => values[name] ?? { id: "1", slug: "no-such-post", file: "none.webp", path: "x" }[name] ?? "x",
  );
}
