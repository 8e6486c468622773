// The documented REST paths of webhooks (back-office origin, admin session; owner only through the
// staff access policy). Same service and schemas as tRPC webhooks.*.
import {
  webhookCreateInput,
  webhookDeliveriesQuery,
  webhookIdInput,
  webhookUpdateInput,
} from "../../contracts/webhooks";
import { route } from "../../http/route";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from "./webhooks.service";

const tags = ["admin", "webhooks"];

export const webhookRoutes = [
  route({
    method: "GET",
    url: "/api/admin/webhooks",
    access: "admin",
    summary: "The webhook endpoints with their delivery counts by status (never their secrets)",
    tags,
    answer:
      "[{ id, url, description, events, enabled, failingSince, disabledAt, disabledReason, previousSecretValidUntil, deliveries }]",
    handler: ({ deps }) => listWebhooks(deps),
  }),
  route({
    method: "POST",
    url: "/api/admin/webhooks",
    access: "admin",
    summary: "Register an endpoint for some events; answers its signing secret, shown this once",
    tags,
    body: webhookCreateInput,
    successStatus: 201,
    answer:
      "{ endpoint, secret } (secret: whsec_…, Standard Webhooks); 400 naming the field (in production: https only, public addresses only)",
    handler: ({ deps, body, admin }) => createWebhook(deps, admin!, body),
  }),
  route({
    method: "PATCH",
    url: "/api/admin/webhooks/:id",
    access: "admin",
    summary: "Change an endpoint's URL, events or description, or disable / enable it",
    tags,
    params: webhookIdInput,
    body: webhookUpdateInput,
    answer: "The endpoint; 404 when unknown; 400 naming the field",
    handler: ({ deps, params, body, admin }) => updateWebhook(deps, admin!, params.id, body),
  }),
  route({
    method: "DELETE",
    url: "/api/admin/webhooks/:id",
    access: "admin",
    summary: "Remove an endpoint with its deliveries",
    tags,
    params: webhookIdInput,
    answer: "{ id }; 404 when unknown",
    handler: ({ deps, params, admin }) => deleteWebhook(deps, admin!, params.id),
  }),
  route({
    method: "POST",
    url: "/api/admin/webhooks/:id/rotate-secret",
    access: "admin",
    summary: "A new signing secret; the old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_MS (24 h)",
    tags,
    params: webhookIdInput,
    answer: "{ endpoint, secret } (the new secret, shown this once); 404 when unknown",
    handler: ({ deps, params, admin }) => rotateWebhookSecret(deps, admin!, params.id),
  }),
  route({
    method: "GET",
    url: "/api/admin/webhooks/:id/deliveries",
    access: "admin",
    summary: "An endpoint's latest deliveries, newest first, each with its attempts (status, duration, answer excerpt)",
    tags,
    params: webhookIdInput,
    query: webhookDeliveriesQuery,
    answer: "[{ id, messageId, type, status, attempts, nextAttemptAt, lastStatusCode, lastError, attemptLog }]",
    handler: ({ deps, params, query }) => listDeliveries(deps, params.id, query),
  }),
  route({
    method: "POST",
    url: "/api/admin/webhooks/deliveries/:id/resend",
    access: "admin",
    summary: "Deliver a finished delivery's message again (same webhook-id), as a new delivery",
    tags,
    params: webhookIdInput,
    successStatus: 201,
    answer: "{ id, resentFrom }; 404 when unknown; 409 while it is still being attempted or the endpoint is disabled",
    handler: ({ deps, params, admin }) => resendDelivery(deps, admin!, params.id),
  }),
];
