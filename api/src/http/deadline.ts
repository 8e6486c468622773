// A time limit for every answer. If the database (or anything else) keeps a request waiting, the client
// gets a 503 with Retry-After instead of a hanging connection; the work left behind is abandoned (an
// order whose transaction still commits later is safe to retry with its Idempotency-Key).
// One sweep over the requests in flight, a few times a second, instead of a timer and two listeners for
// every request: the hot reads answer in well under a millisecond, and a timer each cost more than that.
import type { FastifyInstance, FastifyReply } from "fastify";
import { sendProblem } from "./problem";

/** Below the 10 s the API promises, above the pool's connect and statement timeouts' usual cost. */
export const REQUEST_DEADLINE_MS = 8_000;

export function installRequestDeadline(app: FastifyInstance, ms = REQUEST_DEADLINE_MS): void {
  const inFlight = new Set<FastifyReply>();
  app.addHook("onRequest", (_req, reply, done) => {
    inFlight.add(reply);
    done();
  });
  app.addHook("onResponse", (_req, reply, done) => {
    inFlight.delete(reply);
    done();
  });
  const sweep = () => {
    for (const reply of inFlight) {
      // answered, or the client left (no onResponse then)
      if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) {
        if (reply.raw.writableEnded || reply.raw.destroyed) inFlight.delete(reply);
        continue;
      }
      if (reply.elapsedTime < ms) continue;
      inFlight.delete(reply);
      reply.request.log.warn({ path: reply.request.url.split("?")[0], ms }, "request deadline passed; answered 503");
      void sendProblem(
        reply,
        503,
        { message: "Service temporarily unavailable, please retry shortly" },
        { "retry-after": "5" },
      );
    }
  };
  const timer = setInterval(sweep, Math.min(250, Math.max(10, ms / 8)));
  timer.unref();
  app.addHook("onClose", (_app, done) => {
    clearInterval(timer);
    done();
  });
}
