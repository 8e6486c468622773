// OpenAPI 3.1 from a REST route list and its zod schemas (zod 4's z.toJSONSchema: requests on their
// input side, answers on their output side). The document the app
// serves is made from every route in api-document.ts; its shared schemas and examples are
// http/openapi-schemas.ts, the HTML reference page http/reference-page.ts.
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEST_EVENT, type WebhookEventType } from "@ch/contracts/webhook-events";
import { WEBHOOK_PAYLOADS, webhookEnvelope } from "@ch/contracts/webhook-payloads";
import { z } from "zod";
import { API_VERSION, speaksMoneyForm } from "./api-version";
import {
  hoistSharedSchemas,
  type MoneyStyle,
  pointedAtComponents,
  withExamples,
  withMoneyStyle,
} from "./openapi-schemas";
import { moneyFormOf, type RouteSpec, takesIfMatch } from "./route";
import { nameSharedSchemas } from "./schema-names";

type Json = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, io: "input" | "output", money: MoneyStyle = "legacy"): Json {
  const json = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    // a transform's result, a Date before it is written out...: documented as "any value"
    unrepresentable: "any",
    // instants are ISO text on the wire (contracts/responses.ts instant())
    override: ({ zodSchema, jsonSchema }) => {
      if ((zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type === "date") {
        jsonSchema.type = "string";
        jsonSchema.format = "date-time";
      }
      // the format says it (and ajv-formats checks it); zod's 600-character pattern adds nothing to read
      if (jsonSchema.format === "date-time" || jsonSchema.format === "date") delete jsonSchema.pattern;
      // a request field checked in two steps (trim and bound, then the e-mail rule...): both steps' rules
      const def = (zodSchema as unknown as { _zod: { def: { type: string; out?: z.ZodType } } })._zod.def;
      if (io === "input" && def.type === "pipe" && def.out) {
        const out = toJsonSchema(def.out, "input");
        if (out.type === jsonSchema.type) {
          for (const key of ["format", "pattern", "minLength", "maxLength", "minimum", "maximum"]) {
            if (out[key] !== undefined && jsonSchema[key] === undefined) jsonSchema[key] = out[key];
          }
        }
      }
    },
  }) as Json;
  delete json.$schema;
  return pointedAtComponents(withMoneyStyle(json, money), io, money);
}

export const requestSchema = (schema: z.ZodType, money?: MoneyStyle) => toJsonSchema(schema, "input", money);
export const responseSchema = (schema: z.ZodType, money?: MoneyStyle) => toJsonSchema(schema, "output", money);

/**
 * How the document states an answer's objects: `open` (what it serves) leaves out zod's
 * `additionalProperties: false`, so a client reads the fields it knows and a field added within a
 * version breaks none; `closed` keeps it, for the API tests, which hold every answer to exactly the
 * declared fields.
 */
export type AnswerShapes = "open" | "closed";
function answerSchema(schema: z.ZodType, shapes: AnswerShapes, money: MoneyStyle): Json {
  const json = responseSchema(schema, money);
  return shapes === "closed" ? json : (withoutClosedObjects(json) as Json);
}
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === "additionalProperties" && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
/** Headers every answer carries. */
const EVERY_ANSWER_HEADERS = { "Request-Id": header("RequestId"), "Api-Version": header("ApiVersion") };
/** Headers of every answer a limit counted: a rate-limited public path's, and an API key's on admin paths. */
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": header("RateLimitLimit"),
  "RateLimit-Remaining": header("RateLimitRemaining"),
  "RateLimit-Reset": header("RateLimitReset"),
};

