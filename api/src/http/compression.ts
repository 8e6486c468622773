// Compressed JSON under /api: brotli or gzip by Accept-Encoding for answers over 1 KB, with
// "Vary: Accept-Encoding". Cached reads are compressed once per cached entry (lib/compressed-forms.ts).
import type { FastifyInstance } from "fastify";
import { COMPRESS_MIN_BYTES, compressedBody, pickEncoding } from "../lib/compressed-forms";
import { encodedEtag } from "./etag";

function addVary(current: unknown): string {
  const text = Array.isArray(current) ? current.join(", ") : typeof current === "string" ? current : "";
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(text)) return text;
  return text ? `${text}, accept-encoding` : "accept-encoding";
}

export function installJsonCompression(app: FastifyInstance): void {
  // a callback hook, not an async one: most answers pass through untouched without a promise each
  app.addHook("onSend", (req, reply, payload, done) => {
    if (!req.url.startsWith("/api/") || req.method === "HEAD") return done(null, payload);
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return done(null, payload); // streams go as they are
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !type.includes("json")) return done(null, payload);
    if (reply.getHeader("content-encoding") || reply.statusCode === 204) return done(null, payload);
    reply.header("vary", addVary(reply.getHeader("vary")));
    if (reply.statusCode === 304) return done(null, payload);
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return done(null, payload);
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (!encoding) return done(null, payload);
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    const tag = reply.getHeader("etag");
    if (typeof tag === "string") reply.header("etag", encodedEtag(tag, encoding));
    compressedBody(payload, encoding).then(
      (body) => done(null, body),
      (error: Error) => done(error),
    );
  });
}
