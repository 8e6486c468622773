// Every REST error is an RFC 9457 problem: `application/problem+json` with type, title, status, detail and
// instance, a stable `code` a client can branch on, the field `issues`, and `message` (the same text as
// `detail`) kept for the spec's clients, which read `{ message, issues }`.
import { STATUS_CODES } from "node:http";
import type { FastifyReply } from "fastify";

export const PROBLEM_JSON = "application/problem+json; charset=utf-8";

/** Where each problem type is explained: the errors guide of the API docs, one anchor per code. */
export const PROBLEM_TYPE_BASE = "/api/docs#error-";

/** The code of an error that names none of its own: one per status. */
export const CODE_BY_STATUS: Record<number, string> = {
  400: "invalid_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  408: "request_timeout",
  409: "conflict",
  410: "gone",
  412: "precondition_failed",
  413: "payload_too_large",
  414: "uri_too_long",
  415: "unsupported_media_type",
  422: "unprocessable",
  428: "precondition_required",
  429: "rate_limited",
  431: "headers_too_large",
  500: "internal_error",
  503: "unavailable",
};

/** The codes a few errors carry instead of their status's (`extra.code`), for the guide. */
export const NAMED_CODES: Record<string, string> = {
  two_factor_enrolment_required: "403: the owner requires two-factor sign-in and this account has not set it up",
  channel_not_configured: "409: the notification's channel (e-mail or Telegram) is not configured",
};

export interface ProblemInput {
  message: string;
  issues?: { path: (string | number)[]; message: string }[];
  [extension: string]: unknown;
}

export type Problem = ProblemInput & {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  code: string;
  issues: { path: (string | number)[]; message: string }[];
};

/**
 * The problem document for an error answer of `status` to a request for `instance` (its path; none when
 * the request could not be read).
 */
export function problemOf(status: number, body: ProblemInput, instance?: string): Problem {
  const { message, issues = [], ...extensions } = body;
  const code = typeof extensions.code === "string" ? extensions.code : (CODE_BY_STATUS[status] ?? `http_${status}`);
  return {
    ...extensions,
    type: `${PROBLEM_TYPE_BASE}${code}`,
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail: message,
    ...(instance === undefined ? {} : { instance }),
    code,
    message,
    issues,
  };
}

/** The path of a request, the problem's `instance` (the query may carry what is not ours to echo). */
export const instanceOf = (url: string | undefined): string => (url ?? "/").split("?")[0] || "/";

/** Answers `status` with a problem document for this request. */
export function sendProblem(
  reply: FastifyReply,
  status: number,
  body: ProblemInput,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply
    .code(status)
    .headers(headers)
    .type(PROBLEM_JSON)
    .send(problemOf(status, body, instanceOf(reply.request.url)));
}
