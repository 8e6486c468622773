// Webhook endpoints, their secrets and their deliveries, for the owner (tRPC webhooks.*, REST
// /api/admin/webhooks). Delivery itself is the worker's (worker.ts); events are written by the domain
// services through events.ts.

import { randomBytes } from "node:crypto";
import type { ChangeFilter } from "@ch/contracts/change-filters";
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus, type WebhookEventType } from "@ch/contracts/webhook-events";
import type { webhookCreateInput, webhookDeliveriesQuery, webhookUpdateInput } from "@ch/contracts/webhooks";
import { type Executor, rowsOf, schema } from "@ch/db";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { z } from "zod";
import type { Deps } from "../../lib/deps";
import { conflict, notFound } from "../../lib/errors";
import { lockedRow } from "../../lib/locked-row";
import { changeClauses } from "../../lib/sorted-page";
import { type Actor, recordAudit } from "../audit";
import { announceWebhooks, newMessageId } from "./events";
import { assertWebhookUrlAllowed, type ResolveAll } from "./url-policy";

const { webhookEndpoints, webhookDeliveries, webhookEvents, webhookAttempts } = schema;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export function signingSecrets(endpoint: WebhookEndpointRow, now: Date): string[] {
  const overlap =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
      ? [endpoint.previousSecret]
      : [];
  return [endpoint.secret, ...overlap];
}

/** The `webhook-signature` header: one `v1,<base64>` entry per signing secret, separated by spaces. */
export function signatureHeader(secrets: string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(" ");
}

/** Columns sent to the screen: never a secret. */
const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  failingSince: webhookEndpoints.failingSince,
  disabledAt: webhookEndpoints.disabledAt,
  disabledReason: webhookEndpoints.disabledReason,
  apiVersion: webhookEndpoints.apiVersion,
  previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};
type EndpointSummaryRow = { [K in keyof typeof endpointColumns]: WebhookEndpointRow[K] };

function toEndpointDto(row: EndpointSummaryRow, now: Date) {
  const overlapUntil =
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    apiVersion: row.apiVersion,
    /** Until when the secret replaced by the last rotation still signs (null: no overlap running). */
    previousSecretValidUntil: overlapUntil,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type WebhookEndpointDto = ReturnType<typeof toEndpointDto>;

async function endpointOrThrow(db: Executor, id: number): Promise<EndpointSummaryRow> {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound("Webhook endpoint not found");
  return row;
}

export async function listWebhooks(deps: Pick<Deps, "db" | "clock">, filter: ChangeFilter = {}) {
  const rows = await deps.db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(...changeClauses(webhookEndpoints, filter)))
    .orderBy(webhookEndpoints.id);
  const now = deps.clock.now();
  const counts = rows.length
    ? await deps.db
        .select({
          endpointId: webhookDeliveries.endpointId,
          status: webhookDeliveries.status,
          count: sql<number>`count(*)::int`,
        })
        .from(webhookDeliveries)
        .where(
          inArray(
            webhookDeliveries.endpointId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status)
    : [];
  return rows.map((row) => {
    const byStatus: Record<WebhookDeliveryStatus, number> = { pending: 0, sending: 0, succeeded: 0, failed: 0 };
    for (const c of counts) {
      if (c.endpointId === row.id && c.status in byStatus) byStatus[c.status as WebhookDeliveryStatus] = c.count;
    }
    return { ...toEndpointDto(row, now), deliveries: byStatus };
  });
}

export interface WebhookServiceOptions {
  /** DNS resolution for the production URL check (tests pass a fake). */
  resolveAll?: ResolveAll;
}

export async function createWebhook(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof webhookCreateInput>,
  options: WebhookServiceOptions = {},
) {
  await assertWebhookUrlAllowed(deps.env, input.url, options.resolveAll);
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        description: input.description,
        events: input.events,
        apiVersion: input.apiVersion,
        secret,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning(endpointColumns);
    await recordAudit(tx, actor, "webhook.create", "webhook", row!.id, { url: input.url, events: input.events });
    // the secret is answered here and after a rotation only
    return { endpoint: toEndpointDto(row!, now), secret };
  });
}

