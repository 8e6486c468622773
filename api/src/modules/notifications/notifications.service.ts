// The back office's view of the outbox: recent notifications, one in full, and a retry that puts a
// failed or unsent notification back in the queue (audited).
import { changeFilters } from "@ch/contracts/change-filters";
import { rowsOf, schema } from "@ch/db";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../lib/deps";
import { conflict, notFound } from "../../lib/errors";
import { lockedRow } from "../../lib/locked-row";
import { changeClauses } from "../../lib/sorted-page";
import { type Actor, recordAudit } from "../audit";
import { telegramPlainText } from "./messages";
import { type Channel, channelConfigured, outboxSignal } from "./outbox";

const { notifications, chatForwards } = schema;

export const NOTIFICATION_STATUSES = ["pending", "sending", "sent", "failed", "unsent"] as const;
export const NOTIFICATION_CHANNELS = ["telegram", "email"] as const;

export const notificationListInput = z.strictObject({
  status: z.enum(NOTIFICATION_STATUSES).optional(),
  channel: z.enum(NOTIFICATION_CHANNELS).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  ...changeFilters,
});
export type NotificationListInput = z.output<typeof notificationListInput>;

/**
 * The readable text of a notification: Telegram HTML as plain text without its leading emoji (a
 * marker for the chat, noise on a staff screen), e-mail as its plain-text part. The single-use tokens
 * of invitation and password-reset links are hidden: the outbox screen must not hand out sign-in links.
 */
const readable = (row: { channel: string; bodyText: string }) =>
  row.channel === "telegram"
    ? telegramPlainText(row.bodyText).replace(/^\p{Extended_Pictographic}\uFE0F?\s*/u, "")
    : row.bodyText.replace(/#token=[A-Za-z0-9_-]+/g, "#token=(hidden)");

const PREVIEW_LENGTH = 160;

const listColumns = {
  id: notifications.id,
  channel: notifications.channel,
  kind: notifications.kind,
  recipient: notifications.recipient,
  subject: notifications.subject,
  bodyText: notifications.bodyText,
  entityType: notifications.entityType,
  entityId: notifications.entityId,
  status: notifications.status,
  attempts: notifications.attempts,
  nextAttemptAt: notifications.nextAttemptAt,
  lastError: notifications.lastError,
  sentAt: notifications.sentAt,
  createdAt: notifications.createdAt,
  updatedAt: notifications.updatedAt,
};
type ListRow = { [K in keyof typeof listColumns]: (typeof notifications.$inferSelect)[K] };

function toListItem(row: ListRow, env: Deps["env"]) {
  const text = readable(row);
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    preview: text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text,
    entityType: row.entityType,
    entityId: row.entityId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    /** Whether Retry can work now (failed or unsent, and the channel is configured). */
    retryable:
      (row.status === "failed" || row.status === "unsent") &&
      isChannel(row.channel) &&
      channelConfigured(env, row.channel),
  };
}

const isChannel = (value: string): value is Channel => (NOTIFICATION_CHANNELS as readonly string[]).includes(value);

export async function listNotifications(deps: Deps, filter: NotificationListInput = {}) {
  const rows = await deps.db
    .select(listColumns)
    .from(notifications)
    .where(
      and(
        filter.status ? eq(notifications.status, filter.status) : undefined,
        filter.channel ? eq(notifications.channel, filter.channel) : undefined,
        ...changeClauses(notifications, filter),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(filter.limit ?? 100);
  return rows.map((row) => toListItem(row, deps.env));
}

/** Counts by status and whether each channel is configured, for the screen's summary. */
export async function notificationSummary(deps: Deps) {
  const counts = rowsOf<{ status: string; count: number }>(
    await deps.db.execute(sql`select status, count(*)::int as count from notifications group by status`),
  );
  const byStatus = Object.fromEntries(NOTIFICATION_STATUSES.map((s) => [s, 0])) as Record<
    (typeof NOTIFICATION_STATUSES)[number],
    number
  >;
  for (const c of counts) if (c.status in byStatus) byStatus[c.status as keyof typeof byStatus] = c.count;
  return {
    byStatus,
    channels: {
      telegram: channelConfigured(deps.env, "telegram"),
      email: channelConfigured(deps.env, "email"),
    },
  };
}

/** One notification in full; a chat forward comes with the visitor's whole message and context. */
export async function getNotification(deps: Deps, id: number) {
  const [row] = await deps.db.select(listColumns).from(notifications).where(eq(notifications.id, id)).limit(1);
  if (!row) throw notFound("Notification not found");
  let chatForward = null;
  if (row.entityType === "chat_forward" && row.entityId !== null) {
    const [forward] = await deps.db
      .select({
        id: chatForwards.id,
        message: chatForwards.message,
        currentPage: chatForwards.currentPage,
        device: chatForwards.device,
        browser: chatForwards.browser,
        ipAddress: chatForwards.ipAddress,
        enquiryId: chatForwards.enquiryId,
        createdAt: chatForwards.createdAt,
      })
      .from(chatForwards)
      .where(eq(chatForwards.id, row.entityId))
      .limit(1);
    if (forward) chatForward = { ...forward, createdAt: forward.createdAt.toISOString() };
  }
  return { ...toListItem(row, deps.env), text: readable(row), chatForward };
}

const RETRYABLE_STATUSES = ["failed", "unsent"];
const notConfiguredMessage: Record<Channel, string> = {
  telegram: "Telegram is not configured: set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID on the server, then retry.",
  email: "E-mail is not configured: set SMTP_URL (and SMTP_FROM) on the server, then retry.",
};

/** Puts a failed or unsent notification back in the queue with a fresh set of attempts; audited. */
export async function retryNotification(deps: Deps, actor: Actor, id: number) {
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockedRow(
      tx
        .select({
          id: notifications.id,
          channel: notifications.channel,
          kind: notifications.kind,
          status: notifications.status,
          attempts: notifications.attempts,
          lastError: notifications.lastError,
          recipient: notifications.recipient,
        })
        .from(notifications)
        .where(eq(notifications.id, id))
        .limit(1),
      "Notification not found",
    );
    if (!RETRYABLE_STATUSES.includes(row.status)) {
      throw conflict(`Only a failed or unsent notification can be retried; this one is ${row.status}.`, {
        notificationStatus: row.status,
      });
    }
    if (!isChannel(row.channel) || !channelConfigured(deps.env, row.channel)) {
      throw conflict(isChannel(row.channel) ? notConfiguredMessage[row.channel] : `Unknown channel ${row.channel}`, {
        code: "channel_not_configured",
      });
    }
    const recipient = row.channel === "telegram" ? (row.recipient ?? deps.env.TELEGRAM_CHAT_ID ?? null) : row.recipient;
    await tx
      .update(notifications)
      .set({ status: "pending", attempts: 0, nextAttemptAt: deps.clock.now(), lockedUntil: null, recipient })
      .where(and(eq(notifications.id, id), inArray(notifications.status, RETRYABLE_STATUSES)));
    await recordAudit(tx, actor, "notification.retry", "notification", id, {
      channel: row.channel,
      kind: row.kind,
      previousStatus: row.status,
      previousAttempts: row.attempts,
      previousError: row.lastError,
    });
    return row;
  });
  outboxSignal.emit("enqueued");
  return { id: result.id, status: "pending" as const };
}
