// The webhook worker's steps (worker.ts runs them): fan events out to deliveries, claim due deliveries,
// make one signed attempt, and settle it under the claim, disabling an endpoint that failed for the
// whole retry window. Each step is one short transaction or one HTTP request.
import type { EventEmitter } from "node:events";
import type { LookupFunction } from "node:net";
import { type Executor, schema, type Tx } from "@ch/db";
import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { enqueue, type OutboxMessage, retryDelayMs } from "../notifications";
import { eventDataIn } from "./payloads";
import { type AttemptResult, postWebhook } from "./send";
import { deliveryRefusal } from "./url-policy";
import { signatureHeader, signingSecrets, type WebhookEndpointRow } from "./webhooks.service";

const { webhookEndpoints, webhookEvents, webhookDeliveries, webhookAttempts, admins } = schema;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
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

export type WebhookSettlement = {
  deliveryId: number;
  endpointId: number;
  attempts: number;
  status: "succeeded" | "pending" | "failed" | "lost";
  attempt: AttemptResult;
  endpointDisabled: boolean;
};

/** What one worker's steps share. */
export interface Webhooks {
  deps: Deps;
  options: WebhookWorkerOptions;
  /** Emits "settled" with a WebhookSettlement after each attempt. */
  events: EventEmitter;
  /** The connection-time address check (url-policy.ts webhookLookup). */
  lookup: LookupFunction;
}

/** Writes the deliveries of up to 100 unfanned events; how many events it took. */
export async function fanOut({ deps, options }: Webhooks): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
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

/**
 * Events of one resource reach an endpoint in the order they happened: a delivery waits while an earlier
 * one of the same resource to the same endpoint is unfinished (retrying included); finished or given up,
 * it no longer holds the next back.
 */
const IN_TURN = sql`not exists (
  select 1 from webhook_deliveries earlier
  join webhook_events earlier_event on earlier_event.id = earlier.event_id
  where earlier.endpoint_id = ${webhookDeliveries.endpointId}
    and earlier.id < ${webhookDeliveries.id}
    and earlier.status in ('pending', 'sending')
    and earlier_event.resource = (select e.resource from webhook_events e where e.id = ${webhookDeliveries.eventId}))`;

/** Claims up to `limit` due deliveries, one per endpoint, none for the endpoints in `busy`. */
export async function claim({ deps, options }: Webhooks, limit: number, busy: number[]): Promise<DeliveryRow[]> {
  const now = deps.clock.now();
  const isDue = and(
    or(
      and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)),
      and(eq(webhookDeliveries.status, "sending"), lte(webhookDeliveries.lockedUntil, now)),
    ),
    IN_TURN,
  );
  return deps.db.transaction(async (tx) => {
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

/** One claimed delivery: its endpoint and event read again, one attempt, the settle. */
export async function deliverOne(webhooks: Webhooks, delivery: DeliveryRow, signal: AbortSignal): Promise<void> {
  const { db } = webhooks.deps;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId));
  const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, delivery.eventId));
  if (!endpoint || !event) return; // deleted meanwhile (cascade): nothing left to deliver
  const result = await attempt(webhooks, endpoint, event, signal);
  await settle(webhooks, delivery, endpoint, result);
}

async function attempt(
  { deps, options, lookup }: Webhooks,
  endpoint: WebhookEndpointRow,
  event: EventRow,
  signal: AbortSignal,
): Promise<AttemptResult> {
  const now = deps.clock.now();
  const data = eventDataIn(endpoint.apiVersion, event.type, event.data as Record<string, unknown>);
  const body = JSON.stringify({ type: event.type, timestamp: event.occurredAt.toISOString(), data });
  let url: URL;
  try {
    url = new URL(endpoint.url);
  } catch {
    return refusedAttempt("refused: the endpoint URL is not valid");
  }
  const refusal = deliveryRefusal(deps.env, url);
  if (refusal) return refusedAttempt(refusal);
  return postWebhook({
    url,
    body,
    timeoutMs: options.timeoutMs,
    lookup,
    signal,
    headers: {
      "content-type": "application/json",
      "user-agent": "ContainerHomesTexas-Webhooks/1.0",
      "webhook-id": event.messageId,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signatureHeader(signingSecrets(endpoint, now), event.messageId, now, body),
    },
  });
}

function refusedAttempt(error: string): AttemptResult {
  return { ok: false, statusCode: null, durationMs: 0, responseExcerpt: null, error };
}

