// Webhook event types, their labels and the delivery states with their allowed moves: plain values
// (no zod), so the back office's webhook screen loads without the schema library. The inputs are in
// ./webhooks. No server imports.

export const WEBHOOK_EVENT_TYPES = [
  "order.created",
  "order.stage_changed",
  "order.changed",
  "order.message",
  "order.document_added",
  "order.photo_added",
  "warranty_claim.opened",
  "warranty_claim.updated",
  "payment.recorded",
  "payment.refunded",
  "usdt_transfer.unmatched",
  "proposal.sent",
  "proposal.accepted",
  "proposal.changes_requested",
  "lead.created",
  "lead.status_changed",
  "product.created",
  "product.updated",
  "product.deleted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "order.created": "An order is placed",
  "order.stage_changed": "An order moves to another build stage",
  "order.changed": "A change order is signed",
  "order.message": "A project message is written",
  "order.document_added": "A project document is added",
  "order.photo_added": "A progress photo is posted",
  "warranty_claim.opened": "A warranty claim is opened",
  "warranty_claim.updated": "A warranty claim changes status",
  "payment.recorded": "A payment is recorded",
  "payment.refunded": "A refund is recorded",
  "usdt_transfer.unmatched": "A USDT transfer arrives that no open invoice asks for",
  "proposal.sent": "A proposal is sent to the customer",
  "proposal.accepted": "A customer accepts a proposal",
  "proposal.changes_requested": "A customer asks for changes to a proposal",
  "lead.created": "A contact, quote request or chat lead arrives",
  "lead.status_changed": "A lead's status changes",
  "product.created": "A product is added",
  "product.updated": "A product is edited",
  "product.deleted": "A product is deleted",
};

/** The test event "Send test event" delivers to one endpoint (never in the events feed). */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/**
 * The resource an event is about: events of one resource reach an endpoint in the order they happened
 * (a payment's and a stage move's events are their order's).
 */
export function webhookResourceOf(type: string, data: Record<string, unknown>): string | null {
  const [noun] = type.split(".");
  const idOf = (key: string) => (typeof data[key] === "number" || typeof data[key] === "string" ? data[key] : null);
  const ref = (kind: string, id: unknown) => (id === null ? null : `${kind}:${String(id)}`);
  if (noun === "order" || noun === "payment") return ref("order", idOf("orderId") ?? idOf("id"));
  if (noun === "proposal") return ref("proposal", idOf("proposalId"));
  if (noun === "usdt_transfer") return ref("usdt_transfer", idOf("txHash"));
  if (noun === "lead" || noun === "product") return ref(noun, idOf("id"));
  return null;
}

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
