// Public reads whose answer is already in the read cache go out before routing: the same bytes and
// headers Fastify sent for that address, written straight to the response. A hot read then costs about
// what a bare server costs (issue 13: at least half a bare Fastify's rate); everything else, and any
// read the cache cannot vouch for right now, goes through Fastify as before.
//
// What makes an address eligible: a GET route open to the public without a rate limit (http/route.ts), or
// a public tRPC query over GET (trpc/queries-over-get.ts), that answered 200 from a cached read
// (`cachedRead()`). Its entry names the read-cache key, so a change to the data (which drops the key in
// every process) sends the next request through Fastify again. REST repeats the entry's JSON, tRPC the
// same bytes in its result envelope: one entry answers both transports.
//
// On the back office, a tRPC query whose answer was one shared value of the read cache (`value`,
// `recent`) is repeated to the same session only, for the same address, while that value is still the
// one it answered and the session is one this process remembers as signed in and fresh (the check its
// session store makes before any request is let through: modules/access/session-store.ts). Anything
// else (another session, an API key, a session to be read again, a changed value) goes through Fastify.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Database } from "@ch/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  COMPRESS_MIN_BYTES,
  type Encoding,
  keepCompressedForms,
  pickEncoding,
  readyCompressedBody,
} from "../lib/compressed-forms";
import { type KeptRead, readCache } from "../lib/read-cache";
import { API_VERSION } from "./api-version";
import { encodedEtag, etagOf, tagListNames } from "./etag";

/** How an answer carries the entry's JSON: as it is (REST), or in tRPC's result envelope, plain or batched. */
export type AnswerForm = "json" | "trpc" | "trpc-batch";

/** Where a repeated answer's body comes from: a kept JSON entry, or one session's answer of a shared value. */
type AnswerSource = { kind: "entry"; key: string } | { kind: "value"; read: KeptRead; value: unknown; body: Buffer };

interface CachedAnswer {
  source: AnswerSource;
  form: AnswerForm;
  headers: OutgoingHttpHeaders;
  /** The cached body the prepared answers below were made for (a change brings a new one). */
  body?: Buffer;
  /** Body and complete headers per encoding, made once per body: nothing is built per request. */
  prepared: Partial<Record<Encoding | "identity", { body: Buffer; headers: OutgoingHttpHeaders; etag: string }>>;
}

const MAX_ADDRESSES = 500;
// headers Node writes itself, or that depend on the body sent
const PER_ANSWER = new Set([
  "request-id",
  "api-version",
  "etag",
  "content-length",
  "content-encoding",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "set-cookie",
]);

const eligible = new WeakMap<FastifyRequest, AnswerForm>();
const answeredFrom = new WeakMap<FastifyRequest, AnswerSource>();

/** Called by the route layer before a public, unlimited GET handler runs (and for public tRPC queries). */
export function allowCachedAnswer(req: FastifyRequest, form: AnswerForm = "json"): void {
  eligible.set(req, form);
}

/** Called when a cached read answers: this request's answer is the read cache's entry `key`. */
export function noteCachedAnswer(req: FastifyRequest, key: string): void {
  if (eligible.has(req)) answeredFrom.set(req, { kind: "entry", key });
}

/**
 * Called by a back-office tRPC query that answered `body`, the encoding of `value`, the shared value of
 * `read` (trpc/queries-over-get.ts): the same session may get the same bytes while `read` still answers it.
 */
export function noteSessionAnswer(
  req: FastifyRequest,
  form: AnswerForm,
  read: KeptRead,
  value: unknown,
  body: Buffer,
): void {
  eligible.set(req, form);
  answeredFrom.set(req, { kind: "value", read, value, body });
}

/**
 * The back office's: the row id of the signed-in session a request's cookie names, when this process
 * remembers it and may let it through without reading it again; undefined otherwise.
 */
export type SessionOfRequest = (req: IncomingMessage) => string | undefined;

const envelopes = { trpc: new WeakMap<Buffer, Buffer>(), "trpc-batch": new WeakMap<Buffer, Buffer>() };
const ENVELOPE = {
  trpc: [Buffer.from('{"result":{"data":'), Buffer.from("}}")],
  "trpc-batch": [Buffer.from('[{"result":{"data":'), Buffer.from("}}]")],
} as const;

