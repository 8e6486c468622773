/**
 * tRPC setup.
 * 1. The context carries the service dependencies, the request and the reply (for cookies).
 * 2. Errors thrown by services (AppError) become tRPC errors with the same status and issues;
 *    anything unexpected becomes a generic INTERNAL_SERVER_ERROR (logged, never shown).
 * 3. Procedure tiers: publicProcedure, rateLimited(name) for public writes, adminProcedure (asked of the
 *    app's AdminAuthority, http/admin-authority.ts: a session whose role may call this procedure or the
 *    route it was made from, modules/access/access-policy.ts, default deny, 403 otherwise, and 403
 *    with `code: "two_factor_enrolment_required"` while it must set up two-factor first; an API key is
 *    refused here with 401, it works on the /api/admin/* REST paths only).
 */
import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import type { FastifyReply, FastifyRequest } from "fastify";
import type {} from "../http/admin-authority";
import { toErrorAnswer } from "../http/errors";
import type { Deps } from "../lib/deps";
import { hitPublicLimit, type PUBLIC_WRITE_RULES } from "../lib/rate-limit";

export interface TrpcContext {
  deps: Deps;
  req: FastifyRequest;
  reply: FastifyReply;
}

const codeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/**
 * A procedure made from a declared operation (trpc/operations.ts) names its REST route: the roles that may
 * call it are those of its path (modules/access/access-policy.ts), one rule for both transports.
 */
export interface ProcedureMeta {
  rest?: { method: string; url: string };
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const answer = (error.cause as { answer?: ReturnType<typeof toErrorAnswer> } | undefined)?.answer;
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      return {
        ...shape,
        message: internal ? "Internal server error" : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues: answer?.body.issues ?? [],
          extra: answer
            ? Object.fromEntries(Object.entries(answer.body).filter(([k]) => k !== "message" && k !== "issues"))
            : {},
        },
      };
    },
  });

class MappedError extends Error {
  constructor(readonly answer: ReturnType<typeof toErrorAnswer>) {
    super(String(answer.body.message));
  }
}

const mapErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const original = result.error.cause ?? result.error;
    if (original instanceof TRPCError) return result;
    if (result.error.code === "BAD_REQUEST" && !(original instanceof Error && "status" in original)) {
      // input validation failure from tRPC/zod: keep it as a 400 with the zod issues
      const zodIssues = (original as { issues?: { path: (string | number)[]; message: string }[] }).issues;
      if (zodIssues) {
        const answer = {
          status: 400,
          body: { message: "Invalid input", issues: zodIssues.map((i) => ({ path: i.path, message: i.message })) },
          headers: {},
        };
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: `Invalid input: ${zodIssues[0]?.path.join(".") ?? ""} ${zodIssues[0]?.message ?? ""}`.trim(),
          cause: new MappedError(answer),
        });
      }
      return result;
    }
    const answer = toErrorAnswer(original);
    if (answer.status >= 500 && answer.status !== 503)
      ctx.req.log.error({ err: original, reqId: ctx.req.id }, "procedure failed");
    else if (answer.status === 503) ctx.req.log.warn({ err: original, reqId: ctx.req.id }, "database unavailable");
    for (const [name, value] of Object.entries(answer.headers)) ctx.reply.header(name, value);
    throw new TRPCError({
      code: codeByStatus[answer.status] ?? "INTERNAL_SERVER_ERROR",
      message: String(answer.body.message),
      cause: Object.assign(new MappedError(answer), { answer }),
    });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapErrors);

export const rateLimited = (name: keyof typeof PUBLIC_WRITE_RULES) =>
  publicProcedure.use(async ({ ctx, next }) => {
    ctx.reply.headers(await hitPublicLimit(ctx.deps, name, ctx.req.ip));
    return next();
  });

export const adminProcedure = publicProcedure.use(async ({ ctx, next, type, path, meta }) => {
  const admin = ctx.req.server.adminAuthority.forProcedure(ctx.req, path, meta?.rest);
  const result = await next({ ctx: { ...ctx, admin } });
  if (result.ok && type === "mutation") ctx.req.log.info({ admin: admin.username, action: path }, "admin change");
  return result;
});
