// tRPC procedures of the back office's shell, dashboard and visitor screens: those of the declared operations
// (admin.rest.ts), and the ones without a REST path (setup status, who is signed in, analytics, activity).
import { z } from "zod";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, publicProcedure, router } from "../../trpc/trpc";
import { recentAnalytics } from "../analytics";
import { listAudit } from "../audit";
import { adminCoreOperations } from "./admin.rest";
import { hasAdmin } from "./auth.service";

export const adminCoreRouter = router({
  ...proceduresOf(adminCoreOperations),
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
  analytics: adminProcedure.query(({ ctx }) => recentAnalytics(ctx.deps.db, ctx.deps.clock.now())),
  audit: adminProcedure
    .input(z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }).optional())
    .query(({ ctx, input }) => listAudit(ctx.deps.db, { limit: input?.limit ?? 200 })),
});
