import { boolean, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const visits = pgTable(
  "visits",
  {
    id: serial("id").primaryKey(),
    path: text("path").notNull(),
    deviceType: text("device_type").notNull(),
    browser: text("browser").notNull(),
    ipAddress: text("ip_address").notNull(),
    referrer: text("referrer"),
    isNewVisitor: boolean("is_new_visitor").notNull().default(false),
    telegramNotified: boolean("telegram_notified").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("visits_created_idx").on(t.createdAt), index("visits_ip_idx").on(t.ipAddress, t.createdAt)],
);
