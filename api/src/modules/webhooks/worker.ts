/**
 * The webhook worker: fans events out to deliveries and delivers them (Standard Webhooks), in the
 * notification outbox's style (notifications/worker.ts). The steps are in delivery.ts; this file runs them
 * as one job of the job runner (lib/job-runner.ts), which owns the poll, the wake-ups and stop().
 *
 * 1. Fan out: a short transaction takes unfanned webhook_events rows (FOR UPDATE SKIP LOCKED) and writes
 *    one delivery per enabled endpoint subscribed to the event's type, each retried until `giveUpAt`
 *    (the retry window, 3 days by default).
 * 2. Claim: due deliveries (pending and due, or "sending" with an expired lease) of enabled endpoints, at
 *    most one per endpoint at a time and at most `concurrency` at once, marked "sending" with a lease and
 *    attempts + 1. A slow or hanging receiver holds one slot for at most the attempt's time limit and
 *    never delays the other endpoints: while attempts are in flight the run keeps claiming for the free
 *    slots, at each wake-up and every pollMs.
 * 3. Attempt outside any transaction: POST { type, timestamp, data } signed with the endpoint's secret(s),
 *    a hard time limit, no redirects (3xx fails), the production address check on the connection itself.
 * 4. Settle conditioned on the claim, with the attempt logged in the same transaction: succeeded; or
 *    pending again after exponential backoff with jitter; or failed once the window is over. An endpoint
 *    whose failures have lasted the whole window is disabled, its waiting deliveries failed, and the
 *    owner told through the notification outbox (Telegram and e-mail), in that same transaction.
 * At least once: a process dying between an answer and step 4 leaves the delivery to be sent again after
 * its lease (same webhook-id, so receivers can drop the repeat).
 */
import { EventEmitter } from "node:events";
import type { Deps } from "../../lib/deps";
import { type Job, type RunContext, type SingleJobWorker, singleJobWorker } from "../../lib/job-runner";
import { wakeOnOutboxSignals } from "../notifications";
import { claim, type DeliveryRow, deliverOne, fanOut, type Webhooks, type WebhookWorkerOptions } from "./delivery";
import { webhookLookup } from "./url-policy";

export type { WebhookSettlement, WebhookWorkerOptions } from "./delivery";

export function webhookWorkerOptionsFromEnv(env: Deps["env"]): WebhookWorkerOptions {
  return {
    pollMs: env.OUTBOX_POLL_MS,
    concurrency: env.WEBHOOK_CONCURRENCY,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
    retryMaxMs: env.WEBHOOK_RETRY_MAX_MS,
    retryWindowMs: env.WEBHOOK_RETRY_WINDOW_MS,
    // a lease shorter than an attempt could let a second worker send the same delivery meanwhile
    leaseMs: Math.max(env.OUTBOX_LEASE_MS, env.WEBHOOK_TIMEOUT_MS * 3),
    stopGraceMs: 4000,
    nudgeDelayMs: 20,
    random: Math.random,
  };
}

/** The webhook deliveries as a job of the runner; a run delivers everything due and counts the attempts. */
export interface WebhookJob extends Job<number> {
  /** Emits "settled" with a WebhookSettlement after each attempt. */
  readonly events: EventEmitter;
}

/** The webhook job on a runner of its own (tests, one-off runs). */
export interface WebhookWorker extends SingleJobWorker<number> {
  /** Emits "settled" with a WebhookSettlement after each attempt. */
  readonly events: EventEmitter;
}

export function createWebhookJob(deps: Deps, overrides: Partial<WebhookWorkerOptions> = {}): WebhookJob {
  const options = { ...webhookWorkerOptionsFromEnv(deps.env), ...overrides };
  const webhooks: Webhooks = { deps, options, events: new EventEmitter(), lookup: webhookLookup(deps.env) };
  // "enqueued" too: the order path announces its outbox rows only, in the statement that also writes the event
  const wakeOnWrites = wakeOnOutboxSignals(["webhook", "enqueued"], options.nudgeDelayMs);
  return {
    name: "webhooks",
    intervalMs: options.pollMs,
    stopGraceMs: options.stopGraceMs,
    events: webhooks.events,
    run: (signal, ctx) => deliverDue(webhooks, signal, ctx),
    onStart: wakeOnWrites.onStart,
    onStop: wakeOnWrites.onStop,
  };
}

export function createWebhookWorker(deps: Deps, overrides: Partial<WebhookWorkerOptions> = {}): WebhookWorker {
  const job = createWebhookJob(deps, overrides);
  return { ...singleJobWorker(deps.log, job), events: job.events };
}

/**
 * Fans out, then claims and starts attempts while slots are free, until nothing is due and no attempt is
 * in flight; once the runner stops, claims nothing more and waits for the attempts in flight (aborted by
 * `signal` after the grace period).
 */
async function deliverDue(webhooks: Webhooks, signal: AbortSignal, ctx: RunContext): Promise<number> {
  const { options, deps } = webhooks;
  const inFlight = new Map<number, Promise<void>>(); // by endpoint id
  let finished = 0; // attempts ended, so a claim can tell whether an endpoint was freed meanwhile
  const begin = (delivery: DeliveryRow) => {
    const attempt = deliverOne(webhooks, delivery, signal)
      .catch((error) =>
        deps.log.warn(
          { err: error, deliveryId: delivery.id },
          "webhook worker: attempt not recorded; retried after the lease",
        ),
      )
      .finally(() => {
        inFlight.delete(delivery.endpointId);
        finished += 1;
      });
    inFlight.set(delivery.endpointId, attempt);
  };
  try {
    while (!ctx.stopping) {
      while ((await fanOut(webhooks)) > 0 && !ctx.stopping) {}
      const finishedBefore = finished;
      const free = options.concurrency - inFlight.size;
      const claimed = free > 0 ? await claim(webhooks, free, [...inFlight.keys()]) : [];
      for (const delivery of claimed) begin(delivery);
      // an attempt that ended while claiming freed its endpoint: look again before deciding nothing is due
      if (claimed.length > 0 || finished !== finishedBefore) continue;
      if (inFlight.size === 0) break;
      await Promise.race([...inFlight.values(), ctx.pause(options.pollMs)]);
    }
  } finally {
    await Promise.all(inFlight.values());
  }
  return finished;
}
