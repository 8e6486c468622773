// tRPC procedures made from declared operations (http/route.ts `route()`): one declaration gives the REST
// route, its OpenAPI entry and, through `proceduresOf`, the back office's procedure, with the same
// schemas, handler and access (a procedure names its route in its meta; the app's AdminAuthority checks
// that route's roles).
// The procedure's input is the route's path parameters, query and body in one object (`bodyAs` puts the
// body under one key instead: { id, patch }), or the one part's own schema when the route has only one;
// an input that may be empty may be left out.

import type { SessionAdmin } from "@ch/contracts/staff-roles";
import type { TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";
import { z } from "zod";
import { noteCachedAnswer } from "../http/cached-answers";
import type { HandlerContext, Operation } from "../http/route";
import { CachedRead, readCache } from "../lib/read-cache";
import { adminProcedure, type ProcedureMeta, publicProcedure, rateLimited, type TrpcContext } from "./trpc";

type Shape<S> = S extends z.ZodType ? z.input<S> : unknown;
type ObjectInput<S> = S extends z.ZodType ? z.input<S> : object;

type OperationTypes<O> =
  O extends Operation<infer B, infer Q, infer P, infer R> ? { body: B; query: Q; params: P; response: R } : never;

/** The procedure's input: parameters and query, then the body merged in or under `K`; none without any. */
type InputOf<O, K extends string | undefined> = [
  OperationTypes<O>["params"],
  OperationTypes<O>["query"],
  OperationTypes<O>["body"],
] extends [undefined, undefined, undefined]
  ? // biome-ignore lint/suspicious/noConfusingVoidType: tRPC's "no input", which callers may leave out
    void
  : object extends InputParts<O, K>
    ? InputParts<O, K> | undefined
    : InputParts<O, K>;

type InputParts<O, K extends string | undefined> = ObjectInput<OperationTypes<O>["params"]> &
  ObjectInput<OperationTypes<O>["query"]> &
  (K extends string
    ? OperationTypes<O>["body"] extends z.ZodType
      ? { [key in K]: Shape<OperationTypes<O>["body"]> }
      : object
    : ObjectInput<OperationTypes<O>["body"]>);

type OutputOf<O> = z.input<OperationTypes<O>["response"]>;

export interface ProcedureLayout {
  /** The body under this key of the input, not merged into it. */
  bodyAs?: string;
}

function shapeOf(schema: z.ZodType | undefined, where: string, operationId: string): z.ZodRawShape {
  if (schema === undefined) return {};
  if (schema instanceof z.ZodObject) return schema.shape;
  throw new Error(`${operationId}: its ${where} is not an object; give it a key with bodyAs`);
}

/** How a procedure's one input is checked and split into the route's path parameters, query and body. */
export interface Split {
  inputSchema: z.ZodType;
  split: (input: Record<string, unknown>) => { params: unknown; query: unknown; body: unknown };
}

export function splitter(op: Operation, layout: ProcedureLayout = {}): Split {
  const only = [op.params, op.query, op.body].filter(Boolean);
  if (only.length === 1 && !layout.bodyAs) {
    // one part: its own schema, whole-object checks (refine) and all
    const schema = only[0]!;
    return {
      inputSchema: schema,
      split: (input) => ({
        params: op.params ? input : undefined,
        query: op.query ? input : {},
        body: op.body ? input : undefined,
      }),
    };
  }
  const parts = {
    params: shapeOf(op.params, "path parameters", op.operationId),
    query: shapeOf(op.query, "query", op.operationId),
    body: layout.bodyAs ? { [layout.bodyAs]: op.body ?? z.strictObject({}) } : shapeOf(op.body, "body", op.operationId),
  };
  const seen = new Set<string>();
  for (const key of Object.values(parts).flatMap(Object.keys)) {
    if (seen.has(key)) throw new Error(`${op.operationId}: "${key}" is both a parameter and a field; use bodyAs`);
    seen.add(key);
  }
  const pick = (input: Record<string, unknown>, shape: z.ZodRawShape) =>
    Object.fromEntries(Object.keys(shape).flatMap((key) => (key in input ? [[key, input[key]]] : [])));
  return {
    inputSchema: z.strictObject({ ...parts.params, ...parts.query, ...parts.body }),
    split: (input) => ({
      params: op.params ? pick(input, parts.params) : undefined,
      query: op.query ? pick(input, parts.query) : {},
      body: layout.bodyAs ? input[layout.bodyAs] : op.body ? pick(input, parts.body) : undefined,
    }),
  };
}

function baseOf(op: Operation) {
  if (op.access === "admin") return adminProcedure.meta({ rest: { method: op.method, url: op.url } });
  if (op.access === "public") return op.rateLimit ? rateLimited(op.rateLimit) : publicProcedure;
  throw new Error(`${op.operationId}: sign-in paths (adminAuth) have no procedure made from them`);
}

function resolverOf(op: Operation, { split }: Split, whenLeftOut: unknown) {
  return async ({ ctx, input }: { ctx: TrpcContext & { admin?: SessionAdmin }; input: unknown }) => {
    const parts = split((input ?? whenLeftOut) as Record<string, unknown>);
    const context: HandlerContext<unknown, unknown, unknown> = {
      deps: ctx.deps,
      ...parts,
      req: ctx.req,
      reply: ctx.reply,
      admin: ctx.admin ?? null,
      ip: ctx.req.ip,
      rateLimit: undefined,
      file: undefined,
    };
    const result = await op.handler(context as never);
    // a cached read answers the value of the same entry REST sends (and may be repeated before routing
    // from it, on the public surface: http/cached-answers.ts)
    if (result instanceof CachedRead) {
      if (!result.options.chosen && op.access === "public" && !op.rateLimit) noteCachedAnswer(ctx.req, result.key);
      return readCache(ctx.deps.db).valueOf(result);
    }
    return (result ?? { ok: true }) as unknown;
  };
}

/** The procedure of one operation: a query for a GET, a mutation otherwise. */
function procedureOf(op: Operation, layout: ProcedureLayout) {
  // an Idempotency-Key is a REST header: a procedure made from an idempotent route runs it without one
  if ((op.produces && op.produces !== "application/json") || op.upload || op.rateLimitInHandler) {
    throw new Error(`${op.operationId}: files, CSV answers and in-handler rate limits are REST's only`);
  }
  const parts = splitter(op, layout);
  // an input that may be empty may be left out: it is then the empty one, parsed (defaults filled in)
  const empty = parts.inputSchema.safeParse({});
  const resolve = resolverOf(op, parts, empty.success ? empty.data : {});
  const base = baseOf(op) as typeof publicProcedure;
  const withoutInput = !op.params && !op.query && !op.body;
  const procedure = withoutInput ? base : base.input(empty.success ? parts.inputSchema.optional() : parts.inputSchema);
  return op.method === "GET" ? procedure.query(resolve) : procedure.mutation(resolve);
}

type DefOf<O, K extends string | undefined> = { input: InputOf<O, K>; output: OutputOf<O>; meta: ProcedureMeta };
type Layouts<Ops> = { [name in keyof Ops]?: ProcedureLayout };
type BodyKeyOf<L, name> = name extends keyof L
  ? L[name] extends { bodyAs: infer K extends string }
    ? K
    : undefined
  : undefined;

type ProceduresOf<Ops extends Record<string, Operation>, L> = {
  [name in keyof Ops]: Ops[name]["method"] extends "GET"
    ? TRPCQueryProcedure<DefOf<Ops[name], BodyKeyOf<L, name>>>
    : TRPCMutationProcedure<DefOf<Ops[name], BodyKeyOf<L, name>>>;
};

/**
 * The procedures of a module's declared operations, named by their keys: `router(proceduresOf(ops))`.
 * A GET becomes a query, any other method a mutation.
 */
export function proceduresOf<
  const Ops extends Record<string, Operation>,
  const L extends Layouts<Ops> = Record<never, never>,
>(operations: Ops, layouts?: L): ProceduresOf<Ops, L> {
  return Object.fromEntries(
    Object.entries(operations).map(([name, op]) => [name, procedureOf(op, layouts?.[name] ?? {})]),
  ) as unknown as ProceduresOf<Ops, L>;
}
