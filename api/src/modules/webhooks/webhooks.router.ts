// tRPC procedures of the webhook screen (back office; owner only through the staff access policy).
import { z } from "zod";
import {
  webhookCreateInput,
  webhookDeliveriesQuery,
  webhookDeliveryIdInput,
  webhookIdInput,
  webhookUpdateInput,
} from "../../contracts/webhooks";
import { adminProcedure, router } from "../../trpc/trpc";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from "./webhooks.service";

export const adminWebhooksRouter = router({
  list: adminProcedure.query(({ ctx }) => listWebhooks(ctx.deps)),
  create: adminProcedure
    .input(webhookCreateInput)
    .mutation(({ ctx, input }) => createWebhook(ctx.deps, ctx.admin, input)),
  update: adminProcedure
    .input(webhookIdInput.extend({ patch: webhookUpdateInput }))
    .mutation(({ ctx, input }) => updateWebhook(ctx.deps, ctx.admin, input.id, input.patch)),
  delete: adminProcedure
    .input(webhookIdInput)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.deps, ctx.admin, input.id)),
  rotateSecret: adminProcedure
    .input(webhookIdInput)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.deps, ctx.admin, input.id)),
  deliveries: adminProcedure
    .input(z.strictObject({ id: webhookIdInput.shape.id, ...webhookDeliveriesQuery.shape }))
    .query(({ ctx, input }) => listDeliveries(ctx.deps, input.id, { status: input.status, limit: input.limit })),
  resend: adminProcedure
    .input(webhookDeliveryIdInput)
    .mutation(({ ctx, input }) => resendDelivery(ctx.deps, ctx.admin, input.deliveryId)),
});
