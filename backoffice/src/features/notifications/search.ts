// The notifications screen's filters live in the URL (?status=failed&channel=email), so a filtered view can be shared.
export const STATUSES = ["pending", "sending", "sent", "failed", "unsent"] as const;
export const CHANNELS = ["telegram", "email"] as const;
export type NotificationStatus = (typeof STATUSES)[number];
export type NotificationChannel = (typeof CHANNELS)[number];
export interface NotificationsSearch {
  status?: NotificationStatus;
  channel?: NotificationChannel;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function parseNotificationsSearch(search: Record<string, unknown>): NotificationsSearch {
  const status = oneOf(STATUSES, search.status);
  const channel = oneOf(CHANNELS, search.channel);
  return { ...(status ? { status } : {}), ...(channel ? { channel } : {}) };
}
