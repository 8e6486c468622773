// tRPC procedures of the business settings: the back office reads and replaces them (admin only).
import { businessSettingsInput } from "../../contracts/settings";
import { adminProcedure, router } from "../../trpc/trpc";
import { getSettings, updateSettings } from "./settings.service";

export const adminSettingsRouter = router({
  get: adminProcedure.query(({ ctx }) => getSettings(ctx.deps)),
  update: adminProcedure
    .input(businessSettingsInput)
    .mutation(({ ctx, input }) => updateSettings(ctx.deps, ctx.admin, input)),
});
