// A REST route is declared once: method, path, schemas, access and a handler that calls a service.
// The same list registers the Fastify routes, generates /api/openapi.json and drives the access tests.

import { idempotencyKey } from "@ch/contracts/orders";
import type { SessionAdmin } from "@ch/contracts/staff-roles";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { z } from "zod";
import type { Deps } from "../lib/deps";
import { AppError, badRequest, forbidden, type Issue } from "../lib/errors";
import { idempotencyRecordKey, idempotentTransaction } from "../lib/idempotency";
import { fromMoneyFormBody, type MoneyPlan, moneyFormPath, moneyPlanOf, toMoneyForm } from "../lib/money-form";
import { hitPublicLimit, type PUBLIC_WRITE_RULES, publicLimitHit, type RateLimitHit } from "../lib/rate-limit";
import { CachedRead, type CacheOptions, sendCachedJson } from "../lib/read-cache";
import { issuesOf, parseInput } from "../lib/validate";
import type {} from "./admin-authority";
import { speaksMoneyForm, versionOf } from "./api-version";
import { bearerToken } from "./bearer-token";
import { allowCachedAnswer, noteCachedAnswer } from "./cached-answers";
import { checkIfMatch } from "./etag";
import { FILE_BODY } from "./security";

/**
 * public: storefront origin, no session (an Authorization header means nothing there). admin: back-office
 * origin, a session whose role may use the path (modules/access/access-policy.ts; 403 otherwise) or an API
 * key with the path's scope (modules/api-keys/scope-policy.ts). adminAuth: back-office origin, no session
 * (login, setup); an API key is refused there.
 */
export type Access = "public" | "admin" | "adminAuth";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface HandlerContext<B, Q, P> {
  deps: Deps;
  body: B;
  query: Q;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
  admin: SessionAdmin | null;
  ip: string;
  /** With `rateLimitInHandler`: the hit the handler must count (see RouteSpec.rateLimitInHandler). */
  rateLimit: RateLimitHit | undefined;
  /** With `upload`: the sent file (its declared type is one of the upload's; the bytes are not yet checked). */
  file: UploadedFile | undefined;
}

export interface UploadedFile {
  contentType: string;
  bytes: Buffer;
}

/** A route whose body is a file, sent raw with its own content type (not JSON). */
export interface UploadSpec {
  types: readonly string[];
  maxBytes: number;
  /** A public upload's own check of its caller (the portal's session), run before the body is read. */
  authorize?: (deps: Deps, req: FastifyRequest) => Promise<unknown>;
}

declare const bodyShape: unique symbol;
/**
 * A body the handler has produced in another form (sent bytes from the read cache, a CSV stream) that
 * stands for a body of shape T: `sent<T>(value)` keeps the handler typed against the response schema.
 */
export type Sent<T> = { readonly [bodyShape]: T };
export const sent = <T>(value: unknown): Sent<T> => value as Sent<T>;

/**
 * A handler's answer read through the read cache under `key` (lib/read-cache.ts), typed by what `load`
 * answers so the route's response schema checks it. The route sends the entry's kept JSON; the procedure
 * made from the operation (trpc/operations.ts) and the server render answer its value, from the same entry.
 */
export const cachedRead = <T>(key: string, load: () => Promise<T>, options?: CacheOptions): Sent<T> =>
  sent<T>(new CachedRead(key, load, options));

/** Sends a cached read's kept JSON. */
async function sendCachedRead(deps: Deps, reply: FastifyReply, read: CachedRead, repeatable: boolean) {
  // noted before sending (awaiting a sent reply waits for its end, after onResponse); a visitor-chosen
  // key is kept apart and briefly: not an answer to repeat before routing
  if (repeatable && !read.options.chosen) noteCachedAnswer(reply.request, read.key);
  return sendCachedJson(deps.db, reply, read.key, read.load, read.options);
}

/**
 * A handler that first counts the request against a limit of the module's own (the SEO scans, the sign-in
 * steps): `hit` throws 429 past it; then `handler` runs.
 */
export function limitedBy<B, Q, P, T>(
  hit: (deps: Deps, ip: string) => Promise<void>,
  handler: (ctx: HandlerContext<B, Q, P>) => T | Promise<T>,
): (ctx: HandlerContext<B, Q, P>) => Promise<T> {
  return async (ctx) => {
    await hit(ctx.deps, ctx.ip);
    return handler(ctx);
  };
}

/** What a handler may answer: the response schema's input (Dates before JSON, say), or a stand-in for it. */
export type HandlerResult<R extends z.ZodType> = z.input<R> | Sent<z.input<R>>;

