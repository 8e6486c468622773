// Entity tags (RFC 9110 §8.8.3, §13.1): every 200 answer to a GET under /api carries a strong `ETag` made
// from its JSON, a GET whose `If-None-Match` names it is answered 304 with no body, and a PUT, PATCH or
// DELETE whose `If-Match` no longer names the resource's current tag is refused with 412 (see
// `ifMatchGuard`). A compressed answer's tag carries its coding (`"tag-br"`), as a strong tag must differ
// between representations; comparisons read the tag without it, as the resource is the same.
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors";

const tags = new WeakMap<Buffer, string>();

/** The strong tag of an identity body (a cached read's buffer is hashed once). */
export function etagOf(body: Buffer | string): string {
  const hashed = () => `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
  if (typeof body === "string") return hashed();
  let tag = tags.get(body);
  if (!tag) {
    tag = hashed();
    tags.set(body, tag);
  }
  return tag;
}

/** A compressed representation's tag: the identity tag with its coding. */
export const encodedEtag = (tag: string, encoding: string): string => `${tag.slice(0, -1)}-${encoding}"`;

/** The opaque part of a tag, without W/ and a coding suffix: what identifies the resource's state. */
function opaque(tag: string): string {
  return tag
    .trim()
    .replace(/^W\//, "")
    .replace(/-(br|gzip|deflate)"$/, '"');
}

/** Whether a list of tags (If-None-Match, If-Match) names `tag`; `*` names any current representation. */
export function tagListNames(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const wanted = opaque(tag);
  return header.split(",").some((candidate) => opaque(candidate) === wanted);
}

const taggable = (req: FastifyRequest, reply: FastifyReply, payload: unknown): payload is Buffer | string =>
  (req.method === "GET" || req.method === "HEAD") &&
  reply.statusCode === 200 &&
  req.url.startsWith("/api/") &&
  (typeof payload === "string" || Buffer.isBuffer(payload)) &&
  String(reply.getHeader("content-type") ?? "").includes("json");

/** Tags every JSON 200 under /api and answers 304 to a matching If-None-Match (before compression). */
export function installEtags(app: FastifyInstance): void {
  app.addHook("onSend", (req, reply, payload, done) => {
    if (!taggable(req, reply, payload)) return done(null, payload);
    const tag = etagOf(payload);
    reply.header("etag", tag);
    if (!tagListNames(req.headers["if-none-match"], tag)) return done(null, payload);
    reply.code(304);
    reply.removeHeader("content-length");
    done(null, "");
  });
}

/**
 * For a write to `url`: when the request carries If-Match, reads the resource it changes (`resourcePath` of
 * the request's path, a GET with the caller's own credentials) and refuses with 412 unless the tag is still
 * current. Without If-Match the write goes on as before.
 */
export async function checkIfMatch(
  req: FastifyRequest,
  resourcePath: ((path: string) => string) | undefined,
): Promise<void> {
  const header = req.headers["if-match"];
  if (header === undefined) return;
  const requested = (req.url.split("?")[0] ?? "/").replace(/\/+$/, "");
  if (!resourcePath) {
    throw new AppError(412, `${requested} has no representation to match: send the write without If-Match`, [
      { path: ["If-Match"], message: "is not taken on this path" },
    ]);
  }
  const path = resourcePath(requested);
  const current = await req.server.inject({
    method: "GET",
    url: path,
    headers: {
      host: req.headers.host ?? "localhost",
      ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    },
    remoteAddress: req.ip,
  });
  const tag = current.statusCode === 200 ? current.headers.etag : undefined;
  if (typeof tag === "string" && tagListNames(header, tag)) return;
  throw new AppError(
    412,
    tag
      ? `${path} has changed since it was read: read it again, reapply the change and send its new ETag in If-Match`
      : `${path} has no current representation to match`,
    [{ path: ["If-Match"], message: tag ? `is not the current ETag (${tag})` : "names no current representation" }],
    tag ? { currentEtag: tag } : {},
    tag ? { etag: tag } : {},
  );
}