/** Reusable headers (components.headers), referred to by every answer. */
export const COMPONENT_HEADERS = {
  RequestId: {
    description: "This answer's id, also in the server's log line for it: quote it when asking for help",
    schema: { type: "string" },
  },
  ApiVersion: {
    description: "The API version (a date) this answer's shapes follow: the current one, or the one the request pinned",
    schema: { type: "string", format: "date" },
  },
  RateLimitLimit: {
    description: "Requests allowed in the current window (with an API key: the key's per-minute limit)",
    schema: { type: "integer", minimum: 0 },
  },
  RateLimitRemaining: {
    description: "Requests left in the current window",
    schema: { type: "integer", minimum: 0 },
  },
  RateLimitReset: {
    description: "Seconds until the current window ends",
    schema: { type: "integer", minimum: 0 },
  },
  ETag: {
    description:
      "The representation's entity tag: send it back in If-None-Match (304 when unchanged) or, for the resource's writes, in If-Match",
    schema: { type: "string" },
  },
};
/** An optional request header of every operation that takes it. */
const optionalHeader = (name: string, description: string, format?: string) => ({
  name,
  in: "header",
  required: false,
  description,
  schema: { type: "string", ...(format ? { format } : {}) },
});
const VERSION_PARAMETER = optionalHeader(
  "Api-Version",
  "Pins the API version (a date from the changelog); the current version when absent; an unknown one is 400",
  "date",
);
const IF_NONE_MATCH_PARAMETER = optionalHeader(
  "If-None-Match",
  "An ETag from an earlier answer: 304 with no body while it is still current",
);
const IF_MATCH_PARAMETER = optionalHeader(
  "If-Match",
  "The ETag of the resource as last read (GET of this path or the one above it): the write is refused with 412 if it has changed since",
);
const retryAfter = {
  "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 0 } },
};

/** The answers every route shares, by status: what they mean here. */
const ERROR_ANSWERS: Record<number, { description: string; headers?: Json }> = {
  400: { description: "Invalid input: `issues` names each failing field and the reason" },
  401: { description: "Not signed in, or the API key is unknown, revoked or expired" },
  403: {
    description:
      "Refused: the role may not use this path, the API key lacks the scope or its creator's role no longer allows it (missingScopes names it), an API key on a person's path, a cross-origin write, or a session that must set up two-factor sign-in first while the owner requires it (code: two_factor_enrolment_required; the two-factor status, enrolment and the account stay open to it)",
  },
  404: { description: "Not found" },
  409: { description: "Conflicts with the current state (the message says which)" },
  410: { description: "No longer available (expired)" },
  412: { description: "Precondition failed: If-Match no longer names the resource's ETag (its ETag header does)" },
  413: { description: "Request body too large" },
  415: { description: "Unsupported content type (send application/json)" },
  422: { description: "Well-formed but not acceptable (the message says why)" },
  429: {
    description: "Too many requests: retry after Retry-After seconds",
    headers: { ...retryAfter, ...RATE_LIMIT_HEADERS },
  },
  500: {
    description:
      "Internal error (a bug, never expected): the body never carries internal text; the log has the detail and the request id",
  },
  503: {
    description: "Temporarily unavailable (database unreachable or busy): retry after Retry-After seconds",
    headers: retryAfter,
  },
};

function errorAnswer(status: number, fields?: z.ZodType): Json {
  const answer = ERROR_ANSWERS[status];
  if (!answer) throw new Error(`openapi: no description for error status ${status}`);
  const schema = fields ? { allOf: [ERROR_REF, responseSchema(fields)] } : ERROR_REF;
  return {
    description: answer.description,
    headers: { ...EVERY_ANSWER_HEADERS, ...answer.headers },
    content: { "application/problem+json": { schema } },
  };
}

/** Every status an operation can answer with an error, from its input, access, rate limit and `errors`. */
export function errorStatuses(spec: RouteSpec): number[] {
  const statuses = new Set<number>([400, 500, 503, ...(spec.errors ?? [])]);
  // any write may carry a body: too large (413) or not JSON (415) is refused before the route runs
  if (spec.body || spec.method !== "GET") for (const s of [413, 415]) statuses.add(s);
  if (spec.access === "admin") for (const s of [401, 403, 429]) statuses.add(s);
  if (spec.access === "adminAuth") statuses.add(403);
  if (spec.rateLimit) statuses.add(429);
  if (takesIfMatch(spec)) statuses.add(412);
  return [...statuses].sort((a, b) => a - b);
}

