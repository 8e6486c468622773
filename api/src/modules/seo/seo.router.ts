import { adminProcedure, publicProcedure, router } from "../../trpc/trpc";
import { limitScans } from "./scan-limit";
import { auditInput } from "./seo.rest";
import { auditPage } from "./seo-audit.service";
import { seoReport, seoScore } from "./seo-report.service";

const scanProcedure = publicProcedure.use(async ({ ctx, next }) => {
  await limitScans(ctx.deps, ctx.req.ip);
  return next();
});

export const seoRouter = router({
  report: scanProcedure.query(({ ctx }) => seoReport(ctx.deps)),
  score: scanProcedure.query(({ ctx }) => seoScore(ctx.deps)),
  audit: scanProcedure.input(auditInput).mutation(({ ctx, input }) => auditPage(ctx.deps, input.url)),
});

// named apart from the public seo.report so a procedure path never means two things
export const adminSeoRouter = router({
  siteReport: adminProcedure.query(({ ctx }) => seoReport(ctx.deps, "admin")),
});
