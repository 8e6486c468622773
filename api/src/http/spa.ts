// Serves a built browser app: hashed assets cached for a year, index.html for every other GET.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Deps } from "../lib/deps";

export async function serveSpa(
  app: FastifyInstance,
  root: string,
  _options: { surface: "storefront" | "backoffice"; deps: Deps },
): Promise<void> {
  const indexHtml = readFileSync(join(root, "index.html"), "utf8");
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    setHeaders(res, path) {
      res.header(
        "cache-control",
        path.includes(join(root, "assets")) ? "public, max-age=31536000, immutable" : "public, max-age=300",
      );
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(indexHtml);
  app.get("/", (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api" || req.method !== "GET") {
      return reply.code(404).send({ message: `No route for ${req.method} ${path}`, issues: [] });
    }
    return sendIndex(reply);
  });
}
