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
 * The loop around it (poll, wake-up on this process's writes, stop with a grace period) is the job
 * runner's (lib/job-runner.ts); this file is the job.
 */
import { EventEmitter } from "node:events";
import { schema } from "@ch/db";
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { backoffDelayMs, type Job, type RunContext, type SingleJobWorker, singleJobWorker } from "../../lib/job-runner";
import { emailAttachments } from "../documents";
import { objectStoreOf } from "../media";
import {
  type AcknowledgementCaps,
  acknowledgementBucket,
  acknowledgementCapsFromEnv,
  acknowledgementRefusal,
} from "./acknowledgement-cap";
import { DeliveryError } from "./delivery-error";
import { createEmailSender, type EmailSender, outboxMessageId } from "./email";
import { type Channel, channelConfigured, wakeOnOutboxSignals } from "./outbox";
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

/** The outbox as a job of the runner (jobs.ts); its run delivers every row due now and counts them. */
export interface OutboxJob extends Job<number> {
  readonly stats: OutboxWorkerStats;
  /** Emits "settled" with a Settlement after each delivery attempt. */
  readonly events: EventEmitter;
}

/** The outbox job on a runner of its own (tests, one-off runs). */
export interface OutboxWorker extends SingleJobWorker<number> {
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
  return backoffDelayMs(attempts, options.retryBaseMs, options.retryMaxMs, options.random);
}

/** What one worker's functions share: its dependencies, options, counters and the Telegram pause. */
interface Outbox {
  deps: Deps;
  options: OutboxWorkerOptions;
  channels: Channel[];
  stats: OutboxWorkerStats;
  events: EventEmitter;
  email: EmailSender | null;
  telegramPausedUntil: number;
}

export function createOutboxJob(deps: Deps, overrides: Partial<OutboxWorkerOptions> = {}): OutboxJob {
  const options = { ...workerOptionsFromEnv(deps.env), ...overrides };
  const outbox: Outbox = {
    deps,
    options,
    channels: (["telegram", "email"] as const).filter((c) => channelConfigured(deps.env, c)),
    stats: { sent: 0, retried: 0, rateLimited: 0, failed: 0, skipped: 0, lostClaims: 0 },
    events: new EventEmitter(),
    email: null,
    telegramPausedUntil: 0,
  };
  const wakeOnEnqueued = wakeOnOutboxSignals(["enqueued"], options.nudgeDelayMs);
  return {
    name: "notifications-outbox",
    intervalMs: options.pollMs,
    // Telegram requests can be cancelled; an SMTP conversation cannot, so the runner gives up waiting
    // shortly after the grace period (its row stays "sending" and is delivered again after the lease).
    stopGraceMs: options.stopGraceMs,
    stats: outbox.stats,
    events: outbox.events,
    run: (signal, ctx) => deliverDue(outbox, signal, ctx),
    onStart: wakeOnEnqueued.onStart,
    onStop() {
      wakeOnEnqueued.onStop();
      outbox.email?.close();
      outbox.email = null;
    },
  };
}

export function createOutboxWorker(deps: Deps, overrides: Partial<OutboxWorkerOptions> = {}): OutboxWorker {
  const job = createOutboxJob(deps, overrides);
  return { ...singleJobWorker(deps.log, job), stats: job.stats, events: job.events };
}

/** Claims, delivers and settles one due row after another until none is due (or the runner stops). */
async function deliverDue(outbox: Outbox, signal: AbortSignal, ctx: RunContext): Promise<number> {
  let settled = 0;
  while (!ctx.stopping) {
    const row = await claim(outbox);
    if (!row) break;
    const refused = await refusal(outbox, row);
    if (refused !== null) {
      record(outbox, await skip(outbox, row, refused), row);
    } else {
      let error: unknown = null;
      try {
        await deliver(outbox, row, signal);
      } catch (caught) {
        error = caught;
      }
      record(outbox, await settle(outbox, row, error), row);
    }
    settled += 1;
  }
  return settled;
}

async function claim(outbox: Outbox): Promise<NotificationRow | null> {
  const { db, clock } = outbox.deps;
  const now = clock.now();
  const usable = outbox.channels.filter((c) => c !== "telegram" || outbox.telegramPausedUntil <= now.getTime());
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
        lockedUntil: new Date(now.getTime() + outbox.options.leaseMs),
        attempts: sql`${notifications.attempts} + 1`,
      })
      .where(eq(notifications.id, due.id))
      .returning();
    return row ?? null;
  });
}

/** The project documents an e-mail carries: their ids in the row's payload (outbox.ts). */
const attachedDocuments = (payload: Record<string, unknown>): number[] =>
  Array.isArray(payload.attachments) ? payload.attachments.filter((id): id is number => Number.isInteger(id)) : [];

