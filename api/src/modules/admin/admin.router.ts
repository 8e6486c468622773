import { z } from "zod";
import { adminProcedure, publicProcedure, router } from "../../trpc/trpc";
import { recentAnalytics, recentDashboardStats } from "../analytics";
import { listAudit } from "../audit";
import { listVisits, visitorStats } from "../visits";
import { hasAdmin } from "./auth.service";

export const adminCoreRouter = router({
  /** Whether setup is still open (no admin yet) and whether it needs a setup token. */
  setupStatus: publicProcedure.query(async ({ ctx }) => ({
    open: !(await hasAdmin(ctx.deps)),
    tokenRequired: ctx.deps.env.NODE_ENV === "production",
  })),
  /** The signed-in admin, and where the public site lives (for "View Site"). */
  me: adminProcedure.query(({ ctx }) => ({
    username: ctx.admin.username,
    storefrontOrigin: ctx.deps.env.storefrontOrigin,
  })),
  stats: adminProcedure.query(({ ctx }) => recentDashboardStats(ctx.deps.db)),
  analytics: adminProcedure.query(({ ctx }) => recentAnalytics(ctx.deps.db, ctx.deps.clock.now())),
  visitors: adminProcedure.query(({ ctx }) => listVisits(ctx.deps.db, 50)),
  visitorStats: adminProcedure.query(({ ctx }) => visitorStats(ctx.deps.db)),
  audit: adminProcedure
    .input(z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }).optional())
    .query(({ ctx, input }) => listAudit(ctx.deps.db, { limit: input?.limit ?? 200 })),
});
