// Serves a built browser app: hashed assets cached for a year, index.html for every other GET.
// On the storefront origin each page's HTML carries its own head (title, description, canonical,
// Open Graph, Twitter, JSON-LD), the site configuration and the right status: 404 for unknown paths,
// missing products and missing or draft articles (the app then shows its not-found screen).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../lib/deps";
import { renderStorefrontPage } from "../modules/seo/seo-page.service";

export async function serveSpa(
  app: FastifyInstance,
  root: string,
  options: { surface: "storefront" | "backoffice"; deps: Deps },
): Promise<void> {
  // read once: the build does not change while this process runs
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
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
    if (options.surface !== "storefront") return reply.send(indexHtml);
    const page = await renderStorefrontPage(options.deps, req.url, indexHtml);
    return reply.code(page.status).send(page.html);
  };
  app.get("/", sendPage);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    // a missing file (asset, image) is a plain 404, not a page
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(path);
    if (path.startsWith("/api/") || path === "/api" || isFile || (req.method !== "GET" && req.method !== "HEAD")) {
      return reply.code(404).send({ message: `No route for ${req.method} ${path}`, issues: [] });
    }
    return sendPage(req, reply);
  });
}
