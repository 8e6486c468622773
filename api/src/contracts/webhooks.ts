// Webhooks: the events an endpoint may subscribe to, the delivery states and the inputs of the owner's
// webhook screen, tRPC webhooks.* and /api/admin/webhooks. Shared with the back office; no server imports.
import { z } from "zod";
import { id } from "./fields";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "./webhook-events";

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

export const webhookIdInput = z.strictObject({ id: id() });

export const webhookDeliveriesQuery = z.strictObject({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const webhookDeliveryIdInput = z.strictObject({ deliveryId: z.coerce.number().int().positive() });
