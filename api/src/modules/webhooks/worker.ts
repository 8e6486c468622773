/**
 * The webhook worker: fans events out to deliveries and delivers them (Standard Webhooks), in the
 * notification outbox's style (notifications/worker.ts).
 *
 * 1. Fan out: a short transaction takes unfanned webhook_events rows (FOR UPDATE SKIP LOCKED) and writes
 *    one delivery per enabled endpoint subscribed to the event's type, each retried until `giveUpAt`
 *    (the retry window, 3 days by default).
 * 2. Claim: due deliveries (pending and due, or "sending" with an expired lease) of enabled endpoints, at
 *    most one per endpoint at a time and at most `concurrency` at once, marked "sending" with a lease and
 *    attempts + 1. A slow or hanging receiver holds one slot for at most the attempt's time limit and
 *    never delays the other endpoints.
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
import { schema } from "@ch/db";
import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { enqueue, type OutboxMessage, outboxSignal, retryDelayMs } from "../notifications";
import { type AttemptResult, postWebhook } from "./send";
import { deliveryRefusal, webhookLookup } from "./url-policy";
import { signatureHeader, signingSecrets, type WebhookEndpointRow } from "./webhooks.service";

const { webhookEndpoints, webhookEvents, webhookDeliveries, webhookAttempts, admins } = schema;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EventRow = typeof webhookEvents.$inferSelect;

export interface WebhookWorkerOptions {
  pollMs: number;
  concurrency: number;
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  retryWindowMs: number;
  leaseMs: number;
  stopGraceMs: number;
  nudgeDelayMs: number;
  random: () => number;
}

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

export type WebhookSettlement = {
  deliveryId: number;
  endpointId: number;
  attempts: number;
  status: "succeeded" | "pending" | "failed" | "lost";
  attempt: AttemptResult;
  endpointDisabled: boolean;
};

export interface WebhookWorker {
  start(): void;
  stop(): Promise<void>;
  nudge(): void;
  /** Fans out and delivers everything due now (waiting for each attempt), then resolves. */
  drain(): Promise<void>;
  /** Emits "settled" with a WebhookSettlement after each attempt. */
  readonly events: EventEmitter;
}

