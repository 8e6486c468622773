import { z } from "zod";
import { changeFilters } from "./change-filters";
import { text } from "./fields";

export const visitInput = z.strictObject({
  path: text(500).pipe(z.string().regex(/^\//, "must start with /")),
  referrer: z
    .union([text(1000), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type VisitInput = z.input<typeof visitInput>;

export const visitAnswer = z
  .object({ recorded: z.boolean(), newVisitor: z.boolean() })
  .meta({ examples: [{ recorded: true, newVisitor: true }] });

/**
 * GET /api/admin/visitors: the change filters every admin list takes. A visit is written once, so its
 * updatedSince reads the time it was recorded.
 */
export const visitorListQuery = z.strictObject({ ...changeFilters });

export const visitRecordList = z.array(
  z.object({
    id: z.number().int(),
    path: z.string(),
    deviceType: z.string(),
    browser: z.string(),
    visitor: z.string(),
    referrer: z.string().nullable(),
    telegramNotified: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  }),
);
export const visitorStatsDto = z.object({
  totalVisits: z.number().int(),
  uniqueVisitors: z.number().int(),
  topPages: z.array(z.object({ path: z.string(), count: z.number().int() })),
  topDevices: z.array(z.object({ device: z.string(), count: z.number().int() })),
  topBrowsers: z.array(z.object({ browser: z.string(), count: z.number().int() })),
});
