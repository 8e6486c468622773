// Every answer of the API tests checked against the OpenAPI document (issue 16: "the document is the
// contract"): the status must be one the operation declares, and a JSON body must match the declared
// schema (ajv, JSON Schema 2020-12, formats checked). Every app a test builds gets it (test/harness.ts,
// and buildApp itself through test/contract-setup.ts); a violation fails the test that caused it
// (afterEach), naming method, path, status and the schema error.
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { API_VERSION } from "@ch/contracts/api-versions";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { afterEach } from "vitest";
import { apiDocument } from "../src/api-document";
import { loadEnv } from "../src/env";
import { openApiPath } from "../src/http/openapi";

// ajv-formats is CommonJS: its default export arrives wrapped under some loaders
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** /api paths that are not REST operations of the document (tRPC, the document itself, the public config). */
const NOT_OPERATIONS = [/^\/api\/trpc(\/|$)/, /^\/api\/openapi\.json$/, /^\/api\/docs$/, /^\/api\/config$/];

interface MediaAnswer {
  description: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
type Operation = { operationId: string; responses: Record<string, MediaAnswer> };

interface Contract {
  document: ReturnType<typeof apiDocument>;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}
const contracts = new Map<string, Contract>();

/** The document of one API version: an answer is checked against the version it says it follows. */
function contract(version: string = API_VERSION): Contract {
  let state = contracts.get(version);
  if (!state) {
    // answers held to exactly the declared fields (the served document leaves objects open to additions)
    const document = apiDocument(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), "closed", version);
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    state = { document, ajv, validators: new Map() };
    contracts.set(version, state);
  }
  return state;
}

function operationFor(version: string, method: string, routeUrl: string): Operation | undefined {
  const paths = contract(version).document.paths as Record<string, Record<string, Operation>>;
  return paths[openApiPath(routeUrl)]?.[method.toLowerCase()];
}

function validatorFor(
  version: string,
  operation: Operation,
  status: string,
  schema: Record<string, unknown>,
): ValidateFunction {
  const { ajv, validators, document } = contract(version);
  const key = `${operation.operationId} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    // the operation's schema with the document's components beside it, so "#/components/..." resolves
    validate = ajv.compile({ ...schema, components: document.components });
    validators.set(key, validate);
  }
  return validate;
}

function decoded(payload: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return gunzipSync(payload);
  if (encoding === "br") return brotliDecompressSync(payload);
  if (encoding === "deflate") return inflateSync(payload);
  return payload;
}

/** The violations of one answer, as readable lines (empty when it matches the document). */
export function checkAnswer(answer: {
  method: string;
  routeUrl: string;
  status: number;
  contentType: string | undefined;
  body: Buffer | undefined;
  /** The API version the answer follows (its Api-Version header); the current one when absent. */
  version?: string;
}): string[] {
  const { method, routeUrl, status } = answer;
  const version = answer.version ?? API_VERSION;
  const where = `${method} ${routeUrl} → ${status}`;
  if (method === "HEAD" || !routeUrl.startsWith("/api/") || NOT_OPERATIONS.some((re) => re.test(routeUrl))) return [];
  const operation = operationFor(version, method, routeUrl);
  if (!operation) return [`${where}: no operation in the OpenAPI document`];
  const declared = operation.responses[String(status)];
  if (!declared) {
    return [
      `${where}: status not declared by ${operation.operationId} (declares ${Object.keys(operation.responses).join(", ")})`,
    ];
  }
  if (status === 304) return []; // not modified: no body
  const mediaType = (answer.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const content = declared.content ?? {};
  const media = content[mediaType];
  if (!media) {
    return [
      `${where}: content type ${mediaType || "(none)"} not declared (declares ${Object.keys(content).join(", ")})`,
    ];
  }
  if (!/^application\/(problem\+)?json$/.test(mediaType) || !media.schema || answer.body === undefined) return [];
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString("utf8"));
  } catch {
    return [`${where}: body is not JSON`];
  }
  const validate = validatorFor(version, operation, String(status), media.schema);
  if (validate(body)) return [];
  const errors = (validate.errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
  return [`${where}: body does not match ${operation.operationId}'s ${status} schema: ${errors.join("; ")}`];
}

/**
 * The violations of a webhook body (as a receiver parses it) against the document's `webhooks` entry for
 * its type: every payload a test receives is checked (test/webhooks.test.ts).
 */
export function checkWebhookPayload(
  body: { type: string; [field: string]: unknown },
  version: string = API_VERSION,
): string[] {
  const webhooks = contract(version).document.webhooks as unknown as Record<string, { post: Operation & MediaRequest }>;
  const entry = webhooks[body.type]?.post;
  if (!entry) return [`webhook ${body.type}: no entry in the document's webhooks`];
  const schema = entry.requestBody.content["application/json"]!.schema!;
  const validate = validatorFor(version, entry, "webhook", schema);
  const { type } = body;
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 8)
    .map((e) => `webhook ${type}: ${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`);
}

interface MediaRequest {
  requestBody: { content: Record<string, { schema?: Record<string, unknown> }> };
}

const violations: string[] = [];
const checked = new WeakSet<FastifyInstance>();

/** Checks every answer this app gives against the document (call before the app's first request). */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  if (checked.has(app)) return;
  checked.add(app);
  app.addHook("onSend", async (req, reply, payload) => {
    const routeUrl = req.routeOptions.url;
    if (!routeUrl) return payload;
    const raw = typeof payload === "string" ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    const encoding = reply.getHeader("content-encoding");
    let body: Buffer | undefined;
    try {
      body = raw ? decoded(raw, typeof encoding === "string" ? encoding : undefined) : undefined;
    } catch {
      body = undefined;
    }
    const contentType = reply.getHeader("content-type");
    const version = reply.getHeader("api-version");
    violations.push(
      ...checkAnswer({
        method: req.method,
        routeUrl,
        status: reply.statusCode,
        contentType: typeof contentType === "string" ? contentType : undefined,
        body,
        version: typeof version === "string" ? version : undefined,
      }),
    );
    return payload;
  });
}

afterEach(() => {
  if (violations.length === 0) return;
  const found = [...new Set(violations.splice(0))];
  throw new Error(`Answers that do not match the OpenAPI document (api/openapi.json):\n  ${found.join("\n  ")}`);
});