function parametersOf(spec: RouteSpec) {
  const params: Json[] = [];
  for (const [where, schema] of [
    ["path", spec.params],
    ["query", spec.query],
  ] as const) {
    if (!schema) continue;
    const json = requestSchema(schema) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = property;
      params.push({
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      });
    }
  }
  params.push(VERSION_PARAMETER);
  if (spec.method === "GET") params.push(IF_NONE_MATCH_PARAMETER);
  if (takesIfMatch(spec)) params.push(IF_MATCH_PARAMETER);
  for (const header of spec.headers ?? []) {
    params.push({
      name: header.name,
      in: "header",
      required: header.required ?? false,
      description: header.description,
      schema: { type: "string" },
    });
  }
  return params;
}

const ACCESS_NOTE: Record<RouteSpec["access"], string> = {
  public: "Public, storefront origin; no credentials.",
  admin:
    "Back-office origin. A staff session cookie whose role may use this path, or `Authorization: Bearer <API key>` with the scope the path needs.",
  adminAuth: "Back-office origin, no session needed; an API key is refused here (a person's step).",
};

/** Every paged list's answer names its next page in this header (lib/cursor.ts keysetPage). */
const NEXT_PAGE_LINK = {
  description: 'RFC 8288 `<url>; rel="next"`: the next page, under the same filters; absent on the last page',
  schema: { type: "string" },
};

/** The API-key scopes an admin operation needs (all of them), or null when no key may call it. */
export type KeyScopesOf = (method: string, url: string) => readonly string[] | null;

/** The operation's extension naming the API-key scopes it needs (all of them). */
export const KEY_SCOPES_EXTENSION = "x-api-key-scopes";

/**
 * Who may call an admin operation: a session, or a key with the scopes it needs. The scopes are stated in
 * `x-api-key-scopes` and the description, not in the requirement's list: OpenAPI 3.0 and Spectral's
 * `spectral:oas` allow scope names there for OAuth flows only, and a key is a bearer token, not OAuth.
 */
function adminSecurity(
  spec: RouteSpec,
  keyScopesOf: KeyScopesOf | undefined,
): { security: Json[]; scopes: readonly string[] | null; note: string } {
  const scopes = keyScopesOf ? keyScopesOf(spec.method, spec.url) : [];
  if (scopes === null) return { security: [{ session: [] }], scopes, note: " Not open to API keys." };
  const note = scopes.length ? ` API key scope: ${scopes.join(" and ")}.` : "";
  return { security: [{ session: [] }, { apiKey: [] }], scopes, note };
}

function operationOf(spec: RouteSpec, shapes: AnswerShapes, version: string, keyScopesOf?: KeyScopesOf): Json {
  const admin = spec.access === "admin" ? adminSecurity(spec, keyScopesOf) : undefined;
  const money: MoneyStyle = speaksMoneyForm(version) && moneyFormOf(spec) !== undefined ? "money" : "legacy";
  const produces = spec.produces ?? "application/json";
  const mediaTypes = typeof produces === "string" ? [produces] : produces.files;
  const success = answerSchema(spec.response, shapes, money);
  const paged =
    spec.query !== undefined && "cursor" in ((requestSchema(spec.query) as { properties?: Json }).properties ?? {});
  const tagged = spec.method === "GET" && produces === "application/json";
  const successAnswer = {
    description: spec.answer,
    headers: {
      ...EVERY_ANSWER_HEADERS,
      ...(spec.access === "admin" || spec.rateLimit ? RATE_LIMIT_HEADERS : {}),
      ...(tagged ? { ETag: header("ETag") } : {}),
      ...(paged ? { Link: NEXT_PAGE_LINK } : {}),
    },
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: success }])),
  };
  const responses: Json = {};
  for (const status of [spec.successStatus ?? 200, ...(spec.alsoSuccess ?? [])]) {
    responses[String(status)] = successAnswer;
  }
  if (tagged) {
    responses["304"] = {
      description: "Not modified: If-None-Match names the current ETag (no body)",
      headers: { ...EVERY_ANSWER_HEADERS, ETag: header("ETag") },
    };
  }
  for (const status of errorStatuses(spec))
    responses[String(status)] = errorAnswer(status, spec.errorFields?.[status as keyof typeof spec.errorFields]);
  const operation: Json = {
    operationId: spec.operationId,
    summary: spec.summary.length > 120 ? `${spec.summary.slice(0, spec.summary.lastIndexOf(" ", 117))}…` : spec.summary,
    description: inMoneyStyle(
      `${spec.summary}\n\n${ACCESS_NOTE[spec.access]}${admin?.note ?? ""}${spec.rateLimit ? " Rate-limited per address (429 with Retry-After)." : ""}\n\nAnswer: ${spec.answer}`,
      money,
    ),
    tags: spec.tags,
    security: admin?.security ?? [],
    ...(admin?.scopes ? { [KEY_SCOPES_EXTENSION]: [...admin.scopes] } : {}),
    parameters: parametersOf(spec),
    responses,
  };
  if (spec.upload) {
    operation.requestBody = {
      required: true,
      content: Object.fromEntries(
        spec.upload.types.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
      ),
    };
  } else if (spec.body) {
    operation.requestBody = {
      required: true,
      content: { "application/json": { schema: requestSchema(spec.body, money) } },
    };
  }
  return operation;
}

