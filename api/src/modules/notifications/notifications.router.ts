import { z } from "zod";
import { adminProcedure, router } from "../../trpc/trpc";
import {
  getNotification,
  listNotifications,
  notificationListInput,
  notificationSummary,
  retryNotification,
} from "./notifications.service";

const byId = z.strictObject({ id: z.number().int().positive().max(2_147_483_647) });

export const adminNotificationsRouter = router({
  list: adminProcedure
    .input(notificationListInput.optional())
    .query(({ ctx, input }) => listNotifications(ctx.deps, input ?? {})),
  summary: adminProcedure.query(({ ctx }) => notificationSummary(ctx.deps)),
  get: adminProcedure.input(byId).query(({ ctx, input }) => getNotification(ctx.deps, input.id)),
  retry: adminProcedure.input(byId).mutation(({ ctx, input }) => retryNotification(ctx.deps, ctx.admin, input.id)),
});
