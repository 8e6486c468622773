// One error shape for every REST answer: { message, issues, ...extra }, with the right status, sent as an
// RFC 9457 problem (problem.ts).
// 5xx bodies never carry internal text; the log has the detail and the request id.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Env } from "../env";
import { type Clock, systemClock } from "../lib/clock";
import { AppError } from "../lib/errors";
import type { NoRouteAnswer } from "./no-route";
import { type ProblemInput, sendProblem } from "./problem";

const DB_UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P02",
  "57P03",
  "57014",
  // transient contention: a lock not obtained within lock_timeout, a serialization failure, a deadlock
  "55P03",
  "40001",
  "40P01",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

/** True when the error (or one it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && DB_UNAVAILABLE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { message: error.message, issues: error.issues, ...error.extra },
      headers: error.headers,
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { message: "Service temporarily unavailable, please retry shortly", issues: [] },
      headers: { "retry-after": "5" },
    };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const messages: Record<string, string> = {
      FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type: send application/json",
      FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
      FST_ERR_CTP_EMPTY_JSON_BODY: "Request body is empty: send a JSON object",
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Invalid content length",
    };
    const message =
      messages[fastifyError.code] ??
      (fastifyError instanceof SyntaxError || /JSON/i.test(fastifyError.message)
        ? "Malformed JSON body"
        : status === 400
          ? "Bad request"
          : fastifyError.message);
    return { status, body: { message, issues: [] }, headers: {} };
  }
  return { status: 500, body: { message: "Internal server error", issues: [] }, headers: {} };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, req, reply) => {
    const answer = toErrorAnswer(error);
    if (answer.status >= 500 && answer.status !== 503) req.log.error({ err: error, reqId: req.id }, "request failed");
    else if (answer.status === 503) req.log.warn({ err: error, reqId: req.id }, "database unavailable");
    return sendProblem(reply, answer.status, answer.body as ProblemInput, answer.headers);
  });
}

const DENIALS = new Set([401, 403, 429]);
const STARTED = Symbol("request log start");

export interface RequestLogOptions {
  env: Pick<Env, "REQUEST_LOG" | "SLOW_REQUEST_MS">;
  clock: Clock;
}

/**
 * The request log (instead of Fastify's, which would log query strings such as an admin's search for
 * a customer's e-mail): method, path without the query, status and time, with the request id from the
 * child logger. By default only what an operator needs: every 4xx/5xx answer (401/403/429 as
 * warnings, "request denied", so refused access is easy to find) and every answer slower
 * than SLOW_REQUEST_MS ("slow request"); a fast 2xx/3xx is not logged, because a synchronous line per
 * answer costs more than the answer itself on the hot reads. REQUEST_LOG=all logs every answer.
 * Time comes from the injected clock, so tests can make a request slow without waiting.
 */
export function installRequestLogging(app: FastifyInstance, options: RequestLogOptions): void {
  const { clock } = options;
  const all = options.env.REQUEST_LOG === "all";
  const slowMs = options.env.SLOW_REQUEST_MS;
  // On the system clock Fastify's own timing is used (no hook per request); an injected clock (tests)
  // is read when the request starts and ends.
  const elapsed: (req: FastifyRequest, reply: FastifyReply) => number =
    clock === systemClock
      ? (_req, reply) => Math.round(reply.elapsedTime)
      : (req) => clock.now().getTime() - (req as unknown as Record<symbol, number>)[STARTED]!;
  if (clock !== systemClock) {
    app.decorateRequest(STARTED, 0);
    app.addHook("onRequest", (req, _reply, done) => {
      (req as unknown as Record<symbol, number>)[STARTED] = clock.now().getTime();
      done();
    });
  }
  app.addHook("onResponse", (req, reply, done) => {
    const status = reply.statusCode;
    const ms = elapsed(req, reply);
    const slow = ms >= slowMs;
    if (status >= 400 || slow || all) {
      const entry = { method: req.method, path: req.url.split("?")[0], status, ip: req.ip, ms };
      // (a 5xx also has its "request failed" error line, with the error, from the error handler)
      if (DENIALS.has(status)) req.log.warn(entry, "request denied");
      else if (slow) req.log.warn(entry, "slow request");
      else req.log.info(entry, "request completed");
    }
    done();
  });
}

/** JSON 404 (or 405) for an app that serves no SPA (the SPA module installs its own not-found handler). */
export function installJsonNotFound(app: FastifyInstance, noRoute: NoRouteAnswer): void {
  app.setNotFoundHandler(noRoute);
}
