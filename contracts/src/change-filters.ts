// The filters every admin list takes to sync changes, in a module of their own: lists of other domains
// (webhook deliveries, USDT transfers) take them without the rest of the admin contracts in their bundle.
import { z } from "zod";

const instantFilter = (what: string) =>
  z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 instant such as 2026-11-28T00:00:00Z" })
    .transform((value) => new Date(value))
    .optional()
    .describe(what);

/** What every admin list takes to sync changes: rows changed or created since an instant. */
export const changeFilters = {
  updatedSince: instantFilter(
    "Only rows changed at or after this instant (their updatedAt): sync by the last one seen",
  ),
  createdSince: instantFilter("Only rows created at or after this instant"),
  createdBefore: instantFilter("Only rows created before this instant"),
};
export interface ChangeFilter {
  updatedSince?: Date | undefined;
  createdSince?: Date | undefined;
  createdBefore?: Date | undefined;
}