export async function updateWebhook(
  deps: Deps,
  actor: Actor,
  id: number,
  input: z.output<typeof webhookUpdateInput>,
  options: WebhookServiceOptions = {},
) {
  if (input.url !== undefined) await assertWebhookUrlAllowed(deps.env, input.url, options.resolveAll);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await endpointOrThrow(tx, id);
    const enabling = input.enabled === true && !before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.apiVersion !== undefined ? { apiVersion: input.apiVersion } : {}),
        // switched on again: a fresh start for the 3-day failure rule
        ...(enabling ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
        ...(input.enabled === false && before.enabled ? { disabledAt: now, disabledReason: "Disabled by staff" } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning(endpointColumns);
    await recordAudit(tx, actor, "webhook.update", "webhook", id, input);
    return toEndpointDto(row!, now);
  });
}

export async function deleteWebhook(deps: Deps, actor: Actor, id: number): Promise<{ id: number }> {
  return deps.db.transaction(async (tx) => {
    const before = await endpointOrThrow(tx, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, actor, "webhook.delete", "webhook", id, { url: before.url });
    return { id };
  });
}

/**
 * A new signing secret; the replaced one keeps signing beside it (two `v1,` entries in
 * webhook-signature) for WEBHOOK_SECRET_OVERLAP_MS, so a receiver can switch without a failed message.
 */
export async function rotateWebhookSecret(deps: Deps, actor: Actor, id: number) {
  const now = deps.clock.now();
  const secret = newWebhookSecret();
  const until = new Date(now.getTime() + deps.env.WEBHOOK_SECRET_OVERLAP_MS);
  return deps.db.transaction(async (tx) => {
    await endpointOrThrow(tx, id);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ previousSecret: webhookEndpoints.secret, previousSecretExpiresAt: until, secret, updatedAt: now })
      .where(eq(webhookEndpoints.id, id))
      .returning(endpointColumns);
    await recordAudit(tx, actor, "webhook.rotate-secret", "webhook", id, { previousValidUntil: until.toISOString() });
    return { endpoint: toEndpointDto(row!, now), secret };
  });
}

export async function listDeliveries(
  deps: Pick<Deps, "db">,
  endpointId: number,
  query: z.output<typeof webhookDeliveriesQuery>,
) {
  const { db } = deps;
  await endpointOrThrow(db, endpointId);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      giveUpAt: webhookDeliveries.giveUpAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      lastError: webhookDeliveries.lastError,
      resentFrom: webhookDeliveries.resentFrom,
      createdAt: webhookDeliveries.createdAt,
      updatedAt: webhookDeliveries.updatedAt,
      completedAt: webhookDeliveries.completedAt,
      messageId: webhookEvents.messageId,
      type: webhookEvents.type,
      occurredAt: webhookEvents.occurredAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
        ...changeClauses(webhookDeliveries, query),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.limit);
  const attempts = rows.length
    ? await db
        .select({
          deliveryId: webhookAttempts.deliveryId,
          attemptedAt: webhookAttempts.attemptedAt,
          statusCode: webhookAttempts.statusCode,
          durationMs: webhookAttempts.durationMs,
          ok: webhookAttempts.ok,
          responseExcerpt: webhookAttempts.responseExcerpt,
          error: webhookAttempts.error,
        })
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(webhookAttempts.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    messageId: r.messageId,
    type: r.type as WebhookEventType,
    status: r.status as WebhookDeliveryStatus,
    attempts: r.attempts,
    nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
    giveUpAt: r.giveUpAt.toISOString(),
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    resentFrom: r.resentFrom,
    occurredAt: r.occurredAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
    /** Newest first; at most the last 20. */
    attemptLog: attempts
      .filter((a) => a.deliveryId === r.id)
      .slice(0, 20)
      .map((a) => ({
        attemptedAt: a.attemptedAt.toISOString(),
        statusCode: a.statusCode,
        durationMs: a.durationMs,
        ok: a.ok,
        responseExcerpt: a.responseExcerpt,
        error: a.error,
      })),
  }));
}
export type WebhookDeliveryDto = Awaited<ReturnType<typeof listDeliveries>>[number];

/** Delivers a finished delivery's message again (same webhook-id) as a new delivery with its own window. */
export async function resendDelivery(deps: Deps, actor: Actor, deliveryId: number) {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [original] = await tx
      .select({
        id: webhookDeliveries.id,
        status: webhookDeliveries.status,
        endpointId: webhookDeliveries.endpointId,
        eventId: webhookDeliveries.eventId,
        enabled: webhookEndpoints.enabled,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!original) throw notFound("Webhook delivery not found");
    if (!original.enabled) throw conflict("The endpoint is disabled; enable it before resending");
    if (original.status === "pending" || original.status === "sending") {
      throw conflict("This delivery is still being attempted", { deliveryStatus: original.status });
    }
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: original.endpointId,
        eventId: original.eventId,
        nextAttemptAt: now,
        giveUpAt: new Date(now.getTime() + deps.env.WEBHOOK_RETRY_WINDOW_MS),
        resentFrom: original.id,
        createdAt: now,
      })
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, actor, "webhook.resend", "webhook", original.endpointId, {
      deliveryId,
      newDeliveryId: row!.id,
    });
    return row!.id;
  });
  announceWebhooks();
  return { id, resentFrom: deliveryId };
}

