/**
 * A fast lane for the tRPC queries the apps call most, answered by a plain Fastify route that calls
 * the procedure directly, with tRPC's own wire format (plain and `?batch=1`), error shapes and
 * status codes. tRPC's HTTP adapter turns every request into a Fetch API Request and Response,
 * which costs several times the procedure itself; this skips that and nothing else: the procedure
 * runs with the same context, middlewares (session check, error mapping), input parsing and output.
 * Batches of several procedures (`a,b?batch=1`) and everything else still go to the adapter.
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
import { keepCompressedForms } from "./compressed-forms";

export interface FastQueryOptions<TContext> {
  prefix: string;
  router: AnyTRPCRouter;
  /** Query procedure paths ("catalog.list") to answer here. */
  paths: readonly string[];
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => TContext;
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

export function registerFastTrpcQueries<TContext>(app: FastifyInstance, options: FastQueryOptions<TContext>): void {
  const { router, prefix, createContext } = options;
  for (const path of options.paths) {
    app.get(`${prefix}/${path}`, async (req, reply) => {
      const query = (req.query ?? {}) as Record<string, string | undefined>;
      const batch = query.batch === "1";
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
        return reply.header("content-type", JSON_TYPE).send(encodeResult(data, batch));
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

/** The storefront's public queries and the back office's list screens. */
export const PUBLIC_FAST_QUERIES = [
  "catalog.list",
  "catalog.featured",
  "catalog.byId",
  "content.gallery",
  "content.posts",
];
export const ADMIN_FAST_QUERIES = [
  "admin.me",
  "admin.stats",
  "catalog.list",
  "content.gallery",
  "content.posts",
  "orders.list",
  "leads.list",
];