/** Statuses a route may declare beyond those its input, access and rate limit imply. */
export type ErrorStatus = 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface RouteSpec<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  url: string;
  access: Access;
  summary: string;
  tags: string[];
  body?: B;
  query?: Q;
  params?: P;
  successStatus?: number;
  rateLimit?: keyof typeof PUBLIC_WRITE_RULES;
  /**
   * The handler counts the rate-limit hit itself (ctx.rateLimit), in a statement it runs anyway, so the
   * request costs one database round trip less. A request whose body fails validation is still counted
   * here first, so a 429 comes before a 400 as on every other limited route.
   */
  rateLimitInHandler?: boolean;
  /** Extra request headers documented in OpenAPI. */
  headers?: { name: string; description: string; required?: boolean }[];
  /**
   * A POST that creates: an `Idempotency-Key` header makes it replay-safe (lib/idempotency.ts; the claim,
   * the handler's work and its answer in one transaction). Documented as a header of the operation.
   */
  idempotent?: boolean;
  /**
   * The body is one file of these types, up to maxBytes (413 past it, 415 for another type); its
   * description and title, if any, come in the query. The caller's access is checked before the body is read.
   */
  upload?: UploadSpec;
  /** A short description of the answer for OpenAPI. */
  answer: string;
  /** OpenAPI operationId: unique, camelCase, says what the operation does (e.g. listProducts). */
  operationId: string;
  /**
   * The success body's schema: documented in OpenAPI (its output side: what goes over the wire) and
   * checked against every answer in the API tests; the handler's result is typed by its input side.
   */
  response: R;
  /** Other success statuses with the same body (e.g. 202 beside 201 for a payment still being verified). */
  alsoSuccess?: number[];
  /** Error statuses this route can answer beyond those its input, access and rate limit imply (404, 409...). */
  errors?: ErrorStatus[];
  /** Fields some of those errors add to the shared Error shape, by status (documented as Error + these). */
  errorFields?: Partial<Record<ErrorStatus, z.ZodType>>;
  /**
   * An admin answer in the money form where its schema cannot say which fields are money (an event's data
   * is typed by its event type); otherwise the response schema's marks say it (lib/money-form.ts).
   */
  moneyForm?: (answer: z.input<R>, version: string) => unknown;
  /** Media type of the success body; JSON unless said otherwise (CSV exports, downloaded files of these types). */
  produces?: "application/json" | "text/csv" | { files: readonly string[] };
  handler: (
    ctx: HandlerContext<
      B extends z.ZodType ? z.output<B> : undefined,
      Q extends z.ZodType ? z.output<Q> : undefined,
      P extends z.ZodType ? z.output<P> : undefined
    >,
  ) => HandlerResult<R> | Promise<HandlerResult<R>>;
}

declare const routeTypes: unique symbol;
/**
 * A declared operation: a RouteSpec for the route list, which also keeps its schemas' types so that
 * its tRPC procedure can be made from it (trpc/operations.ts).
 */
export type Operation<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> = RouteSpec & { readonly [routeTypes]?: { body: B; query: Q; params: P; response: R } };

export function route<
  R extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  M extends Method = Method,
>(spec: RouteSpec<B, Q, P, R> & { method: M }): Operation<B, Q, P, R> & { method: M } {
  if (spec.idempotent) {
    spec.headers = [...(spec.headers ?? []), IDEMPOTENCY_HEADER];
    // a repeat while the first runs (409), the key with another body (422)
    spec.errors = [...new Set([...(spec.errors ?? []), 409, 422] as ErrorStatus[])];
  }
  return spec as unknown as Operation<B, Q, P, R> & { method: M };
}

export const IDEMPOTENCY_HEADER = {
  name: "Idempotency-Key",
  description:
    "16-255 printable characters, kept 24 hours. The same key and body replays the first answer (Idempotent-Replayed: true); another body is 422; a repeat while the first runs is 409.",
};

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Who calls an admin path (http/admin-authority.ts): an API key with its scope or a session; `url` is the route's pattern. */
export const authorizeAdmin = (
  req: FastifyRequest,
  reply: FastifyReply,
  method: string,
  url: string,
): Promise<SessionAdmin> => req.server.adminAuthority.forPath(req, reply, method, url);

