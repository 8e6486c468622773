// The SEO tools' answers (contracts/seo.ts types) as schemas for the REST document. Kept apart from
// seo.ts, which the storefront bundles without zod.
import { z } from "zod";

const checkStatus = z.enum(["pass", "warning", "fail"]);
export const auditResultDto = z.object({
  url: z.string(),
  path: z.string(),
  httpStatus: z.number().int(),
  score: z.number(),
  checks: z.array(
    z.object({
      name: z.string(),
      status: checkStatus,
      description: z.string(),
      impact: z.enum(["high", "medium", "low"]),
    }),
  ),
  checkedAt: z.iso.datetime({ offset: true }),
});
export const seoReportDto = z.object({
  categories: z.array(
    z.object({
      name: z.enum(["Technical", "Content", "Local", "Social Media"]),
      items: z.array(
        z.object({
          name: z.string(),
          status: checkStatus,
          detail: z.string(),
          fix: z.string().optional(),
          hint: z.string().optional(),
        }),
      ),
    }),
  ),
  score: z.number(),
  counts: z.object({
    optimized: z.number().int(),
    needsAttention: z.number().int(),
    issues: z.number().int(),
    total: z.number().int(),
  }),
  nextSteps: z.array(z.string()),
  pagesChecked: z.number().int(),
  checkedAt: z.iso.datetime({ offset: true }),
});
export const seoScoreDto = z.object({
  items: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      status: z.enum(["excellent", "good", "needs-work"]),
      score: z.number(),
      weight: z.number(),
      description: z.string(),
    }),
  ),
  score: z.number(),
  checkedAt: z.iso.datetime({ offset: true }),
});