/** An operation's text as its money style reads: the money form names `…Cents` fields without the suffix, and says so. */
function inMoneyStyle(text: string, money: MoneyStyle): string {
  if (money === "legacy") return text;
  return `${text.replace(/\b([a-z]\w*)Cents\b/g, "$1")}\n\nEvery amount is a Money: { amount: whole minor units, currency }.`;
}

/** OpenAPI's form of a Fastify path pattern: /api/products/:id → /api/products/{id}. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, "{$1}");

/** The tags' descriptions, in the document's order. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  catalog: "Products: the catalog the storefront shows",
  content: "Gallery and blog",
  gallery: "Gallery items (back office)",
  blog: "Blog posts (back office)",
  orders: "Orders: placing one, the customer's look-up, staff lists and stages",
  payments: "Invoices and the payment ledger (USDT hashes, bank transfers, refunds)",
  leads: "Contact enquiries, quote and call requests, ROI results",
  proposals: "Priced proposals: staff create and send; the customer accepts or asks for changes",
  chat: "The storefront chat, forwarded to the team",
  visits: "Page views",
  seo: "The SEO report, score widget and page audit",
  admin: "Back-office paths: sign-in, dashboard, lists, media",
  notifications: "Telegram and e-mail notifications and their retries",
  settings: "The business settings",
  staff: "Staff accounts, invitations and passwords",
  webhooks: "Webhook endpoints (Standard Webhooks signatures) and their deliveries",
  portal: "The customer's portal: sign-in by e-mailed link, their projects and proposals",
};
const TAGS = Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description }));

/**
 * The document's `webhooks` section (OpenAPI 3.1): one entry per event type, the body a receiver gets
 * (type, timestamp and the event's data) with its Standard Webhooks headers.
 */
