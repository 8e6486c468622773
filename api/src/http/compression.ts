// Compressed JSON under /api: brotli or gzip by Accept-Encoding for answers over 1 KB, with
// "Vary: Accept-Encoding". Cached reads are compressed once per cached entry (lib/compressed-forms.ts).
import type { FastifyInstance } from "fastify";
import { COMPRESS_MIN_BYTES, compressedBody } from "../lib/compressed-forms";
import { pickEncoding } from "./spa";

function addVary(current: unknown): string {
  const text = Array.isArray(current) ? current.join(", ") : typeof current === "string" ? current : "";
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(text)) return text;
  return text ? `${text}, accept-encoding` : "accept-encoding";
}

export function installJsonCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (req, reply, payload) => {
    if (!req.url.startsWith("/api/") || req.method === "HEAD") return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload; // streams go as they are
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !type.includes("json")) return payload;
    if (reply.getHeader("content-encoding") || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    reply.header("vary", addVary(reply.getHeader("vary")));
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (!encoding) return payload;
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return compressedBody(payload, encoding);
  });
}
