// One error shape for every REST answer: { message, issues, ...extra }, with the right status.
// 5xx bodies never carry internal text; the log has the detail and the request id.
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../lib/errors";

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
    if (answer.status >= 500) req.log.error({ err: error, reqId: req.id }, "request failed");
    else if ([401, 403, 429].includes(answer.status))
      req.log.warn({ status: answer.status, url: req.url }, "request denied");
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  app.setNotFoundHandler((req, reply) => {
    return reply.code(404).send({ message: `No route for ${req.method} ${req.url.split("?")[0]}`, issues: [] });
  });
}
