import { idParams } from "../../contracts/admin";
import { route } from "../../http/route";
import {
  getNotification,
  listNotifications,
  notificationListInput,
  notificationSummary,
  retryNotification,
} from "./notifications.service";

export const notificationRoutes = [
  route({
    method: "GET",
    url: "/api/admin/notifications",
    access: "admin",
    summary: "Recent notifications (Telegram to staff, e-mail to customers), newest first",
    tags: ["admin", "notifications"],
    query: notificationListInput,
    answer:
      "Array of { id, channel, kind, recipient, subject, preview, status, attempts, lastError, createdAt, sentAt, retryable }",
    handler: ({ deps, query }) => listNotifications(deps, query),
  }),
  route({
    method: "GET",
    url: "/api/admin/notifications/summary",
    access: "admin",
    summary: "Notification counts by status and which channels are configured",
    tags: ["admin", "notifications"],
    answer: "{ byStatus: { pending, sending, sent, failed, unsent }, channels: { telegram, email } }",
    handler: ({ deps }) => notificationSummary(deps),
  }),
  route({
    method: "GET",
    url: "/api/admin/notifications/:id",
    access: "admin",
    summary: "One notification in full (a chat forward with the visitor's whole message)",
    tags: ["admin", "notifications"],
    params: idParams,
    answer: "The notification with its full text; 404 when unknown",
    handler: ({ deps, params }) => getNotification(deps, params.id),
  }),
  route({
    method: "POST",
    url: "/api/admin/notifications/:id/retry",
    access: "admin",
    summary: "Queue a failed or unsent notification again (audited)",
    tags: ["admin", "notifications"],
    params: idParams,
    answer:
      "{ id, status: 'pending' }; 409 when the notification is not failed/unsent or its channel is not configured",
    handler: ({ deps, params, admin }) => retryNotification(deps, admin!, params.id),
  }),
];