/** An entry's JSON as the answer carries it; tRPC's envelope is made once per entry, compressed forms too. */
export function answerBody(json: Buffer, form: AnswerForm): Buffer {
  if (form === "json") return json;
  let body = envelopes[form].get(json);
  if (!body) {
    const [before, after] = ENVELOPE[form];
    body = keepCompressedForms(Buffer.concat([before, json, after]));
    envelopes[form].set(json, body);
  }
  return body;
}

export function installCachedAnswers(
  app: FastifyInstance,
  db: Database,
  lifecycle: { draining: boolean },
  sessionOf?: SessionOfRequest,
): void {
  const cache = readCache(db);
  // the back office's answers belong to one session: its row id is part of the address's key
  const keyOf = (req: IncomingMessage, url: string): string | undefined => {
    if (!sessionOf) return url;
    if (req.headers.authorization !== undefined) return undefined; // an API key: its limits, its checks
    const session = sessionOf(req);
    return session === undefined ? undefined : `${session} ${url}`;
  };
  const bodyNow = (answer: CachedAnswer): Buffer | undefined => {
    const { source } = answer;
    if (source.kind === "value") {
      const current = cache.peekRead(source.read);
      return current && current.value === source.value ? source.body : undefined;
    }
    const json = cache.peekJson(source.key);
    return json ? answerBody(json, answer.form) : undefined;
  };
  const byUrl = new Map<string, CachedAnswer>();
  const encodings = new Map<string, Encoding | null>();

  const encodingFor = (header: string | undefined): Encoding | null => {
    if (!header) return null;
    let encoding = encodings.get(header);
    if (encoding === undefined) {
      encoding = pickEncoding(header);
      if (encodings.size >= 64) encodings.clear();
      encodings.set(header, encoding);
    }
    return encoding;
  };

  app.addHook("onResponse", (req, reply, done) => {
    const source = answeredFrom.get(req);
    const key = source === undefined ? undefined : keyOf(req.raw, req.raw.url ?? req.url);
    if (source !== undefined && key !== undefined && reply.statusCode === 200 && !lifecycle.draining) {
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (!PER_ANSWER.has(name) && value !== undefined) headers[name] = value;
      }
      if (byUrl.size >= MAX_ADDRESSES) byUrl.clear();
      byUrl.set(key, { source, form: eligible.get(req) ?? "json", headers, prepared: {} });
    }
    done();
  });

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" || lifecycle.draining || req.url === undefined) return false;
    // a pinned version is checked by Fastify's hooks (api-version.ts)
    if (req.headers["api-version"] !== undefined) return false;
    const key = byUrl.size === 0 ? undefined : keyOf(req, req.url);
    const answer = key === undefined ? undefined : byUrl.get(key);
    if (!answer) return false;
    const body = bodyNow(answer);
    if (!body) return false;
    if (answer.body !== body) {
      answer.body = body;
      answer.prepared = {};
    }
    const encoding = body.length >= COMPRESS_MIN_BYTES ? encodingFor(req.headers["accept-encoding"]) : null;
    let prepared = answer.prepared[encoding ?? "identity"];
    if (!prepared) {
      const sent = encoding ? readyCompressedBody(body, encoding) : body;
      if (!sent) return false; // not made yet: Fastify's answer makes it
      const etag = encoding ? encodedEtag(etagOf(body), encoding) : etagOf(body);
      const headers = encoding
        ? {
            ...answer.headers,
            etag,
            "api-version": API_VERSION,
            "content-encoding": encoding,
            "content-length": sent.length,
          }
        : { ...answer.headers, etag, "api-version": API_VERSION, "content-length": sent.length };
      prepared = { body: sent, headers, etag };
      answer.prepared[encoding ?? "identity"] = prepared;
    }
    // every answer has its own id (app.ts), this one too, though no route saw it
    res.setHeader("request-id", randomUUID());
    if (tagListNames(req.headers["if-none-match"], prepared.etag)) {
      const { "content-length": _length, "content-encoding": _encoding, ...headers } = prepared.headers;
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, prepared.headers);
    res.end(prepared.body);
    return true;
  };

  // in front of Fastify's own handler on the same server (its timeouts, limits and error handling stay)
  const server = app.server;
  const handlers = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (handlers.length !== 1) throw new Error("installCachedAnswers: expected Fastify's one request handler");
  const [fastify] = handlers as [(req: IncomingMessage, res: ServerResponse) => void];
  server.removeListener("request", fastify);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!serve(req, res)) fastify(req, res);
  });
}
