import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { getMedia, objectStoreOf } from "../media";

export interface Lifecycle {
  draining: boolean;
}

async function databaseReachable(deps: Deps): Promise<boolean> {
  try {
    await Promise.race([
      deps.db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

export function registerSystemRoutes(app: FastifyInstance, deps: Deps, lifecycle: Lifecycle): void {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    if (lifecycle.draining) return reply.code(503).header("retry-after", "5").send({ status: "draining" });
    if (!(await databaseReachable(deps))) {
      return reply.code(503).header("retry-after", "5").send({ status: "database unavailable" });
    }
    return { status: "ready" };
  });
  app.get<{ Params: { file: string } }>("/media/:file", async (req, reply) => {
    const file = req.params.file;
    if (!/^[A-Za-z0-9._-]{1,120}$/.test(file)) throw notFound();
    const media = await getMedia(deps.db, objectStoreOf(deps.env), file);
    if (!media) throw notFound();
    // the CDN in front of the bucket (MEDIA_PUBLIC_URL) serves the bytes; the redirect itself may be kept a day
    if ("redirect" in media) {
      return reply.header("cache-control", "public, max-age=86400").redirect(media.redirect, 302);
    }
    return reply
      .header("content-type", media.contentType)
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(media.body);
  });
}
