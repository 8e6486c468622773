// Webhooks: the events an endpoint may subscribe to, the delivery states and the inputs of the owner's
// webhook screen, tRPC webhooks.* and /api/admin/webhooks. Shared with the back office; no server imports.
import { z } from "zod";
import { API_VERSION, API_VERSIONS } from "./api-versions";
import { changeFilters } from "./change-filters";
import { id } from "./fields";
import { instant, int } from "./responses";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from "./webhook-events";

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

const apiVersion = z
  .enum(API_VERSIONS, { error: `must be one of ${API_VERSIONS.join(", ")}` })
  .describe("The API version whose shapes its deliveries follow (money in particular)");

export const webhookCreateInput = z.strictObject({
  url,
  events,
  description: description.default(""),
  apiVersion: apiVersion.default(API_VERSION),
});

export const webhookUpdateInput = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
  apiVersion: apiVersion.optional(),
});

/** GET /api/admin/webhooks: the change filters every admin list takes. */
export const webhookListQuery = z.strictObject({ ...changeFilters });

export const webhookIdInput = z.strictObject({ id: id() });

export const webhookDeliveriesQuery = z.strictObject({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  ...changeFilters,
});

/** POST /api/admin/webhooks/{id}/replay: the events that occurred in [from, to), at most 30 days apart. */
export const webhookReplayInput = z
  .strictObject({
    from: z.iso.datetime({ offset: true, error: "must be an ISO 8601 instant such as 2026-11-28T00:00:00Z" }),
    to: z.iso.datetime({ offset: true, error: "must be an ISO 8601 instant such as 2026-11-28T00:00:00Z" }),
  })
  .superRefine((text, ctx) => {
    const range = { from: new Date(text.from), to: new Date(text.to) };
    if (range.to <= range.from) ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
    else if (range.to.getTime() - range.from.getTime() > 30 * 86_400_000) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "must be at most 30 days after from (events are kept 30 days)",
      });
    }
  });
export const webhookReplayAnswer = z.object({ queued: int(), from: instant(), to: instant() });
export const webhookTestAnswer = z.object({ deliveryId: int(), messageId: z.string() });

export const webhookDeliveryIdInput = z.strictObject({ deliveryId: z.coerce.number().int().positive() });

// ---- answers

const deliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);
const eventType = z.enum(WEBHOOK_EVENT_TYPES);
/** A delivery's type: an event's, or the test event's. */
const deliveryType = z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]);

/** An endpoint as listed (never its secret). */
export const webhookEndpointDto = z.object({
  id: int(),
  url: z.string(),
  description: z.string(),
  events: z.array(eventType),
  enabled: z.boolean(),
  failingSince: instant().nullable(),
  disabledAt: instant().nullable(),
  disabledReason: z.string().nullable(),
  apiVersion: z.string().describe("The API version whose shapes its deliveries follow"),
  /** Until when the secret replaced by the last rotation still signs (null: no overlap running). */
  previousSecretValidUntil: instant().nullable(),
  createdAt: instant(),
  updatedAt: instant(),
});
export const webhookEndpointList = z.array(
  webhookEndpointDto.extend({
    deliveries: z
      .object({ pending: int(), sending: int(), succeeded: int(), failed: int() })
      .describe("Deliveries by status"),
  }),
);
/** The endpoint with its signing secret (whsec_…, Standard Webhooks), shown this once. */
export const webhookWithSecret = z.object({ endpoint: webhookEndpointDto, secret: z.string() });
export const webhookDeleted = z.object({ id: int() });
export const webhookDeliveryList = z.array(
  z.object({
    id: int(),
    messageId: z.string(),
    type: deliveryType,
    status: deliveryStatus,
    attempts: int(),
    nextAttemptAt: instant().nullable(),
    giveUpAt: instant(),
    lastStatusCode: int().nullable(),
    lastError: z.string().nullable(),
    resentFrom: int().nullable(),
    occurredAt: instant(),
    createdAt: instant(),
    completedAt: instant().nullable(),
    /** The last change of its state (claimed, attempted, settled, resent): sync by the last one seen. */
    updatedAt: instant(),
    attemptLog: z.array(
      z.object({
        attemptedAt: instant(),
        statusCode: int().nullable(),
        durationMs: int(),
        ok: z.boolean(),
        responseExcerpt: z.string().nullable(),
        error: z.string().nullable(),
      }),
    ),
  }),
);
export const webhookResent = z.object({ id: int(), resentFrom: int() });

// ---- the events feed (GET /api/admin/events)

export const eventsFeedQuery = z.strictObject({
  type: z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }).optional(),
  createdSince: z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 date-time such as 2026-11-28T00:00:00Z" })
    .optional()
    .describe("Only events that occurred at or after this instant"),
  createdBefore: z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 date-time such as 2026-11-28T00:00:00Z" })
    .optional()
    .describe("Only events that occurred before this instant"),
  cursor: z
    .string()
    .max(200, "must be at most 200 characters")
    .optional()
    .describe("The `next` cursor of the page before"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One event: the same id (`webhook-id`), type and data a webhook delivery of it carries. */
export const feedEvent = z.object({
  id: z.string().describe("The event's id: the webhook-id of its deliveries (msg_…)"),
  type: eventType,
  createdAt: instant(),
  data: z.record(z.string(), z.unknown()),
});

export const eventsFeedPage = z.object({
  items: z.array(feedEvent),
  next: z
    .string()
    .nullable()
    .describe(
      "The next page's URL; on the last page it is null, and `nextCursor` is where to resume later for events written since",
    ),
  nextCursor: z.string().describe("Where to resume: pass it as `cursor` to read the events written after this page"),
});
export type EventsFeedQuery = z.output<typeof eventsFeedQuery>;
export type EventsFeedPage = z.input<typeof eventsFeedPage>;
