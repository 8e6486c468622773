// Staff (Telegram) and customer (e-mail) notifications: message texts, the outbox and its worker.
export {
  composeEmail,
  type EmailBlock,
  escapeHtml,
  followOrderBlocks,
  orderStatusUrl,
  paragraphsEmail,
  portalBlock,
} from "./email-layout";
export {
  chatForwardMessage,
  enquiryMessages,
  newVisitorMessage,
  type OrderForMessage,
  orderMessages,
  paymentInstructions,
} from "./messages";
export { notificationRoutes } from "./notifications.rest";
export { adminNotificationsRouter } from "./notifications.router";
export type { OutboxMessage } from "./outbox";
export {
  announceEnqueued,
  enqueue,
  outboxRow,
  outboxSignal,
  wakeOnOutboxSignals,
  withdrawBeforeDue,
} from "./outbox";
export type { OutboxWorker } from "./worker";
export { createOutboxJob, createOutboxWorker, retryDelayMs } from "./worker";
