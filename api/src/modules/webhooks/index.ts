// Webhooks: endpoints, events written with their change, and the delivery worker.
export { emitWebhookEvent, newMessageId, webhookEventCte } from "./events";
export { orderCreatedData } from "./payloads";
export { webhookRoutes } from "./webhooks.rest";
export { adminWebhooksRouter } from "./webhooks.router";
export { purgeOldWebhookLog } from "./webhooks.service";
export type { WebhookWorker } from "./worker";
export { createWebhookJob, createWebhookWorker } from "./worker";
