// Staff (Telegram) and customer (e-mail) notifications: message texts, the outbox and its worker.
export {
  chatForwardMessage,
  emailFooterText,
  emailHtml,
  enquiryMessages,
  escapeHtml,
  newVisitorMessage,
  orderMessages,
  paragraphsEmail,
  paymentInstructions,
} from "./messages";
export { notificationRoutes } from "./notifications.rest";
export { adminNotificationsRouter } from "./notifications.router";
export type { OutboxMessage } from "./outbox";
export { announceEnqueued, enqueue, outboxRow, outboxSignal, withdrawBeforeDue } from "./outbox";
export type { OutboxWorker } from "./worker";
export { createOutboxWorker, retryDelayMs } from "./worker";
