import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admin";

/**
 * Webhook endpoints registered by the owner. `secret` signs every delivery (Standard Webhooks,
 * `whsec_<base64>`); after a rotation `previousSecret` keeps signing beside it until
 * `previousSecretExpiresAt`, so receivers can switch without losing a message. `failingSince` is the
 * first failed attempt of the current run of failures (cleared by a success); an endpoint failing for
 * the whole retry window is disabled (`disabledAt`, `disabledReason`).
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: serial("id").primaryKey(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: jsonb("events").$type<string[]>().notNull(),
  enabled: boolean("enabled").notNull().default(true),
  secret: text("secret").notNull(),
  previousSecret: text("previous_secret"),
  previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
  failingSince: timestamp("failing_since", { withTimezone: true }),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  disabledReason: text("disabled_reason"),
  createdBy: integer("created_by").references(() => admins.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The webhook outbox: one row per business event, written in the transaction of the change it
 * announces. The worker fans each row out to one delivery per subscribed, enabled endpoint and sets
 * `fannedOutAt`. `messageId` is the Standard Webhooks `webhook-id` (the same on every attempt and resend).
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: serial("id").primaryKey(),
    messageId: text("message_id").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_events_message_idx").on(t.messageId),
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
    id: serial("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    giveUpAt: timestamp("give_up_at", { withTimezone: true }).notNull(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    /** Set when a person asked for this delivery again (the resend of delivery `resentFrom`). */
    resentFrom: integer("resent_from"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
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
    id: serial("id").primaryKey(),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    ok: boolean("ok").notNull(),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)],
);