/** How long a delivered (or given up) message and its attempt log stay visible in the back office. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;

/**
 * Hourly housekeeping: deletes events fanned out more than WEBHOOK_LOG_RETENTION_DAYS ago whose every
 * delivery is finished, with their deliveries and attempts (cascade). Returns how many events went.
 */
export async function purgeOldWebhookLog(deps: Pick<Deps, "db" | "clock">): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - WEBHOOK_LOG_RETENTION_DAYS * 86_400_000);
  const removed = await deps.db
    .delete(webhookEvents)
    .where(
      and(
        sql`${webhookEvents.fannedOutAt} < ${before.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${webhookDeliveries} d where d.event_id = ${webhookEvents.id} and d.status in ('pending', 'sending'))`,
      ),
    )
    .returning({ id: webhookEvents.id });
  return removed.length;
}

/** An endpoint that may be sent to now: 404 when unknown, 409 while disabled. */
async function enabledEndpoint(tx: Executor, id: number) {
  const endpoint = await lockedRow(
    tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
    "Webhook endpoint not found",
  );
  if (!endpoint.enabled) throw conflict("The endpoint is disabled; enable it first");
  return endpoint;
}

/**
 * "Send test event": a `webhook.test` message to this endpoint alone (no other endpoint, not in the events
 * feed), signed and retried like any other; its delivery shows in the endpoint's list.
 */
export async function sendTestEvent(deps: Deps, actor: Actor, endpointId: number) {
  const now = deps.clock.now();
  const answer = await deps.db.transaction(async (tx) => {
    await enabledEndpoint(tx, endpointId);
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        messageId: newMessageId(),
        type: WEBHOOK_TEST_EVENT,
        data: { endpointId, message: "A test event: your endpoint receives and verifies webhooks." },
        occurredAt: now,
        fannedOutAt: now,
      })
      .returning({ id: webhookEvents.id, messageId: webhookEvents.messageId });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId,
        eventId: event!.id,
        nextAttemptAt: now,
        giveUpAt: new Date(now.getTime() + deps.env.WEBHOOK_RETRY_WINDOW_MS),
        createdAt: now,
      })
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, actor, "webhook.test", "webhook", endpointId, { deliveryId: delivery!.id });
    return { deliveryId: delivery!.id, messageId: event!.messageId };
  });
  announceWebhooks();
  return answer;
}

/**
 * Replays a time range: every kept event that occurred in [from, to) of a type the endpoint subscribes to is
 * delivered to it again (same webhook-id, so a receiver that deduplicates ignores what it has), in the order
 * the events happened.
 */
export async function replayEvents(
  deps: Deps,
  actor: Actor,
  endpointId: number,
  range: { from: Date; to: Date },
): Promise<{ queued: number; from: string; to: string }> {
  const now = deps.clock.now();
  const queued = await deps.db.transaction(async (tx) => {
    const endpoint = await enabledEndpoint(tx, endpointId);
    const giveUpAt = new Date(now.getTime() + deps.env.WEBHOOK_RETRY_WINDOW_MS);
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into webhook_deliveries (endpoint_id, event_id, next_attempt_at, give_up_at, created_at)
        select ${endpointId}, e.id, ${now.toISOString()}::timestamptz, ${giveUpAt.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz
        from webhook_events e
        where e.occurred_at >= ${range.from.toISOString()}::timestamptz
          and e.occurred_at < ${range.to.toISOString()}::timestamptz
          and e.type <> ${WEBHOOK_TEST_EVENT}
          and ${JSON.stringify(endpoint.events)}::jsonb ? e.type
        order by e.tx_id, e.id
        returning id`),
    );
    await recordAudit(tx, actor, "webhook.replay", "webhook", endpointId, {
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      queued: rows.length,
    });
    return rows.length;
  });
  if (queued > 0) announceWebhooks();
  return { queued, from: range.from.toISOString(), to: range.to.toISOString() };
}