export function createWebhookWorker(deps: Deps, overrides: Partial<WebhookWorkerOptions> = {}): WebhookWorker {
  const options = { ...webhookWorkerOptionsFromEnv(deps.env), ...overrides };
  const { db, env, clock, log } = deps;
  const events = new EventEmitter();
  const lookup = webhookLookup(env);
  const inFlight = new Map<number, Promise<void>>(); // by endpoint id
  let finished = 0; // attempts ended, so a claim can tell whether an endpoint was freed meanwhile
  let running: Promise<void> | null = null;
  let stopping = false;
  let again = false;
  let wakeUp: (() => void) | null = null;
  let abort = new AbortController();

  const wake = () => {
    again = true;
    wakeUp?.();
  };
  const onSignal = () => setTimeout(wake, options.nudgeDelayMs).unref();

  async function fanOut(): Promise<number> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(webhookEvents)
        .where(isNull(webhookEvents.fannedOutAt))
        .orderBy(asc(webhookEvents.id))
        .limit(100)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      const endpoints = await tx
        .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.enabled, true));
      const giveUpAt = new Date(now.getTime() + options.retryWindowMs);
      const rows = due.flatMap((event) =>
        endpoints
          .filter((e) => e.events.includes(event.type))
          .map((e) => ({ endpointId: e.id, eventId: event.id, nextAttemptAt: now, giveUpAt, createdAt: now })),
      );
      if (rows.length > 0) await tx.insert(webhookDeliveries).values(rows);
      await tx
        .update(webhookEvents)
        .set({ fannedOutAt: now })
        .where(
          inArray(
            webhookEvents.id,
            due.map((e) => e.id),
          ),
        );
      return due.length;
    });
  }

  async function claim(limit: number): Promise<DeliveryRow[]> {
    const now = clock.now();
    const busy = [...inFlight.keys()];
    const isDue = or(
      and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)),
      and(eq(webhookDeliveries.status, "sending"), lte(webhookDeliveries.lockedUntil, now)),
    );
    return db.transaction(async (tx) => {
      // one delivery per endpoint at a time, endpoints taken by their oldest due delivery: a slow receiver
      // (or one with a long backlog) keeps one slot, never all of them, and never holds the others back
      const endpoints = await tx
        .select({ id: webhookDeliveries.endpointId })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(
            eq(webhookEndpoints.enabled, true),
            busy.length > 0 ? notInArray(webhookDeliveries.endpointId, busy) : undefined,
            isDue,
          ),
        )
        .groupBy(webhookDeliveries.endpointId)
        .orderBy(sql`min(${webhookDeliveries.nextAttemptAt})`, webhookDeliveries.endpointId)
        .limit(limit);
      const picked: number[] = [];
      for (const endpoint of endpoints) {
        const [row] = await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.endpointId, endpoint.id), isDue))
          .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
          .limit(1)
          .for("update", { skipLocked: true });
        if (row) picked.push(row.id);
      }
      if (picked.length === 0) return [];
      return tx
        .update(webhookDeliveries)
        .set({
          status: "sending",
          lockedUntil: new Date(now.getTime() + options.leaseMs),
          attempts: sql`${webhookDeliveries.attempts} + 1`,
        })
        .where(inArray(webhookDeliveries.id, picked))
        .returning();
    });
  }

  async function attempt(endpoint: WebhookEndpointRow, event: EventRow) {
    const now = clock.now();
    const body = JSON.stringify({ type: event.type, timestamp: event.occurredAt.toISOString(), data: event.data });
    let url: URL;
    try {
      url = new URL(endpoint.url);
    } catch {
      return refusedAttempt("refused: the endpoint URL is not valid");
    }
    const refusal = deliveryRefusal(env, url);
    if (refusal) return refusedAttempt(refusal);
    return postWebhook({
      url,
      body,
      timeoutMs: options.timeoutMs,
      lookup,
      signal: abort.signal,
      headers: {
        "content-type": "application/json",
        "user-agent": "ContainerHomesTexas-Webhooks/1.0",
        "webhook-id": event.messageId,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": signatureHeader(signingSecrets(endpoint, now), event.messageId, now, body),
      },
    });
  }

  async function ownerMessages(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    endpoint: WebhookEndpointRow,
    error: string,
  ) {
    const owners = await tx
      .select({ email: admins.email })
      .from(admins)
      .where(and(eq(admins.role, "owner"), isNull(admins.disabledAt)));
    const text =
      `Webhook endpoint ${endpoint.url} has been disabled: every delivery to it failed for ` +
      `${Math.round(options.retryWindowMs / 3_600_000)} hours (last error: ${error}). ` +
      "Fix the receiver, then enable it again in the back office (Webhooks); missed messages can be resent there.";
    const messages: OutboxMessage[] = [
      { channel: "telegram", kind: "webhook-disabled", bodyText: text, entityType: "webhook", entityId: endpoint.id },
    ];
    for (const owner of owners) {
      if (!owner.email) continue;
      messages.push({
        channel: "email",
        kind: "webhook-disabled",
        recipient: owner.email,
        subject: "A webhook endpoint was disabled",
        bodyText: text,
        entityType: "webhook",
        entityId: endpoint.id,
      });
    }
    return messages;
  }

  async function settle(
    delivery: DeliveryRow,
    endpoint: WebhookEndpointRow,
    result: AttemptResult,
  ): Promise<WebhookSettlement> {
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const held = and(
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.status, "sending"),
        eq(webhookDeliveries.attempts, delivery.attempts),
        eq(webhookDeliveries.lockedUntil, delivery.lockedUntil!),
      );
      const error = result.error?.slice(0, 1000) ?? null;
      let status: WebhookSettlement["status"];
      if (result.ok) {
        const [u] = await tx
          .update(webhookDeliveries)
          .set({
            status: "succeeded",
            lockedUntil: null,
            completedAt: now,
            lastStatusCode: result.statusCode,
            lastError: null,
          })
          .where(held)
          .returning({ id: webhookDeliveries.id });
        status = u ? "succeeded" : "lost";
      } else {
        const left = delivery.giveUpAt.getTime() - now.getTime();
        const finalAttempt = left <= 0;
        const delay = Math.min(retryDelayMs(delivery.attempts, options), Math.max(0, left));
        const [u] = await tx
          .update(webhookDeliveries)
          .set(
            finalAttempt
              ? {
                  status: "failed",
                  lockedUntil: null,
                  completedAt: now,
                  lastStatusCode: result.statusCode,
                  lastError: error,
                }
              : {
                  status: "pending",
                  lockedUntil: null,
                  nextAttemptAt: new Date(now.getTime() + delay),
                  lastStatusCode: result.statusCode,
                  lastError: error,
                },
          )
          .where(held)
          .returning({ id: webhookDeliveries.id });
        status = u ? (finalAttempt ? "failed" : "pending") : "lost";
      }
      if (status === "lost") return { status, endpointDisabled: false };
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        attemptedAt: now,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        ok: result.ok,
        responseExcerpt: result.responseExcerpt?.slice(0, 1024) ?? null,
        error,
      });
      if (result.ok) {
        await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
        return { status, endpointDisabled: false };
      }
      const [failing] = await tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning();
      const since = failing?.failingSince;
      if (!failing?.enabled || !since || now.getTime() - since.getTime() < options.retryWindowMs) {
        return { status, endpointDisabled: false };
      }
      const reason = `Every delivery failed for ${Math.round(options.retryWindowMs / 3_600_000)} hours (last: ${error})`;
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledAt: now, disabledReason: reason.slice(0, 1000), updatedAt: now })
        .where(eq(webhookEndpoints.id, endpoint.id));
      await tx
        .update(webhookDeliveries)
        .set({
          status: "failed",
          completedAt: now,
          lastError: "endpoint disabled after failing for the whole retry window",
        })
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending")));
      await enqueue(tx, env, await ownerMessages(tx, failing, error ?? "unknown"));
      return { status, endpointDisabled: true };
    });
    const settlement: WebhookSettlement = {
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attempts: delivery.attempts,
      status: outcome.status,
      attempt: result,
      endpointDisabled: outcome.endpointDisabled,
    };
    if (outcome.status === "lost")
      log.warn({ deliveryId: delivery.id }, "webhook: lease expired before the attempt was recorded");
    else if (outcome.endpointDisabled)
      log.error(
        { endpointId: endpoint.id, url: endpoint.url },
        "webhook endpoint disabled after failing for the whole retry window",
      );
    else if (!result.ok) {
      log.warn(
        {
          deliveryId: delivery.id,
          endpointId: endpoint.id,
          attempts: delivery.attempts,
          status: outcome.status,
          error: result.error,
        },
        "webhook delivery attempt failed",
      );
    }
    events.emit("settled", settlement);
    return settlement;
  }

  async function run(delivery: DeliveryRow): Promise<void> {
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId));
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, delivery.eventId));
    if (!endpoint || !event) return; // deleted meanwhile (cascade): nothing left to deliver
    const result = await attempt(endpoint, event);
    await settle(delivery, endpoint, result);
  }

  /** Claims and starts attempts while slots are free; resolves when nothing more is due now. */
  async function pump(waitForAll: boolean): Promise<void> {
    while (!stopping) {
      while ((await fanOut()) > 0 && !stopping) {}
      const finishedBefore = finished;
      const free = options.concurrency - inFlight.size;
      const claimed = free > 0 ? await claim(free) : [];
      for (const delivery of claimed) {
        const job = run(delivery)
          .catch((error) =>
            log.warn(
              { err: error, deliveryId: delivery.id },
              "webhook worker: attempt not recorded; retried after the lease",
            ),
          )
          .finally(() => {
            inFlight.delete(delivery.endpointId);
            finished += 1;
            wake();
          });
        inFlight.set(delivery.endpointId, job);
      }
      // an attempt that ended while claiming freed its endpoint: look again before deciding nothing is due
      if (claimed.length > 0 || finished !== finishedBefore) continue;
      if (inFlight.size === 0 || !waitForAll) return;
      await Promise.race(inFlight.values());
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      again = false;
      try {
        await pump(false);
      } catch (error) {
        log.warn({ err: error }, "webhook worker: database unavailable; will retry");
      }
      if (stopping || again) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    events,
    start() {
      if (running) return;
      stopping = false;
      abort = new AbortController();
      // "enqueued" too: the order path announces its outbox rows only, in the statement that also writes the event
      outboxSignal.on("webhook", onSignal);
      outboxSignal.on("enqueued", onSignal);
      running = loop();
    },
    async stop() {
      outboxSignal.off("webhook", onSignal);
      outboxSignal.off("enqueued", onSignal);
      stopping = true;
      wake();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          abort.abort();
          resolve();
        }, options.stopGraceMs);
      });
      try {
        await Promise.race([Promise.all([running, ...inFlight.values()]), deadline]);
        await Promise.all(inFlight.values());
      } finally {
        clearTimeout(timer);
        running = null;
      }
    },
    nudge: wake,
    drain: () => pump(true),
  };
}

function refusedAttempt(error: string): AttemptResult {
  return { ok: false, statusCode: null, durationMs: 0, responseExcerpt: null, error };
}
