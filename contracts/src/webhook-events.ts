// Webhook event types, their labels and the delivery states with their allowed moves: plain values
// (no zod), so the back office's webhook screen loads without the schema library. The inputs are in
// ./webhooks. No server imports.

export const WEBHOOK_EVENT_TYPES = [
  "order.created",
  "order.stage_changed",
  "payment.recorded",
  "proposal.accepted",
  "lead.created",
  "product.updated",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "order.created": "An order is placed",
  "order.stage_changed": "An order moves to another build stage",
  "payment.recorded": "A payment or refund is recorded",
  "proposal.accepted": "A customer accepts a proposal",
  "lead.created": "A contact, quote request or chat lead arrives",
  "product.updated": "A product is edited",
};

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "sending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * The allowed moves of a delivery, read by the worker, the screen and the tests: a claimed delivery is
 * "sending"; its attempt settles it (back to "pending" for a retry, "failed" past its 3-day window or when
 * its endpoint is disabled); "pending" also fails when the endpoint is disabled. Succeeded and failed are
 * final: "Resend" makes a new delivery of the same message.
 */
export const WEBHOOK_DELIVERY_MOVES: Record<WebhookDeliveryStatus, readonly WebhookDeliveryStatus[]> = {
  pending: ["sending", "failed"],
  sending: ["succeeded", "pending", "failed"],
  succeeded: [],
  failed: [],
};

export const canResendDelivery = (status: WebhookDeliveryStatus) => WEBHOOK_DELIVERY_MOVES[status].length === 0;
