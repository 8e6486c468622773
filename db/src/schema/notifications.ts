import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { deliveryState, id, timestamps, timestamptz } from "./columns";

/**
 * Outbox: a row is written in the same transaction as the record it announces,
 * and a worker delivers it (telegram or email) with retries.
 * status: pending | sending | sent | failed | unsent (channel not configured)
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    channel: text("channel").notNull(),
    kind: text("kind").notNull(),
    recipient: text("recipient"),
    subject: text("subject"),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html"),
    entityType: text("entity_type"),
    entityId: integer("entity_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    ...deliveryState(),
    lastError: text("last_error"),
    sentAt: timestamptz("sent_at"),
    /** updated_at: set by the row's update trigger (migration 0023) at every change of its state. */
    ...timestamps(),
  },
  (t) => [index("notifications_due_idx").on(t.status, t.nextAttemptAt)],
);
