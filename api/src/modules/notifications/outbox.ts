// Writes outbox rows. Callers pass the transaction that stores the record being announced,
// so a notification exists exactly when its record does. Delivery is the worker's job (worker.ts).
import { EventEmitter } from "node:events";
import { type Executor, schema } from "@ch/db";
import { and, eq, gt, inArray, or } from "drizzle-orm";
import type { Env } from "../../env";

/**
 * Wakes this process's outbox workers after a write, so a notification leaves within milliseconds
 * instead of at the next poll. Only a hint: the row may not be committed yet, and polling stays the
 * guarantee (other processes learn of rows by polling alone).
 */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(0);

/** A job's onStart and onStop that wake it `delayMs` after each of these outboxSignal events. */
export function wakeOnOutboxSignals(
  events: readonly string[],
  delayMs: number,
): { onStart(wake: () => void): void; onStop(): void } {
  let onSignal: (() => void) | null = null;
  return {
    onStart(wake) {
      onSignal = () => setTimeout(wake, delayMs).unref();
      for (const event of events) outboxSignal.on(event, onSignal);
    },
    onStop() {
      if (!onSignal) return;
      for (const event of events) outboxSignal.off(event, onSignal);
      onSignal = null;
    },
  };
}

export type Channel = "telegram" | "email";

export interface OutboxMessage {
  channel: Channel;
  kind: string;
  recipient?: string | null;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  entityType?: string | null;
  entityId?: number | null;
  payload?: Record<string, unknown>;
  /** Ids of project documents an e-mail carries as attachments (read when it is sent). */
  attachments?: number[];
}

export function channelConfigured(env: Env, channel: Channel): boolean {
  return channel === "telegram" ? Boolean(env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID) : Boolean(env.SMTP_URL);
}

/** The notifications row of each message: the recipient defaults to the staff chat for Telegram, and a
 * channel that is not configured leaves the row "unsent" (the back office shows it). */
export function outboxRow(env: Env, m: OutboxMessage) {
  return {
    channel: m.channel,
    kind: m.kind,
    recipient: m.recipient ?? (m.channel === "telegram" ? (env.TELEGRAM_CHAT_ID ?? null) : null),
    subject: m.subject ?? null,
    bodyText: m.bodyText,
    bodyHtml: m.bodyHtml ?? null,
    entityType: m.entityType ?? null,
    entityId: m.entityId ?? null,
    payload: m.attachments?.length ? { ...m.payload, attachments: m.attachments } : (m.payload ?? {}),
    status: channelConfigured(env, m.channel) ? "pending" : "unsent",
  };
}

/** Wakes this process's workers once the rows written by a caller are committed (or about to be). */
export function announceEnqueued(): void {
  outboxSignal.emit("enqueued");
}

/**
 * Writes the messages' rows; their ids. With `notBefore` no worker takes them before that time (the
 * worker reads nextAttemptAt), so the caller may still withdraw them (withdrawBeforeDue) until then.
 */
export async function enqueue(
  db: Executor,
  env: Env,
  messages: OutboxMessage[],
  options: { notBefore?: Date } = {},
): Promise<number[]> {
  if (messages.length === 0) return [];
  const notBefore = options.notBefore ? { nextAttemptAt: options.notBefore } : {};
  const rows = await db
    .insert(schema.notifications)
    .values(messages.map((m) => ({ ...outboxRow(env, m), ...notBefore })))
    .returning({ id: schema.notifications.id });
  announceEnqueued();
  return rows.map((r) => r.id);
}

/**
 * Withdraws (deletes) the rows of `ids` that no worker can have taken: pending and not due before `now`,
 * or unsent (no channel). Conditioned on the row's status, so a worker's claim and a withdrawal exclude
 * each other on every process. The ids withdrawn.
 */
export async function withdrawBeforeDue(db: Executor, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const { notifications } = schema;
  const rows = await db
    .delete(notifications)
    .where(
      and(
        inArray(notifications.id, ids),
        or(
          and(eq(notifications.status, "pending"), gt(notifications.nextAttemptAt, now)),
          eq(notifications.status, "unsent"),
        ),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}
