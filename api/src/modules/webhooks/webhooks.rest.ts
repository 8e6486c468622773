// The webhook operations (back-office origin; owner only through the staff access policy): each gives its
// documented REST path and its tRPC procedure webhooks.<name> (webhooks.router.ts).
import {
  eventsFeedPage,
  eventsFeedQuery,
  webhookCreateInput,
  webhookDeleted,
  webhookDeliveriesQuery,
  webhookDeliveryList,
  webhookEndpointDto,
  webhookEndpointList,
  webhookIdInput,
  webhookListQuery,
  webhookReplayAnswer,
  webhookReplayInput,
  webhookResent,
  webhookTestAnswer,
  webhookUpdateInput,
  webhookWithSecret,
} from "@ch/contracts/webhooks";
import { route } from "../../http/route";
import { nextPageUrl, setNextLink } from "../../lib/cursor";
import { listEvents } from "./events-feed";
import { eventDataIn } from "./payloads";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  replayEvents,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from "./webhooks.service";

const tags = ["admin", "webhooks"];

export const webhookOperations = {
  events: route({
    method: "GET",
    url: "/api/admin/events",
    access: "admin",
    summary:
      "The events feed: every event the product emits (the ones webhooks carry), oldest first from a cursor, kept 30 days",
    operationId: "listEvents",
    response: eventsFeedPage,
    tags: ["admin", "webhooks"],
    query: eventsFeedQuery,
    answer:
      "{ items: [{ id (the webhook-id), type, createdAt, data }], next: URL of the next page or null, nextCursor: where to resume for events written later }; `type`, `createdSince` and `createdBefore` filter; 400 naming `cursor` for a cursor this feed did not give",
    handler: async ({ deps, query, req, reply }) => {
      const page = await listEvents(deps.db, query, (cursor) => nextPageUrl(req, cursor)!);
      setNextLink(reply, page.next);
      return page;
    },
    // each event's data in the money form of its own payload (contracts/webhook-payloads.ts)
    moneyForm: (page, version) => ({
      ...page,
      items: page.items.map((item) => ({ ...item, data: eventDataIn(version, item.type, item.data) })),
    }),
  }),
  list: route({
    method: "GET",
    url: "/api/admin/webhooks",
    access: "admin",
    summary: "The webhook endpoints with their delivery counts by status (never their secrets)",
    operationId: "listWebhooks",
    response: webhookEndpointList,
    tags,
    query: webhookListQuery,
    answer:
      "[{ id, url, description, events, enabled, failingSince, disabledAt, disabledReason, previousSecretValidUntil, deliveries }]",
    handler: ({ deps, query }) => listWebhooks(deps, query),
  }),
  create: route({
    method: "POST",
    url: "/api/admin/webhooks",
    access: "admin",
    summary: "Register an endpoint for some events; answers its signing secret, shown this once",
    operationId: "createWebhook",
    response: webhookWithSecret,
    tags,
    body: webhookCreateInput,
    successStatus: 201,
    answer:
      "{ endpoint, secret } (secret: whsec_…, Standard Webhooks); 400 naming the field (in production: https only, public addresses only)",
    handler: ({ deps, body, admin }) => createWebhook(deps, admin!, body),
  }),
  update: route({
    method: "PATCH",
    url: "/api/admin/webhooks/:id",
    access: "admin",
    summary: "Change an endpoint's URL, events or description, or disable / enable it",
    operationId: "updateWebhook",
    response: webhookEndpointDto,
    errors: [404],
    tags,
    params: webhookIdInput,
    body: webhookUpdateInput,
    answer: "The endpoint; 404 when unknown; 400 naming the field",
    handler: ({ deps, params, body, admin }) => updateWebhook(deps, admin!, params.id, body),
  }),
  delete: route({
    method: "DELETE",
    url: "/api/admin/webhooks/:id",
    access: "admin",
    summary: "Remove an endpoint with its deliveries",
    operationId: "deleteWebhook",
    response: webhookDeleted,
    errors: [404],
    tags,
    params: webhookIdInput,
    answer: "{ id }; 404 when unknown",
    handler: ({ deps, params, admin }) => deleteWebhook(deps, admin!, params.id),
  }),
  rotateSecret: route({
    method: "POST",
    url: "/api/admin/webhooks/:id/rotate-secret",
    access: "admin",
    summary: "A new signing secret; the old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_MS (24 h)",
    operationId: "rotateWebhookSecret",
    response: webhookWithSecret,
    errors: [404],
    tags,
    params: webhookIdInput,
    answer: "{ endpoint, secret } (the new secret, shown this once); 404 when unknown",
    handler: ({ deps, params, admin }) => rotateWebhookSecret(deps, admin!, params.id),
  }),
  deliveries: route({
    method: "GET",
    url: "/api/admin/webhooks/:id/deliveries",
    access: "admin",
    summary: "An endpoint's latest deliveries, newest first, each with its attempts (status, duration, answer excerpt)",
    operationId: "listWebhookDeliveries",
    response: webhookDeliveryList,
    errors: [404],
    tags,
    params: webhookIdInput,
    query: webhookDeliveriesQuery,
    answer: "[{ id, messageId, type, status, attempts, nextAttemptAt, lastStatusCode, lastError, attemptLog }]",
    handler: ({ deps, params, query }) => listDeliveries(deps, params.id, query),
  }),
  sendTest: route({
    method: "POST",
    url: "/api/admin/webhooks/:id/test",
    access: "admin",
    summary: "Send a test event (webhook.test) to this endpoint alone, signed and retried like any other",
    operationId: "sendWebhookTestEvent",
    response: webhookTestAnswer,
    errors: [404, 409],
    tags,
    params: webhookIdInput,
    successStatus: 202,
    answer:
      "202 { deliveryId, messageId }: its delivery shows in the endpoint's list; 404 when unknown; 409 while disabled",
    handler: ({ deps, params, admin }) => sendTestEvent(deps, admin!, params.id),
  }),
  replay: route({
    method: "POST",
    url: "/api/admin/webhooks/:id/replay",
    access: "admin",
    summary:
      "Replay a time range: deliver again every kept event in [from, to) of the types this endpoint subscribes to, in order",
    operationId: "replayWebhookEvents",
    response: webhookReplayAnswer,
    errors: [404, 409],
    tags,
    params: webhookIdInput,
    body: webhookReplayInput,
    successStatus: 202,
    answer:
      "202 { queued, from, to }: one new delivery per event (the same webhook-id as before); 400 naming `to` for a range that is empty or longer than 30 days; 404 when unknown; 409 while disabled",
    handler: ({ deps, params, body, admin }) =>
      replayEvents(deps, admin!, params.id, { from: new Date(body.from), to: new Date(body.to) }),
  }),
  resend: route({
    method: "POST",
    url: "/api/admin/webhooks/deliveries/:id/resend",
    access: "admin",
    summary: "Deliver a finished delivery's message again (same webhook-id), as a new delivery",
    operationId: "resendWebhookDelivery",
    response: webhookResent,
    errors: [404, 409],
    tags,
    params: webhookIdInput,
    successStatus: 201,
    answer: "{ id, resentFrom }; 404 when unknown; 409 while it is still being attempted or the endpoint is disabled",
    handler: ({ deps, params, admin }) => resendDelivery(deps, admin!, params.id),
  }),
};

export const webhookRoutes = Object.values(webhookOperations);
