import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Page views per UTC day, kept by the database itself (statement triggers on `visits`, migration
 * 0006): for each day one "total" row (key "") and one row per path, device type and browser, with
 * the views and the new visitors among them. A visitor hash rotates daily and is "new" on its first
 * view, so the sum of `visitors` over days is the number of distinct visitor hashes. Screens that
 * count visits read these rows instead of scanning `visits`, so their cost does not grow with history.
 * Deleting old visits (retention) takes them out of the counts too.
 */
export const visitDailyCounts = pgTable(
  "visit_daily_counts",
  {
    day: date("day").notNull(),
    /** "total", "path", "device" or "browser" */
    dimension: text("dimension").notNull(),
    key: text("key").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] })],
);
