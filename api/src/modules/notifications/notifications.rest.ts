// The outbox's operations (back-office origin; owner only through the staff access policy): each gives its
// documented REST path and its tRPC procedure notifications.<name> (notifications.router.ts).

import { idParams } from "@ch/contracts/admin";
import { instant, int } from "@ch/contracts/responses";
import { z } from "zod";
import { route } from "../../http/route";
import {
  getNotification,
  listNotifications,
  notificationListInput,
  notificationSummary,
  retryNotification,
} from "./notifications.service";

const notificationDto = z.object({
  id: int(),
  channel: z.string(),
  kind: z.string(),
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  preview: z.string(),
  entityType: z.string().nullable(),
  entityId: int().nullable(),
  status: z.string(),
  attempts: int(),
  nextAttemptAt: instant().nullable(),
  lastError: z.string().nullable(),
  sentAt: instant().nullable(),
  createdAt: instant(),
  retryable: z.boolean(),
  /** The last change of its state (claimed, attempted, sent, failed, retried): sync by the last one seen. */
  updatedAt: instant(),
});
const notificationDetail = notificationDto.extend({
  text: z.string(),
  chatForward: z
    .object({
      id: int(),
      message: z.string(),
      currentPage: z.string(),
      device: z.string(),
      browser: z.string(),
      ipAddress: z.string().nullable(),
      enquiryId: int().nullable(),
      createdAt: instant(),
    })
    .nullable(),
});
const notificationSummaryDto = z.object({
  byStatus: z.object({ pending: int(), sending: int(), sent: int(), failed: int(), unsent: int() }),
  channels: z.object({ telegram: z.boolean(), email: z.boolean() }),
});

export const notificationOperations = {
  list: route({
    method: "GET",
    url: "/api/admin/notifications",
    access: "admin",
    summary: "Recent notifications (Telegram to staff, e-mail to customers), newest first",
    operationId: "listNotifications",
    response: z.array(notificationDto),
    tags: ["admin", "notifications"],
    query: notificationListInput,
    answer:
      "Array of { id, channel, kind, recipient, subject, preview, status, attempts, lastError, createdAt, updatedAt, sentAt, retryable }; updatedSince, createdSince and createdBefore narrow it",
    handler: ({ deps, query }) => listNotifications(deps, query),
  }),
  summary: route({
    method: "GET",
    url: "/api/admin/notifications/summary",
    access: "admin",
    summary: "Notification counts by status and which channels are configured",
    operationId: "getNotificationSummary",
    response: notificationSummaryDto,
    tags: ["admin", "notifications"],
    answer: "{ byStatus: { pending, sending, sent, failed, unsent }, channels: { telegram, email } }",
    handler: ({ deps }) => notificationSummary(deps),
  }),
  get: route({
    method: "GET",
    url: "/api/admin/notifications/:id",
    access: "admin",
    summary: "One notification in full (a chat forward with the visitor's whole message)",
    operationId: "getNotification",
    response: notificationDetail,
    errors: [404],
    tags: ["admin", "notifications"],
    params: idParams,
    answer: "The notification with its full text; 404 when unknown",
    handler: ({ deps, params }) => getNotification(deps, params.id),
  }),
  retry: route({
    method: "POST",
    url: "/api/admin/notifications/:id/retry",
    access: "admin",
    summary: "Queue a failed or unsent notification again (audited)",
    operationId: "retryNotification",
    response: z.object({ id: int(), status: z.literal("pending") }),
    errors: [404, 409],
    tags: ["admin", "notifications"],
    params: idParams,
    answer:
      "{ id, status: 'pending' }; 409 when the notification is not failed/unsent or its channel is not configured",
    handler: ({ deps, params, admin }) => retryNotification(deps, admin!, params.id),
  }),
};

export const notificationRoutes = Object.values(notificationOperations);
