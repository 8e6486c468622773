import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Outbox: a row is written in the same transaction as the record it announces,
 * and a worker delivers it (telegram or email) with retries.
 * status: pending | sending | sent | failed | unsent (channel not configured)
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    kind: text("kind").notNull(),
    recipient: text("recipient"),
    subject: text("subject"),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html"),
    entityType: text("entity_type"),
    entityId: integer("entity_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_due_idx").on(t.status, t.nextAttemptAt)],
);