function webhooksSection(shapes: AnswerShapes, version: string): Record<string, Json> {
  const money: MoneyStyle = speaksMoneyForm(version) ? "money" : "legacy";
  const signatureHeaders = [
    ["webhook-id", "The message id (msg_…): the same on every attempt, resend and replay; deduplicate on it"],
    ["webhook-timestamp", "Unix seconds of this attempt; refuse one more than 5 minutes away from your clock"],
    ["webhook-signature", "v1,<base64 HMAC-SHA256 of `id.timestamp.body`>, space-separated during a secret rotation"],
  ].map(([name, description]) => ({ name, in: "header", required: true, description, schema: { type: "string" } }));
  return Object.fromEntries(
    Object.entries(WEBHOOK_PAYLOADS).map(([type, data]) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/[^A-Za-z0-9]/g, "_")}`,
          summary:
            type === WEBHOOK_TEST_EVENT
              ? "A test event (Send test event)"
              : WEBHOOK_EVENT_LABELS[type as WebhookEventType],
          tags: ["webhooks"],
          // the receiver checks the signature headers, not a credential of ours
          security: [],
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: { "application/json": { schema: answerSchema(webhookEnvelope(type, data), shapes, money) } },
          },
          responses: {
            "200": {
              description:
                "Received: any 2xx settles the delivery; 410 Gone disables the endpoint; anything else is retried",
            },
          },
        },
      },
    ]),
  );
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

export function openApiDocument(
  routes: RouteSpec[],
  servers: { url: string; description: string; variables?: Record<string, { default: string; description: string }> }[],
  options: {
    sessionCookie?: string;
    extraPaths?: Record<string, Record<string, unknown>>;
    /** The server each path is served on (index into `servers`): a generated client sends it there. */
    serverOf?: (path: string) => number;
    /** The API-key scopes each admin operation needs (modules/api-keys scope-policy). */
    keyScopesOf?: KeyScopesOf;
    /** `open` unless told (see AnswerShapes). */
    answerShapes?: AnswerShapes;
    /** The API version whose shapes the document states; the current one unless told. */
    version?: string;
  } = {},
) {
  const version = options.version ?? API_VERSION;
  nameSharedSchemas();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const path = openApiPath(spec.url);
    paths[path] ??= {};
    paths[path][spec.method.toLowerCase()] = operationOf(
      spec,
      options.answerShapes ?? "open",
      version,
      options.keyScopesOf,
    );
  }
  for (const [path, operations] of Object.entries(options.extraPaths ?? {})) {
    paths[path] = { ...paths[path], ...operations };
  }
  if (options.serverOf) {
    for (const [path, item] of Object.entries(paths)) {
      const server = servers[options.serverOf(path)];
      if (server) paths[path] = { servers: [server], ...item };
    }
  }
  const used = new Set(
    Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op as { tags?: string[] }).tags ?? [])),
  );
  const document = {
    openapi: "3.1.0",
    info: {
      title: "Container Homes of Texas API",
      version,
      description:
        "Public storefront endpoints are served on the storefront origin; /api/admin/* only on the back-office origin, with a staff session cookie or an API key (`Authorization: Bearer chk_…`, scoped per domain). Errors are RFC 9457 problems (application/problem+json) with a stable `code`, the failing fields in `issues`, and `message` (see the Error schema).",
      contact: { name: "Container Homes of Texas" },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers,
    webhooks: webhooksSection(options.answerShapes ?? "open", version),
    // a tag without a description here is still listed (test/openapi-contract.test.ts asks for one)
    tags: [
      ...TAGS.filter((tag) => used.has(tag.name)),
      ...[...used].filter((name) => !TAGS.some((t) => t.name === name)).map((name) => ({ name, description: "" })),
    ],
    components: {
      headers: COMPONENT_HEADERS,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: options.sessionCookie ?? "ch_admin",
          description: "The back office's httpOnly session cookie, set by POST /api/admin/login",
        },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description:
            "An API key created by the owner in the back office (chk_…), with read/write scopes per domain; rate-limited per key",
        },
      },
      schemas: {
        Error: {
          type: "object",
          description:
            "Every error answer, an RFC 9457 problem (application/problem+json); some add fields (retryAfter, missingScopes…)",
          properties: {
            type: { type: "string", description: "A URI reference to this problem's explanation in the errors guide" },
            title: { type: "string", description: "The status's name" },
            status: { type: "integer", minimum: 400, maximum: 599 },
            detail: { type: "string", description: "What went wrong, for a person" },
            instance: { type: "string", description: "The path the request was for" },
            code: { type: "string", description: "A stable code to branch on (the errors guide lists them)" },
            message: { type: "string", description: "The same text as `detail`, kept for the first clients" },
            issues: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  path: { type: "array", items: { type: ["string", "number"] } },
                  message: { type: "string" },
                },
                required: ["path", "message"],
              },
            },
          },
          required: ["type", "title", "status", "detail", "code", "message", "issues"],
          examples: [
            {
              type: "/api/docs#error-invalid_request",
              title: "Bad Request",
              status: 400,
              detail: "Invalid body",
              instance: "/api/contact",
              code: "invalid_request",
              message: "Invalid body",
              issues: [{ path: ["email"], message: "must be a valid email address" }],
            },
          ],
        },
      },
    },
    paths,
  };
  // the shared schemas, named once (http/schema-names.ts), beside the Error shape
  const { document: hoisted, schemas } = hoistSharedSchemas(document);
  const all = { ...hoisted.components.schemas, ...schemas };
  // an example for every body and answer, made from its schema (Spectral checks each against it)
  return withExamples({ ...hoisted, components: { ...hoisted.components, schemas: all } }, all);
}
