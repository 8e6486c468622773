/**
 * The outbox worker: delivers pending notifications (Telegram to staff, e-mail to customers).
 *
 * 1. Claim: a short transaction picks one due row with FOR UPDATE SKIP LOCKED and marks it
 *    "sending" with a lease (lockedUntil) and attempts + 1. Due = pending and nextAttemptAt passed,
 *    or "sending" with an expired lease (its process died mid-delivery). Any number of workers and
 *    processes may run: a row is claimed by one of them at a time.
 * 2. Deliver outside any transaction, with a time limit well under the lease. An e-mail to an address
 *    typed into a public page is first counted against its caps on its first attempt (acknowledgement-cap.ts:
 *    a form's acknowledgement against the forms' caps, a checkout confirmation against its own); beyond a
 *    cap it is settled "failed" with the reason and never sent.
 * 3. Settle conditioned on the claim (same attempts and lockedUntil, still "sending"): sent, back to
 *    pending with exponential backoff and jitter (Telegram's 429 retry_after is honoured and does not
 *    count as an attempt), or failed after the last attempt or on a permanent error. A worker whose
 *    lease was taken over settles nothing. A delivered new-visitor row marks its visit notified in the
 *    same transaction.
 * Exactly once holds unless a process dies (or is stopped) between the channel accepting a message and
 * step 3; then the row is sent again after the lease: at least once, never lost.
 */
import { EventEmitter } from "node:events";
import { schema } from "@ch/db";
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import {
  type AcknowledgementCaps,
  acknowledgementBucket,
  acknowledgementCapsFromEnv,
  acknowledgementRefusal,
} from "./acknowledgement-cap";
import { DeliveryError } from "./delivery-error";
import { createEmailSender, type EmailSender } from "./email";
import { type Channel, channelConfigured, outboxSignal } from "./outbox";
import { sendTelegramMessage } from "./telegram";

const { notifications, visits } = schema;
type NotificationRow = typeof notifications.$inferSelect;

export interface OutboxWorkerOptions {
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  leaseMs: number;
  /** How long stop() lets the current delivery finish before cancelling it (stop resolves within this + 1 s). */
  stopGraceMs: number;
  /** Delay between a same-process write and the look it triggers (lets the writing transaction commit). */
  nudgeDelayMs: number;
  /** Source of jitter, in [0, 1). */
  random: () => number;
  /** The caps on e-mails to unproven addresses: the forms' (per mailbox, overall) and the checkout's (per mailbox). */
  acknowledgementCaps: AcknowledgementCaps;
}

export type Settlement =
  | { id: number; status: "sent"; attempts: number }
  | { id: number; status: "pending"; attempts: number; delayMs: number; error: string; rateLimited: boolean }
  | { id: number; status: "failed"; attempts: number; error: string }
  | { id: number; status: "skipped"; attempts: number; reason: string }
  | { id: number; status: "lost"; attempts: number };

export interface OutboxWorkerStats {
  sent: number;
  retried: number;
  rateLimited: number;
  failed: number;
  /** Acknowledgements not sent because a cap was reached. */
  skipped: number;
  lostClaims: number;
}

export interface OutboxWorker {
  start(): void;
  /** Finishes (or, after stopGraceMs, cancels) the current delivery, then resolves. */
  stop(): Promise<void>;
  /** Looks for due rows now instead of at the next poll. */
  nudge(): void;
  /** Delivers every row due now, then resolves (for one-off runs and tests). */
  drain(): Promise<void>;
  readonly stats: OutboxWorkerStats;
  /** Emits "settled" with a Settlement after each delivery attempt. */
  readonly events: EventEmitter;
}

export function workerOptionsFromEnv(env: Deps["env"]): OutboxWorkerOptions {
  return {
    pollMs: env.OUTBOX_POLL_MS,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
    retryMaxMs: env.OUTBOX_RETRY_MAX_MS,
    // A lease shorter than a delivery could let a second worker send the same row.
    leaseMs: Math.max(env.OUTBOX_LEASE_MS, env.NOTIFY_TIMEOUT_MS * 3),
    stopGraceMs: 4000,
    nudgeDelayMs: 20,
    random: Math.random,
    acknowledgementCaps: acknowledgementCapsFromEnv(env),
  };
}

/** Exponential backoff with "equal jitter": half the step fixed, half random. */
export function retryDelayMs(
  attempts: number,
  options: Pick<OutboxWorkerOptions, "retryBaseMs" | "retryMaxMs" | "random">,
) {
  const step = Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + options.random() * (step / 2));
}

