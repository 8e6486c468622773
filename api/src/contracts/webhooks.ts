// Webhooks: the events an endpoint may subscribe to, the delivery states and the inputs of the owner's
// webhook screen, tRPC webhooks.* and /api/admin/webhooks. Shared with the back office; no server imports.
import { z } from "zod";

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

const url = z
  .string()
  .trim()
  .min(1, "is required")
  .max(2000, "must be at most 2000 characters")
  .refine((value) => URL.canParse(value), "must be a full URL such as https://example.com/hooks")
  .refine((value) => !URL.canParse(value) || ["http:", "https:"].includes(new URL(value).protocol), {
    message: "must start with https:// (or http:// outside production)",
  });

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }))
  .min(1, "pick at least one event")
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

const description = z.string().trim().max(200, "must be at most 200 characters");

export const webhookCreateInput = z.strictObject({
  url,
  events,
  description: description.default(""),
});

export const webhookUpdateInput = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
});

export const webhookIdInput = z.strictObject({ id: z.coerce.number().int().positive() });

export const webhookDeliveriesQuery = z.strictObject({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const webhookDeliveryIdInput = z.strictObject({ deliveryId: z.coerce.number().int().positive() });
