// POST /api/admin/media: an image upload for the back office (raw image body, not JSON).
// It lives in its own encapsulated plugin so its content-type parser and 8 MB body limit apply to
// this one route only; every other path keeps the JSON-only rule and the 64 KB limit.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { authorizeAdmin } from "../../http/route";
import type { Deps } from "../../lib/deps";
import { unauthorized } from "../../lib/errors";
import type { SessionAdmin } from "../access";
import { recordAudit } from "../audit";
import { objectStoreOf } from "./object-store";
import { convertUpload, MEDIA_MAX_BYTES, UPLOAD_TYPES } from "./upload.service";

const signedIn = new WeakMap<FastifyRequest, SessionAdmin>();

export const mediaUploadPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app: FastifyInstance, { deps }) => {
  app.addContentTypeParser([...UPLOAD_TYPES], { parseAs: "buffer", bodyLimit: MEDIA_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    "/api/admin/media",
    {
      bodyLimit: MEDIA_MAX_BYTES,
      // The session is checked before the body is read, so an anonymous client cannot make us buffer 8 MB.
      onRequest: async (req, reply) => {
        // a session whose role may upload, or an API key with the path's scope (http/route.ts)
        signedIn.set(req, await authorizeAdmin(req, reply, "POST", "/api/admin/media"));
      },
    },
    async (req, reply) => {
      const admin = signedIn.get(req);
      if (!admin) throw unauthorized();
      const stored = await convertUpload(deps.db, objectStoreOf(deps.env), req.headers["content-type"], req.body);
      await recordAudit(deps.db, admin, "media.upload", "media", stored.url.replace(/^\/media\//, ""), {
        width: stored.width,
        height: stored.height,
      });
      return reply.code(201).send(stored);
    },
  );
};

const errorContent = { "application/problem+json": { schema: { $ref: "#/components/schemas/Error" } } };
const retryAfter = { "Retry-After": { description: "Seconds to wait", schema: { type: "integer", minimum: 0 } } };

/** OpenAPI entry for the upload, which is not declared with route() because its body is not JSON. */
export const mediaUploadOpenApi = {
  "/api/admin/media": {
    post: {
      operationId: "uploadMedia",
      summary: "Upload an image (JPEG, PNG or WebP, up to 8 MB); stored as WebP with AVIF and WebP variants",
      description:
        "Upload an image (JPEG, PNG or WebP, up to 8 MB); stored as WebP and served at /media/<file>, with AVIF and WebP variants at /media/<name>.<400|800|1200|1600>w.<avif|webp> (docs/decisions/0008-responsive-images.md).\n\nBack-office origin: a staff session cookie or an API key with the catalog or content write scope.",
      tags: ["admin"],
      security: [{ session: [] }, { apiKey: [] }],
      "x-api-key-scopes": ["content:write"],
      parameters: [],
      requestBody: {
        required: true,
        content: Object.fromEntries(
          [...UPLOAD_TYPES].map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
        ),
      },
      responses: {
        "201": {
          description: "{ url, width, height } of the stored image",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  url: { type: "string", description: "/media/<file>.webp" },
                  width: { type: "integer" },
                  height: { type: "integer" },
                },
                required: ["url", "width", "height"],
                additionalProperties: false,
              },
            },
          },
        },
        "400": { description: "Not a readable image", content: errorContent },
        "401": { description: "Not signed in, or the API key is unknown, revoked or expired", content: errorContent },
        "403": {
          description: "The role or the API key's scopes do not allow uploads, or a cross-origin write",
          content: errorContent,
        },
        "413": {
          description: "Image larger than 8 MB, or over 32 megapixels (the message gives its size)",
          content: errorContent,
        },
        "415": {
          description: "Not sent as image/jpeg, image/png or image/webp, or its bytes are another format (SVG, GIF, …)",
          content: errorContent,
        },
        "429": { description: "Too many requests with this API key", headers: retryAfter, content: errorContent },
        "500": {
          description: "Internal error (a bug, never expected): the body never carries internal text",
          content: errorContent,
        },
        "503": {
          description:
            "Too many images being converted by this process, or the file storage cannot be reached (nothing is stored); retry after Retry-After",
          headers: retryAfter,
          content: errorContent,
        },
      },
    },
  },
};
