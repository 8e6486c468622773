import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";

/**
 * The business settings: one row (id = 1) holding the facts every page, e-mail and structured-data
 * block shows (company details, hours, warranty, lead times, deposit, social links). The value is
 * validated by the zod contract contracts/src/settings.ts before it is written; the row is created
 * from the API's environment defaults on first read (api/src/modules/settings/settings.service.ts).
 */
export const businessSettings = pgTable(
  "business_settings",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("business_settings_single_row", sql`${t.id} = 1`)],
);
