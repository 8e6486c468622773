import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/** Page views. No client address is stored: a visitor is a daily-rotating salted hash (api visits/visitor-hash.ts). */
export const visits = pgTable(
  "visits",
  {
    id: id(),
    path: text("path").notNull(),
    deviceType: text("device_type").notNull(),
    browser: text("browser").notNull(),
    /** HMAC-SHA256 (hex) of address + user agent under the day's salt: one device on one day. */
    visitorHash: text("visitor_hash").notNull(),
    referrer: text("referrer"),
    isNewVisitor: boolean("is_new_visitor").notNull().default(false),
    telegramNotified: boolean("telegram_notified").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("visits_created_idx").on(t.createdAt), index("visits_visitor_idx").on(t.visitorHash, t.createdAt)],
);

/** The salt of each UTC day ("2026-11-23"); salts of past days are deleted, so old hashes can no longer be linked. */
export const visitorSalts = pgTable("visitor_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});
