// A time limit for every answer. If the database (or anything else) keeps a request waiting, the client
// gets a 503 with Retry-After instead of a hanging connection; the work left behind is abandoned (an
// order whose transaction still commits later is safe to retry with its Idempotency-Key).
import type { FastifyInstance } from "fastify";

/** Below the 10 s the API promises, above the pool's connect and statement timeouts' usual cost. */
export const REQUEST_DEADLINE_MS = 8_000;

export function installRequestDeadline(app: FastifyInstance, ms = REQUEST_DEADLINE_MS): void {
  app.addHook("onRequest", async (req, reply) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      req.log.warn({ path: req.url.split("?")[0], ms }, "request deadline passed; answered 503");
      void reply
        .code(503)
        .header("retry-after", "5")
        .send({ message: "Service temporarily unavailable, please retry shortly", issues: [] });
    }, ms);
    timer.unref();
    reply.raw.once("close", () => clearTimeout(timer));
    reply.raw.once("finish", () => clearTimeout(timer));
  });
}
