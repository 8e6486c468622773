import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admin";
import { deliveryState, id, optionalRef, parentRef, timestamps, timestamptz } from "./columns";

/** A 64-bit transaction id (read as text: it can pass 2^53). */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * Webhook endpoints registered by the owner. `secret` signs every delivery (Standard Webhooks,
 * `whsec_<base64>`); after a rotation `previousSecret` keeps signing beside it until
 * `previousSecretExpiresAt`, so receivers can switch without losing a message. `failingSince` is the
 * first failed attempt of the current run of failures (cleared by a success); an endpoint failing for
 * the whole retry window is disabled (`disabledAt`, `disabledReason`).
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: id(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: jsonb("events").$type<string[]>().notNull(),
  enabled: boolean("enabled").notNull().default(true),
  secret: text("secret").notNull(),
  previousSecret: text("previous_secret"),
  previousSecretExpiresAt: timestamptz("previous_secret_expires_at"),
  failingSince: timestamptz("failing_since"),
  disabledAt: timestamptz("disabled_at"),
  disabledReason: text("disabled_reason"),
  /**
   * The API version whose shapes its deliveries follow (a date). Endpoints made before versions existed
   * keep the first one; the service gives a new endpoint the current version.
   */
  apiVersion: text("api_version").notNull().default("2026-11-28"),
  createdBy: optionalRef("created_by", () => admins.id),
  ...timestamps(),
});

/**
 * The webhook outbox: one row per business event, written in the transaction of the change it
 * announces. The worker fans each row out to one delivery per subscribed, enabled endpoint and sets
 * `fannedOutAt`. `messageId` is the Standard Webhooks `webhook-id` (the same on every attempt and resend).
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    messageId: text("message_id").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamptz("occurred_at").notNull().defaultNow(),
    fannedOutAt: timestamptz("fanned_out_at"),
    /**
     * The writing transaction's id: the events feed (GET /api/admin/events) reads in (tx_id, id) order and
     * only what every earlier transaction has settled, so a reader paging forward never skips an event
     * whose transaction committed late.
     */
    txId: xid8("tx_id").notNull().default(sql`pg_current_xact_id()`),
    /** What the event is about (`order:12`): its deliveries to one endpoint go out in order. */
    resource: text("resource"),
  },
  (t) => [
    uniqueIndex("webhook_events_message_idx").on(t.messageId),
    index("webhook_events_feed_idx").on(t.txId, t.id),
    index("webhook_events_pending_idx").on(t.id).where(sql`${t.fannedOutAt} is null`),
  ],
);

/**
 * One event to one endpoint. status: pending | sending | succeeded | failed (webhooks.ts in the api
 * module holds the allowed moves). Retried with exponential backoff until `giveUpAt`; a lease
 * (`lockedUntil`) guards a claimed row like the notification outbox.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    endpointId: parentRef("endpoint_id", () => webhookEndpoints.id),
    eventId: parentRef("event_id", () => webhookEvents.id),
    ...deliveryState(),
    giveUpAt: timestamptz("give_up_at").notNull(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    /** Set when a person asked for this delivery again (the resend of delivery `resentFrom`). */
    resentFrom: integer("resent_from"),
    /** updated_at: set by the row's update trigger (migration 0023) at every change of its state. */
    ...timestamps(),
    completedAt: timestamptz("completed_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
  ],
);

/** Every HTTP attempt of a delivery: answer status (null when none came), duration and an excerpt. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    deliveryId: parentRef("delivery_id", () => webhookDeliveries.id),
    attemptedAt: timestamptz("attempted_at").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    ok: boolean("ok").notNull(),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)],
);