const noQuery = z.strictObject({});

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Path parameters repeat (the same product, the same post): each distinct set is parsed once. */
function memoizedParse(schema: z.ZodType, where: string) {
  const parsed = new Map<string, Record<string, unknown>>();
  return (raw: Record<string, string>): unknown => {
    const key = JSON.stringify(raw);
    const known = parsed.get(key);
    if (known) return { ...known };
    const value = parseInput(schema, raw, where);
    if (!isPlainObject(value)) return value;
    if (parsed.size >= 1000) parsed.clear();
    parsed.set(key, value);
    return { ...value };
  };
}

function isEmpty(query: unknown): boolean {
  if (query === undefined || query === null) return true;
  for (const _ in query as object) return false;
  return true;
}

/** Writes whose If-Match is checked (http/etag.ts): an admin PUT, PATCH or DELETE. */
export const takesIfMatch = (spec: RouteSpec): boolean =>
  spec.access === "admin" && (spec.method === "PUT" || spec.method === "PATCH" || spec.method === "DELETE");

/**
 * The resource a write changes, for its If-Match: the GET at the same path, or at the nearest path above it
 * (`PUT /orders/:id/status` changes what `GET /orders/:id` reads). Answers how many segments to drop.
 */
function resourceDepth(spec: RouteSpec, routes: RouteSpec[]): number | undefined {
  const segments = spec.url.split("/");
  for (let drop = 0; segments.length - drop > 3; drop++) {
    const url = segments.slice(0, segments.length - drop).join("/");
    if (routes.some((r) => r.method === "GET" && r.url === url && r.access === spec.access)) return drop;
  }
  return undefined;
}

/**
 * Where an admin operation's body and answer hold money (lib/money-form.ts): stated as { amount, currency }
 * to requests of a version that has the money form; undefined when neither does.
 */
export function moneyFormOf(
  spec: RouteSpec,
): { body?: MoneyPlan; answer?: (answer: unknown, version: string) => unknown } | undefined {
  if (spec.access !== "admin") return undefined;
  const body = spec.body && moneyPlanOf(spec.body);
  const plan = spec.produces && spec.produces !== "application/json" ? undefined : moneyPlanOf(spec.response);
  const answer = spec.moneyForm ?? (plan && ((value: unknown) => toMoneyForm(plan, value)));
  return body || answer ? { body, answer } : undefined;
}

/** A body in the money form, in the units the schema reads, then parsed; a 400 names fields as they were sent. */
function parseMoneyFormBody(plan: MoneyPlan, schema: z.ZodType, raw: unknown): unknown {
  const read = fromMoneyFormBody(plan, raw);
  const parsed = schema.safeParse(read.value);
  const within = (path: Issue["path"], outer: Issue["path"]) => outer.every((segment, i) => path[i] === segment);
  const schemaIssues = parsed.success
    ? []
    : issuesOf(parsed.error)
        .map((issue) => ({ ...issue, path: moneyFormPath(plan, issue.path) }))
        .filter((issue) => !read.issues.some((money) => within(issue.path, money.path)));
  const issues = [...schemaIssues, ...read.issues];
  const first = issues[0];
  if (!first) return parsed.data;
  throw badRequest(`Invalid body: ${first.path.length > 0 ? first.path.join(".") : "body"} ${first.message}`, issues);
}

