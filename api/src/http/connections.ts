// The connection's edge, before any route runs: time limits for slow clients, a cap on the connections
// one address may hold, and the answers Node and Fastify give on their own (an unparsable address, a
// path parameter past its length, an oversized header block, a request that arrived too slowly),
// which get the same security headers and { message, issues } body as every other answer.
import type { IncomingMessage, Server, ServerOptions } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import type { Env } from "../env";
import { addressKey } from "../lib/client-address";
import { instanceOf, PROBLEM_JSON, problemOf } from "./problem";
import { securityHeaders } from "./security";

type Surface = "storefront" | "backoffice";

/**
 * Node's limits for one request: its headers within HEADERS_TIMEOUT_MS, all of it within
 * REQUEST_TIMEOUT_MS. Node looks for late requests every `connectionsCheckingInterval` (30 s by
 * default, which let a client that sends a byte a second hold a socket for 60 to 90 s); here at least
 * four times per header limit, and at most once per second.
 */
export function serverTimeouts(env: Env): Pick<FastifyServerOptions, "requestTimeout" | "keepAliveTimeout"> & {
  http: ServerOptions;
} {
  const requestTimeout = Math.max(env.REQUEST_TIMEOUT_MS, env.HEADERS_TIMEOUT_MS);
  return {
    requestTimeout,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS ?? (env.TRUST_PROXY ? 72_000 : 10_000),
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      requestTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(env.HEADERS_TIMEOUT_MS / 4))),
    },
  };
}

/** Connections one address may hold open; behind a proxy (TRUST_PROXY) none by default. */
export function connectionCap(env: Env): number {
  return env.MAX_CONNECTIONS_PER_ADDRESS ?? (env.TRUST_PROXY ? 0 : 256);
}

/**
 * Counts the open connections of each remote address and closes at once any past `cap` (0: no cap),
 * so that one client cannot hold thousands of sockets. A refusal is logged at most once a minute.
 */
export function capConnectionsPerAddress(server: Server, cap: number, log: FastifyBaseLogger): void {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  let refused = 0;
  let lastLogAt = Number.NEGATIVE_INFINITY;
  server.on("connection", (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? "unknown");
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      refused++;
      if (Date.now() - lastLogAt >= 60_000) {
        log.warn({ ip: address, cap, refused }, "connections past the per-address cap closed");
        lastLogAt = Date.now();
        refused = 0;
      }
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

const messages: Record<number, string> = {
  400: "Bad request",
  408: "The request took too long to arrive",
  413: "Request is too large",
  414: "The address is too long",
  431: "Request headers are too large",
  500: "Internal server error",
};

function errorBody(status: number, url: string | undefined): string {
  return JSON.stringify(
    problemOf(
      status,
      { message: messages[status] ?? STATUS_CODES[status] ?? "Bad request" },
      url === undefined ? undefined : instanceOf(url),
    ),
  );
}

/** Fastify's refusals before routing (FST_ERR_BAD_URL 400, FST_ERR_MAX_PARAM_LENGTH 414), in our shape. */
export function frameworkErrorHandler(env: Env, surface: Surface) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const code = error.statusCode;
    const status = typeof code === "number" && code >= 400 && code < 600 ? code : 500;
    // the raw URL: Fastify could not make a route's request of it
    const url = (req.raw as IncomingMessage).url ?? "/";
    void reply
      .code(status)
      .headers(securityHeaders(env, surface, url))
      .type(PROBLEM_JSON)
      .send(errorBody(status, url));
  };
}

/**
 * Node's own refusals, written straight to the socket (no request exists yet): a header block past
 * its limit (431), a request too slow to arrive (408), anything the parser cannot read (400).
 */
export function clientErrorHandler(env: Env, surface: Surface) {
  const headers = Object.entries({ ...securityHeaders(env, surface, "/"), "cache-control": "no-store" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    // like Node's own handler: no answer on a socket whose current answer has begun
    const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !current?.headersSent) {
      const body = errorBody(status, undefined);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-type: ${PROBLEM_JSON}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
