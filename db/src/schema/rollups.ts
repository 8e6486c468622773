import { bigint, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

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

/**
 * Orders per UTC day and status, with their totals, kept by statement triggers on `orders` (migration
 * 0014): the Analytics tab's months, weeks, status counts and order totals read these rows, so a cold
 * read does not scan every order.
 */
export const orderDailyCounts = pgTable(
  "order_daily_counts",
  {
    day: date("day").notNull(),
    status: text("status").notNull(),
    orders: integer("orders").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);

/**
 * Customers: for each lower-cased e-mail, how many of its orders are not cancelled (rows at 0 are
 * deleted), kept by the same triggers. Counting customers, and the enquirers among them, reads these.
 */
export const orderCustomerCounts = pgTable("order_customer_counts", {
  email: text("email").primaryKey(),
  orders: integer("orders").notNull(),
});

/** Enquirers: for each lower-cased, non-empty e-mail, how many enquiries it sent (triggers on `enquiries`). */
export const enquiryEmailCounts = pgTable("enquiry_email_counts", {
  email: text("email").primaryKey(),
  enquiries: integer("enquiries").notNull(),
});
