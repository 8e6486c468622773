import { sql } from "drizzle-orm";
import { index, integer, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns";

/** Every lead in one inbox: contact forms, quote and call requests, saved ROI results, forwarded chats. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: id(),
    source: text("source").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone"),
    projectType: text("project_type"),
    budget: text("budget"),
    message: text("message"),
    productId: integer("product_id"),
    preferredTime: text("preferred_time"),
    /** Where the home would go (quote and contact forms): delivery and tax depend on it. */
    deliveryZip: text("delivery_zip"),
    /** Two-letter US state code. */
    deliveryState: text("delivery_state"),
    status: text("status").notNull().default("new"),
    ...timestamps(),
  },
  (t) => [
    index("enquiries_created_idx").on(t.createdAt),
    // Analytics reads the distinct lower(email) of every lead from this index
    index("enquiries_email_lower_idx").on(sql`lower(${t.email})`),
    // the back office's lead search (ILIKE '%…%' on the e-mail, the name and the message, leads.service.ts
    // listContactsForAdmin): trigram indexes, as for the order search (orders.ts says why no fastupdate)
    index("enquiries_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`).with({ fastupdate: false }),
    index("enquiries_name_trgm_idx")
      .using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("enquiries_message_trgm_idx")
      .using("gin", sql`coalesce(${t.message}, '') gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const roiCalculations = pgTable("roi_calculations", {
  id: id(),
  investment: integer("investment").notNull(),
  rentPerDay: integer("rent_per_day").notNull(),
  occupancyDays: integer("occupancy_days").notNull(),
  monthlyExpenses: integer("monthly_expenses").notNull(),
  monthlyIncome: integer("monthly_income").notNull(),
  /** Server-computed, plain units. */
  roiPercent: numeric("roi_percent", { precision: 12, scale: 4 }).notNull(),
  paybackMonths: integer("payback_months").notNull(),
  /** As sent by the browser (percent x 100, months x 12 per the old client). */
  clientRoi: numeric("client_roi", { precision: 14, scale: 4 }),
  clientPaybackPeriod: numeric("client_payback_period", { precision: 14, scale: 4 }),
  email: text("email"),
  enquiryId: integer("enquiry_id"),
  createdAt: createdAt(),
});

export const chatForwards = pgTable("chat_forwards", {
  id: id(),
  message: text("message").notNull(),
  currentPage: text("current_page").notNull(),
  device: text("device").notNull(),
  browser: text("browser").notNull(),
  ipAddress: text("ip_address"),
  enquiryId: integer("enquiry_id"),
  createdAt: createdAt(),
});
