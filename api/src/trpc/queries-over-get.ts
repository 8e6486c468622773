/**
 * tRPC's queries over GET: every query procedure of a router is a plain Fastify route that calls the
 * procedure directly, with tRPC's own wire format (plain and `?batch=1`), error shapes and status codes.
 * tRPC's HTTP adapter turns every request into a Fetch API Request and Response, which costs several
 * times the procedure itself; this skips that and nothing else: the procedure runs with the same
 * context, middlewares (session check, error mapping), input parsing and output. Mutations and batches
 * of several procedures (`a,b?batch=1`) go to the adapter.
 * On the public surface a query is a read like a REST GET: a procedure answering a cached read
 * (trpc/operations.ts) notes its read-cache entry, and http/cached-answers.ts repeats the answer before
 * routing, from that one entry, as it does for the REST path of the same operation. On the back office a
 * query that answered exactly one shared value of the read cache, unchanged, may be repeated the same way
 * to the same session while that value stands.
 * See docs/decisions/0003-read-cache-and-order-path.md.
 */
import {
  type AnyTRPCRouter,
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
} from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { allowCachedAnswer, answerBody, noteSessionAnswer } from "../http/cached-answers";
import { keepCompressedForms } from "../lib/compressed-forms";
import { keptJsonOf, readCache } from "../lib/read-cache";

export interface QueryRouteOptions<TContext> {
  prefix: string;
  router: AnyTRPCRouter;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => TContext;
  /**
   * Which answers may be repeated before routing: the public surface's cached reads, to anyone; the back
   * office's answers of one shared value, to the session that asked (http/cached-answers.ts).
   */
  repeat: "public" | "per-session";
  /** The read cache's database, whose values a per-session answer is checked against. */
  db: Parameters<typeof readCache>[0];
}

/** The paths ("catalog.list") of a router's query procedures. */
export function queryPaths(router: AnyTRPCRouter): string[] {
  const procedures = router._def.procedures as Record<string, { _def: { type: string } }>;
  return Object.entries(procedures)
    .filter(([, procedure]) => procedure._def.type === "query")
    .map(([path]) => path);
}

const JSON_TYPE = "application/json";
/** A Buffer, so that Fastify sends the content type as tRPC does (without "; charset=utf-8"). */
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/**
 * Answers encoded per result object: procedures that read through the read cache return the same object
 * until the data changes (and must never change it), so its JSON is encoded once, not per request.
 */
const encodedPlain = new WeakMap<object, Buffer>();
const encodedBatch = new WeakMap<object, Buffer>();

function encodeResult(data: unknown, batch: boolean): Buffer {
  // a cached read's value: the entry's own JSON in the envelope, the bytes a repeated answer sends too
  const kept = keptJsonOf(data);
  if (kept) return answerBody(kept, batch ? "trpc-batch" : "trpc");
  const body = { result: { data } };
  if (data === null || typeof data !== "object") return json(batch ? [body] : body);
  const memo = batch ? encodedBatch : encodedPlain;
  let bytes = memo.get(data);
  if (!bytes) {
    bytes = keepCompressedForms(json(batch ? [body] : body)); // compressed once too (http/compression.ts)
    memo.set(data, bytes);
  }
  return bytes;
}

function rawInput(query: Record<string, string | undefined>, batch: boolean): unknown {
  const text = query.input;
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new TRPCError({ code: "BAD_REQUEST", cause: cause as Error });
  }
  if (!batch) return parsed;
  if (parsed === null || typeof parsed !== "object") {
    throw new TRPCError({ code: "BAD_REQUEST", message: '"input" needs to be an object when doing a batch call' });
  }
  return (parsed as Record<string, unknown>)["0"];
}

export function registerTrpcQueries<TContext>(app: FastifyInstance, options: QueryRouteOptions<TContext>): void {
  const { router, prefix, createContext } = options;
  for (const path of queryPaths(router)) {
    app.get(`${prefix}/${path}`, async (req, reply) => {
      const query = (req.query ?? {}) as Record<string, string | undefined>;
      const batch = query.batch === "1";
      const form = batch ? "trpc-batch" : "trpc";
      if (options.repeat === "public") allowCachedAnswer(req, form);
      let ctx: TContext | undefined;
      let input: unknown;
      reply.header("vary", "trpc-accept");
      try {
        input = rawInput(query, batch);
        ctx = createContext({ req, res: reply });
        const data = await callTRPCProcedure({
          router,
          path,
          getRawInput: async () => input,
          ctx,
          type: "query",
          signal: undefined,
          batchIndex: 0,
        });
        const body = encodeResult(data, batch);
        // exactly a shared value of the read cache: the same session may have these bytes while it stands
        const read = options.repeat === "per-session" ? readCache(options.db).readOf(data) : undefined;
        if (read) noteSessionAnswer(req, form, read, data, body);
        return reply.header("content-type", JSON_TYPE).send(body);
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        const shape = getTRPCErrorShape({ config: router._def._config, error, type: "query", path, input, ctx });
        const body = { error: shape };
        return reply
          .code(getHTTPStatusCodeFromError(error))
          .header("content-type", JSON_TYPE)
          .send(json(batch ? [body] : body));
      }
    });
  }
}
