// Writes events. Callers pass the transaction that stores the change being announced, so an event exists
// exactly when its change does. Every event is written, whether or not an endpoint wants it: the events
// feed (GET /api/admin/events) lists them for 30 days, and the webhook worker fans each out to the
// enabled endpoints that subscribe to its type.
import { randomUUID } from "node:crypto";
import { type WebhookEventType, webhookResourceOf } from "@ch/contracts/webhook-events";
import type { Executor } from "@ch/db";
import { sql } from "drizzle-orm";
import { outboxSignal } from "../notifications";

/** The Standard Webhooks message id: the same on every attempt and every resend of one event. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

export async function emitWebhookEvent(
  tx: Executor,
  type: WebhookEventType,
  data: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into webhook_events (message_id, type, data, occurred_at, resource)
    values (${newMessageId()}, ${type}, ${JSON.stringify(data)}::jsonb, ${at.toISOString()}::timestamptz,
      ${webhookResourceOf(type, data)})`);
  announceWebhooks();
}

/** Wakes this process's webhook worker: only a hint (the row may not be committed yet); polling stays the guarantee. */
export function announceWebhooks(): void {
  outboxSignal.emit("webhook");
}

/**
 * The same insert as a data-modifying CTE for the order path, which stores its change in one raw statement
 * (the event's resource is the stored order, `from`'s id): `$message`, `$data` and `$at` are that statement's parameter placeholders, and the
 * row is written only when the CTE `from` yields a row (the order was stored).
 */
export function webhookEventCte(
  type: WebhookEventType,
  p: { message: string; data: string; at: string; from: string },
): string {
  return `insert into webhook_events (message_id, type, data, occurred_at, resource)
    select ${p.message}::text, '${type}', ${p.data}::jsonb, ${p.at}::timestamptz, 'order:' || ${p.from}.id from ${p.from}`;
}