/** Records the attempt in one transaction, conditioned on the claim; logs and announces the outcome. */
async function settle(
  webhooks: Webhooks,
  delivery: DeliveryRow,
  endpoint: WebhookEndpointRow,
  result: AttemptResult,
): Promise<WebhookSettlement> {
  const now = webhooks.deps.clock.now();
  const error = result.error?.slice(0, 1000) ?? null;
  const outcome = await webhooks.deps.db.transaction(async (tx) => {
    const status = await settleDelivery(webhooks, tx, delivery, result, now);
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
    const endpointDisabled = await noteEndpointHealth(webhooks, tx, endpoint.id, result, error, now);
    return { status, endpointDisabled };
  });
  const settlement: WebhookSettlement = {
    deliveryId: delivery.id,
    endpointId: endpoint.id,
    attempts: delivery.attempts,
    status: outcome.status,
    attempt: result,
    endpointDisabled: outcome.endpointDisabled,
  };
  logSettlement(webhooks.deps.log, settlement, endpoint);
  webhooks.events.emit("settled", settlement);
  return settlement;
}

/** The delivery's new state, written only while this worker's claim holds ("lost" when it did not). */
async function settleDelivery(
  { options }: Webhooks,
  tx: Tx,
  delivery: DeliveryRow,
  result: AttemptResult,
  now: Date,
): Promise<WebhookSettlement["status"]> {
  const held = and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.status, "sending"),
    eq(webhookDeliveries.attempts, delivery.attempts),
    eq(webhookDeliveries.lockedUntil, delivery.lockedUntil!),
  );
  const answer = { lockedUntil: null, lastStatusCode: result.statusCode };
  if (result.ok) {
    const [u] = await tx
      .update(webhookDeliveries)
      .set({ ...answer, status: "succeeded", completedAt: now, lastError: null })
      .where(held)
      .returning({ id: webhookDeliveries.id });
    return u ? "succeeded" : "lost";
  }
  const lastError = result.error?.slice(0, 1000) ?? null;
  const left = delivery.giveUpAt.getTime() - now.getTime();
  // 410 Gone: the receiver asks for no more deliveries (Standard Webhooks); the endpoint is disabled with it
  const finalAttempt = left <= 0 || result.statusCode === GONE;
  const delay = Math.min(retryDelayMs(delivery.attempts, options), Math.max(0, left));
  const [u] = await tx
    .update(webhookDeliveries)
    .set(
      finalAttempt
        ? { ...answer, lastError, status: "failed", completedAt: now }
        : { ...answer, lastError, status: "pending", nextAttemptAt: new Date(now.getTime() + delay) },
    )
    .where(held)
    .returning({ id: webhookDeliveries.id });
  return u ? (finalAttempt ? "failed" : "pending") : "lost";
}

/**
 * A success clears the endpoint's failing_since; a failure sets it if unset, and once failures have lasted
 * the whole retry window, or at once when the receiver answers 410 Gone, disables the endpoint, fails its
 * waiting deliveries and tells the owners. Whether it was disabled.
 */
async function noteEndpointHealth(
  { deps, options }: Webhooks,
  tx: Tx,
  endpointId: number,
  result: AttemptResult,
  error: string | null,
  now: Date,
): Promise<boolean> {
  if (result.ok) {
    await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
    return false;
  }
  const [failing] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  const since = failing?.failingSince;
  const gone = result.statusCode === GONE;
  if (!failing?.enabled || !since || (!gone && now.getTime() - since.getTime() < options.retryWindowMs)) return false;
  const why = gone
    ? "the receiver answered 410 Gone: it asks for no more deliveries"
    : `every delivery to it failed for ${Math.round(options.retryWindowMs / 3_600_000)} hours (last error: ${error})`;
  await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: now, disabledReason: capitalized(why).slice(0, 1000), updatedAt: now })
    .where(eq(webhookEndpoints.id, endpointId));
  await tx
    .update(webhookDeliveries)
    .set({ status: "failed", completedAt: now, lastError: `endpoint disabled: ${why}`.slice(0, 1000) })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
  await enqueue(tx, deps.env, await ownerMessages(tx, failing, why));
  return true;
}

const GONE = 410;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

async function ownerMessages(tx: Executor, endpoint: WebhookEndpointRow, why: string): Promise<OutboxMessage[]> {
  const owners = await tx
    .select({ email: admins.email })
    .from(admins)
    .where(and(eq(admins.role, "owner"), isNull(admins.disabledAt)));
  const text =
    `Webhook endpoint ${endpoint.url} has been disabled: ${why}. ` +
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

function logSettlement(log: Deps["log"], settlement: WebhookSettlement, endpoint: WebhookEndpointRow) {
  const { deliveryId, endpointId, attempts, status, attempt } = settlement;
  if (status === "lost") log.warn({ deliveryId }, "webhook: lease expired before the attempt was recorded");
  else if (settlement.endpointDisabled)
    log.error({ endpointId, url: endpoint.url, statusCode: attempt.statusCode }, "webhook endpoint disabled");
  else if (!attempt.ok)
    log.warn({ deliveryId, endpointId, attempts, status, error: attempt.error }, "webhook delivery attempt failed");
}