export function createOutboxWorker(deps: Deps, overrides: Partial<OutboxWorkerOptions> = {}): OutboxWorker {
  const options = { ...workerOptionsFromEnv(deps.env), ...overrides };
  const { db, env, clock, log } = deps;
  const events = new EventEmitter();
  const stats: OutboxWorkerStats = { sent: 0, retried: 0, rateLimited: 0, failed: 0, skipped: 0, lostClaims: 0 };
  const channels = (["telegram", "email"] as const).filter((c) => channelConfigured(env, c));
  let email: EmailSender | null = null;
  let telegramPausedUntil = 0;
  let running: Promise<void> | null = null;
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  let again = false;
  let abort = new AbortController();

  const wake = () => {
    again = true;
    wakeUp?.();
  };
  const onEnqueued = () => setTimeout(wake, options.nudgeDelayMs).unref();

  async function claim(): Promise<NotificationRow | null> {
    const now = clock.now();
    const usable: Channel[] = channels.filter((c) => c !== "telegram" || telegramPausedUntil <= now.getTime());
    if (usable.length === 0) return null;
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            inArray(notifications.channel, usable),
            or(
              and(eq(notifications.status, "pending"), lte(notifications.nextAttemptAt, now)),
              and(eq(notifications.status, "sending"), lte(notifications.lockedUntil, now)),
            ),
          ),
        )
        .orderBy(asc(notifications.nextAttemptAt), asc(notifications.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return null;
      const [row] = await tx
        .update(notifications)
        .set({
          status: "sending",
          lockedUntil: new Date(now.getTime() + options.leaseMs),
          attempts: sql`${notifications.attempts} + 1`,
        })
        .where(eq(notifications.id, due.id))
        .returning();
      return row ?? null;
    });
  }

  async function deliver(row: NotificationRow): Promise<void> {
    if (row.channel === "telegram") {
      const chatId = row.recipient ?? env.TELEGRAM_CHAT_ID;
      if (!chatId) throw new DeliveryError("No Telegram chat (TELEGRAM_CHAT_ID)", { retryable: false });
      await sendTelegramMessage(env, { chatId, text: row.bodyText }, abort.signal);
      return;
    }
    if (row.channel === "email") {
      if (!row.recipient) throw new DeliveryError("No recipient address", { retryable: false });
      email ??= createEmailSender(env);
      if (!email) throw new DeliveryError("E-mail is not configured (SMTP_URL)", { retryable: false });
      await email.send({
        to: row.recipient,
        subject: row.subject ?? env.COMPANY_NAME,
        text: row.bodyText,
        html: row.bodyHtml,
      });
      return;
    }
    throw new DeliveryError(`Unknown channel "${row.channel}"`, { retryable: false });
  }

  async function settle(row: NotificationRow, error: unknown): Promise<Settlement> {
    const now = clock.now();
    const heldClaim = and(
      eq(notifications.id, row.id),
      eq(notifications.status, "sending"),
      eq(notifications.attempts, row.attempts),
      eq(notifications.lockedUntil, row.lockedUntil!),
    );
    if (error === null) {
      const done = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(notifications)
          .set({ status: "sent", sentAt: now, lockedUntil: null })
          .where(heldClaim)
          .returning({ id: notifications.id });
        if (updated && row.kind === "new-visitor" && row.entityType === "visit" && row.entityId !== null) {
          await tx.update(visits).set({ telegramNotified: true }).where(eq(visits.id, row.entityId));
        }
        return Boolean(updated);
      });
      return done ? { id: row.id, status: "sent", attempts: row.attempts } : lost(row);
    }
    const failure = error instanceof DeliveryError ? error : new DeliveryError(errorText(error), { retryable: true });
    const message = failure.message.slice(0, 1000);
    const rateLimited = failure.retryAfterMs !== undefined;
    if (failure.retryable && (rateLimited || row.attempts < options.maxAttempts)) {
      const delayMs = rateLimited
        ? failure.retryAfterMs! + Math.round(options.random() * Math.min(1000, failure.retryAfterMs! / 10))
        : retryDelayMs(row.attempts, options);
      if (rateLimited && row.channel === "telegram") {
        telegramPausedUntil = Math.max(telegramPausedUntil, now.getTime() + failure.retryAfterMs!);
      }
      const [updated] = await db
        .update(notifications)
        .set({
          status: "pending",
          nextAttemptAt: new Date(now.getTime() + delayMs),
          lockedUntil: null,
          lastError: message,
          // Being told to wait is not a failed attempt.
          ...(rateLimited ? { attempts: sql`${notifications.attempts} - 1` } : {}),
        })
        .where(heldClaim)
        .returning({ id: notifications.id });
      if (!updated) return lost(row);
      return { id: row.id, status: "pending", attempts: row.attempts, delayMs, error: message, rateLimited };
    }
    const [updated] = await db
      .update(notifications)
      .set({ status: "failed", lockedUntil: null, lastError: message })
      .where(heldClaim)
      .returning({ id: notifications.id });
    return updated ? { id: row.id, status: "failed", attempts: row.attempts, error: message } : lost(row);
  }

  /** The reason a capped e-mail may not go, counted once: on its first attempt. */
  async function refusal(row: NotificationRow): Promise<string | null> {
    if (row.attempts !== 1 || !row.recipient) return null;
    const bucket = acknowledgementBucket(row);
    if (bucket === null) return null;
    return acknowledgementRefusal(db, options.acknowledgementCaps, bucket, row.recipient, clock.now());
  }

  async function skip(row: NotificationRow, reason: string): Promise<Settlement> {
    const [updated] = await db
      .update(notifications)
      .set({ status: "failed", lockedUntil: null, lastError: reason })
      .where(
        and(
          eq(notifications.id, row.id),
          eq(notifications.status, "sending"),
          eq(notifications.attempts, row.attempts),
          eq(notifications.lockedUntil, row.lockedUntil!),
        ),
      )
      .returning({ id: notifications.id });
    return updated ? { id: row.id, status: "skipped", attempts: row.attempts, reason } : lost(row);
  }

  function lost(row: NotificationRow): Settlement {
    log.warn({ notificationId: row.id }, "outbox: lease expired before the delivery was recorded");
    return { id: row.id, status: "lost", attempts: row.attempts };
  }

  function record(outcome: Settlement, row: NotificationRow) {
    if (outcome.status === "sent") stats.sent += 1;
    else if (outcome.status === "failed") {
      stats.failed += 1;
      log.error({ notificationId: row.id, kind: row.kind, error: outcome.error }, "notification failed");
    } else if (outcome.status === "pending") {
      if (outcome.rateLimited) stats.rateLimited += 1;
      else stats.retried += 1;
      log.warn(
        { notificationId: row.id, kind: row.kind, error: outcome.error, retryInMs: outcome.delayMs },
        "notification delivery will be retried",
      );
    } else if (outcome.status === "skipped") {
      stats.skipped += 1;
      log.info({ notificationId: row.id, kind: row.kind }, "acknowledgement not sent: cap reached");
    } else stats.lostClaims += 1;
    events.emit("settled", outcome);
  }

  async function drainDue(): Promise<void> {
    while (!stopping) {
      const row = await claim();
      if (!row) return;
      const refused = await refusal(row);
      if (refused !== null) {
        record(await skip(row, refused), row);
        continue;
      }
      let error: unknown = null;
      try {
        await deliver(row);
      } catch (caught) {
        error = caught;
      }
      record(await settle(row, error), row);
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      again = false;
      try {
        await drainDue();
      } catch (error) {
        log.warn({ err: error }, "outbox worker: database unavailable; will retry");
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
    stats,
    events,
    start() {
      if (running) return;
      stopping = false;
      abort = new AbortController();
      outboxSignal.on("enqueued", onEnqueued);
      running = loop();
    },
    async stop() {
      outboxSignal.off("enqueued", onEnqueued);
      stopping = true;
      wake();
      // Telegram requests can be cancelled; an SMTP conversation cannot, so stop() gives up waiting
      // shortly after the grace period (its row stays "sending" and is delivered again after the lease).
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<"late">((resolve) => {
        timer = setTimeout(() => {
          abort.abort();
          timer = setTimeout(() => resolve("late"), 1000);
        }, options.stopGraceMs);
      });
      try {
        if ((await Promise.race([running, deadline])) === "late") {
          log.warn("outbox worker: a delivery was still running at shutdown");
        }
      } finally {
        clearTimeout(timer);
        running = null;
        email?.close();
        email = null;
      }
    },
    nudge: wake,
    drain: drainDue,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