async function deliver(outbox: Outbox, row: NotificationRow, signal: AbortSignal): Promise<void> {
  const { env } = outbox.deps;
  if (row.channel === "telegram") {
    const chatId = row.recipient ?? env.TELEGRAM_CHAT_ID;
    if (!chatId) throw new DeliveryError("No Telegram chat (TELEGRAM_CHAT_ID)", { retryable: false });
    await sendTelegramMessage(env, { chatId, text: row.bodyText }, signal);
    return;
  }
  if (row.channel === "email") {
    if (!row.recipient) throw new DeliveryError("No recipient address", { retryable: false });
    outbox.email ??= createEmailSender(env);
    if (!outbox.email) throw new DeliveryError("E-mail is not configured (SMTP_URL)", { retryable: false });
    await outbox.email.send({
      to: row.recipient,
      subject: row.subject ?? env.COMPANY_NAME,
      text: row.bodyText,
      html: row.bodyHtml,
      messageId: outboxMessageId(env, row.id),
      attachments: await emailAttachments(outbox.deps.db, objectStoreOf(env), attachedDocuments(row.payload)),
    });
    return;
  }
  throw new DeliveryError(`Unknown channel "${row.channel}"`, { retryable: false });
}

/** The row as this worker claimed it: a settle changes it only while the claim still holds. */
const heldClaim = (row: NotificationRow) =>
  and(
    eq(notifications.id, row.id),
    eq(notifications.status, "sending"),
    eq(notifications.attempts, row.attempts),
    eq(notifications.lockedUntil, row.lockedUntil!),
  );

async function settle(outbox: Outbox, row: NotificationRow, error: unknown): Promise<Settlement> {
  if (error === null) return settleSent(outbox, row);
  const { db, clock } = outbox.deps;
  const { options } = outbox;
  const now = clock.now();
  const failure = error instanceof DeliveryError ? error : new DeliveryError(errorText(error), { retryable: true });
  const message = failure.message.slice(0, 1000);
  const rateLimited = failure.retryAfterMs !== undefined;
  if (failure.retryable && (rateLimited || row.attempts < options.maxAttempts)) {
    const delayMs = rateLimited
      ? failure.retryAfterMs! + Math.round(options.random() * Math.min(1000, failure.retryAfterMs! / 10))
      : retryDelayMs(row.attempts, options);
    if (rateLimited && row.channel === "telegram") {
      outbox.telegramPausedUntil = Math.max(outbox.telegramPausedUntil, now.getTime() + failure.retryAfterMs!);
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
      .where(heldClaim(row))
      .returning({ id: notifications.id });
    if (!updated) return lost(outbox, row);
    return { id: row.id, status: "pending", attempts: row.attempts, delayMs, error: message, rateLimited };
  }
  const [updated] = await db
    .update(notifications)
    .set({ status: "failed", lockedUntil: null, lastError: message })
    .where(heldClaim(row))
    .returning({ id: notifications.id });
  return updated ? { id: row.id, status: "failed", attempts: row.attempts, error: message } : lost(outbox, row);
}

async function settleSent(outbox: Outbox, row: NotificationRow): Promise<Settlement> {
  const now = outbox.deps.clock.now();
  const marksVisit = row.kind === "new-visitor" && row.entityType === "visit" && row.entityId !== null;
  if (!marksVisit) {
    // one statement, not a transaction: the time between the channel's acceptance and this record is
    // the only one in which a killed process makes the message go twice
    const [updated] = await outbox.deps.db
      .update(notifications)
      .set({ status: "sent", sentAt: now, lockedUntil: null })
      .where(heldClaim(row))
      .returning({ id: notifications.id });
    return updated ? { id: row.id, status: "sent", attempts: row.attempts } : lost(outbox, row);
  }
  const done = await outbox.deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(notifications)
      .set({ status: "sent", sentAt: now, lockedUntil: null })
      .where(heldClaim(row))
      .returning({ id: notifications.id });
    if (updated) {
      await tx.update(visits).set({ telegramNotified: true }).where(eq(visits.id, row.entityId!));
    }
    return Boolean(updated);
  });
  return done ? { id: row.id, status: "sent", attempts: row.attempts } : lost(outbox, row);
}

/** The reason a capped e-mail may not go, counted once: on its first attempt. */
async function refusal(outbox: Outbox, row: NotificationRow): Promise<string | null> {
  if (row.attempts !== 1 || !row.recipient) return null;
  const bucket = acknowledgementBucket(row);
  if (bucket === null) return null;
  const { db, clock } = outbox.deps;
  return acknowledgementRefusal(db, outbox.options.acknowledgementCaps, bucket, row.recipient, clock.now());
}

async function skip(outbox: Outbox, row: NotificationRow, reason: string): Promise<Settlement> {
  const [updated] = await outbox.deps.db
    .update(notifications)
    .set({ status: "failed", lockedUntil: null, lastError: reason })
    .where(heldClaim(row))
    .returning({ id: notifications.id });
  return updated ? { id: row.id, status: "skipped", attempts: row.attempts, reason } : lost(outbox, row);
}

function lost(outbox: Outbox, row: NotificationRow): Settlement {
  outbox.deps.log.warn({ notificationId: row.id }, "outbox: lease expired before the delivery was recorded");
  return { id: row.id, status: "lost", attempts: row.attempts };
}

function record(outbox: Outbox, outcome: Settlement, row: NotificationRow) {
  const { stats, deps } = outbox;
  const { log } = deps;
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
  outbox.events.emit("settled", outcome);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