export function registerRoutes(app: FastifyInstance, deps: Deps, routes: RouteSpec[]): void {
  for (const spec of routes) {
    const moneyForm = moneyFormOf(spec);
    const depth = takesIfMatch(spec) ? resourceDepth(spec, routes) : undefined;
    const resourcePath =
      depth === undefined
        ? undefined
        : (path: string) =>
            path
              .split("/")
              .slice(0, path.split("/").length - depth)
              .join("/");
    const querySchema = spec.query ?? noQuery;
    // most requests carry no query string: its parse is the same every time (a copy each, as handlers own it)
    const empty = querySchema.safeParse({});
    const emptyQuery = empty.success && isPlainObject(empty.data) ? empty.data : undefined;
    const parseParams = spec.params ? memoizedParse(spec.params, "path parameter") : undefined;
    // its cached answers may be repeated before routing (http/cached-answers.ts)
    const repeatable = spec.method === "GET" && spec.access === "public" && spec.rateLimit === undefined;
    const upload = spec.upload;
    const signedIn = new WeakMap<FastifyRequest, SessionAdmin>();
    const options: RouteOptions = {
      method: spec.method,
      url: spec.url,
      // a file's sender is checked before its body is read: nobody without access makes us buffer it
      ...(upload
        ? {
            bodyLimit: upload.maxBytes,
            config: { [FILE_BODY]: true },
            onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
              if (spec.access === "admin") signedIn.set(req, await authorizeAdmin(req, reply, spec.method, spec.url));
              else await upload.authorize?.(deps, req);
            },
          }
        : {}),
      handler: async (req, reply) => {
        // who calls comes before what they sent: a caller without access learns nothing from a 400
        let admin: SessionAdmin | null = signedIn.get(req) ?? null;
        if (spec.access === "admin" && !admin) admin = await authorizeAdmin(req, reply, spec.method, spec.url);
        else if (spec.access === "adminAuth" && bearerToken(req.headers.authorization) !== undefined) {
          // sign-in, setup and the like are a person's, never a key's
          throw forbidden("API keys cannot be used on this path");
        }
        const params = parseParams?.(req.params as Record<string, string>);
        if (repeatable) allowCachedAnswer(req);
        // a path without query parameters refuses any (400 naming it) rather than ignore a caller's mistake
        const query =
          emptyQuery && isEmpty(req.query) ? { ...emptyQuery } : parseInput(querySchema, req.query ?? {}, "query");
        const limitInHandler = spec.rateLimit !== undefined && spec.rateLimitInHandler === true;
        if (spec.rateLimit && !limitInHandler) reply.headers(await hitPublicLimit(deps, spec.rateLimit, req.ip));
        // only an admin operation that holds money reads the version (every other request skips it)
        const inMoneyForm = moneyForm !== undefined && speaksMoneyForm(versionOf(req));
        let body: unknown;
        try {
          const raw = req.body === undefined ? {} : req.body;
          body = !spec.body
            ? undefined
            : inMoneyForm && moneyForm.body
              ? parseMoneyFormBody(moneyForm.body, spec.body, raw)
              : parseInput(spec.body, raw, "body");
        } catch (error) {
          if (limitInHandler) reply.headers(await hitPublicLimit(deps, spec.rateLimit!, req.ip));
          throw error;
        }
        if (takesIfMatch(spec)) await checkIfMatch(req, resourcePath);
        const rateLimit = limitInHandler ? publicLimitHit(deps, spec.rateLimit!, req.ip) : undefined;
        const file = upload ? uploadedFile(req, upload) : undefined;
        const context = { deps, body, query, params, req, reply, admin, ip: req.ip, rateLimit, file };
        const key = spec.idempotent ? headerValue(req, "idempotency-key") : undefined;
        let result: unknown;
        if (key !== undefined) {
          const validKey = parseInput(idempotencyKey, key, "Idempotency-Key header");
          const recordKey = idempotencyRecordKey(spec.operationId, admin?.username ?? "public", validKey);
          const answer = await idempotentTransaction(deps, recordKey, req.body, async (txDeps) => {
            const body = (await spec.handler({ ...context, deps: txDeps } as never)) ?? { ok: true };
            return { status: reply.statusCode === 200 ? (spec.successStatus ?? 200) : reply.statusCode, body };
          });
          if (answer.replayed) reply.header("idempotent-replayed", "true");
          reply.code(answer.status);
          result = answer.body;
        } else {
          result = await spec.handler(context as never);
          if (result instanceof CachedRead) return sendCachedRead(deps, reply, result, repeatable);
        }
        if (admin && spec.method !== "GET") {
          req.log.info({ admin: admin.username, action: `${spec.method} ${spec.url}` }, "admin change");
        }
        // The handler sent the answer itself, or the client left while it was being sent (a search
        // typed over an earlier one aborts it): a second send would write the headers twice and throw.
        if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
        if (reply.statusCode === 200) reply.code(spec.successStatus ?? 200);
        if (inMoneyForm && moneyForm.answer && result !== undefined) return moneyForm.answer(result, versionOf(req));
        return result ?? { ok: true };
      },
    };
    if (!upload) {
      app.route(options);
      continue;
    }
    // its own scope, so the raw-body parser and the larger limit apply to this route alone
    app.register(async (scope) => {
      scope.addContentTypeParser(
        [...upload.types],
        { parseAs: "buffer", bodyLimit: upload.maxBytes },
        (_req, body, done) => done(null, body),
      );
      scope.route(options);
    });
  }
}

/** The raw file of an upload route: 415 for a body of another type (JSON, a form), 400 for an empty one. */
function uploadedFile(req: FastifyRequest, upload: UploadSpec): UploadedFile {
  const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!upload.types.includes(contentType) || !Buffer.isBuffer(req.body)) {
    throw new AppError(415, `Unsupported file type: send ${upload.types.join(", ")} as the request's body`);
  }
  if (req.body.length === 0) throw badRequest("The file is empty", [{ path: ["body"], message: "is empty" }]);
  return { contentType, bytes: req.body };
}
