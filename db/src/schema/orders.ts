import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, parentRef, timestamps, timestamptz } from "./columns";

/** One tax class's part of an order's tax: the named rate, the amount it applies to, and the tax. */
export interface TaxLineRecord {
  taxClass: string;
  label: string;
  rateBasisPoints: number;
  taxableCents: number;
  taxCents: number;
}

export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    deliveryNotes: text("delivery_notes"),
    paymentMethod: text("payment_method").notNull(),
    /** The lines' sum before any discount (integer cents; bigint columns: an amount never overflows). */
    subtotalCents: bigint("subtotal_cents", { mode: "number" }).notNull(),
    /** An accepted proposal's discount; subtotal − discount + shipping + tax = total. */
    discountCents: bigint("discount_cents", { mode: "number" }).notNull().default(0),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull(),
    shippingCents: bigint("shipping_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    /** What the delivery fee is (the distance band), and the tax per class with its named rate (pricing engine). */
    deliveryLabel: text("delivery_label").notNull().default(""),
    taxLines: jsonb("tax_lines").$type<TaxLineRecord[]>().notNull().default([]),
    /** A random secret in the customer's own links (the thank-you page survives a reload without a look-up). */
    accessToken: text("access_token"),
    /** The deposit asked when the order was placed (business settings then), in percent of the total. */
    depositPercent: integer("deposit_percent").notNull().default(50),
    /**
     * Derived, never set on their own: status from the stage (stages.service LEGACY_STATUS) and paymentStatus
     * from the ledger (payments.service settleOrder). Kept as columns for the list filters and indexes.
     */
    status: text("status").notNull().default("pending"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    /** Build stage (contracts/src/stages.ts holds the allowed moves): the order's one state. */
    stage: text("stage").notNull().default("awaiting_deposit"),
    stageChangedAt: timestamptz("stage_changed_at").notNull().defaultNow(),
    cancelReason: text("cancel_reason"),
    /** Set when the order came from an accepted proposal. */
    proposalId: integer("proposal_id"),
    /** The time the browser says the order was placed; createdAt is the server's. */
    clientOrderDate: timestamptz("client_order_date"),
    ...timestamps(),
  },
  (t) => [
    index("orders_created_idx").on(t.createdAt),
    index("orders_email_idx").on(t.email),
    // Analytics' enquirers-who-ordered probe and the order lookup compare lower(email)
    index("orders_email_lower_idx").on(sql`lower(${t.email})`),
    index("orders_stage_idx").on(t.stage),
    // the back office's order search (ILIKE '%…%' on the number, the e-mail and the name): trigram
    // indexes (extension pg_trgm, created by the migration) so that it does not read every order;
    // without GIN's pending list (fastupdate), which only a vacuum empties and PGlite never vacuums:
    // with a long pending list the planner prices the index above a full scan
    index("orders_number_trgm_idx").using("gin", sql`${t.orderNumber} gin_trgm_ops`).with({ fastupdate: false }),
    index("orders_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`).with({ fastupdate: false }),
    index("orders_name_trgm_idx")
      .using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: id(),
    orderId: parentRef("order_id", () => orders.id),
    productId: integer("product_id").notNull(),
    productName: text("product_name").notNull(),
    unitPriceCents: bigint("unit_price_cents", { mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    /** The line's tax class (pricing engine); options and custom lines are "general". */
    taxClass: text("tax_class").notNull().default("general"),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/**
 * A project's messages between the customer (in the portal) and staff (on the order page), oldest
 * first. `readAt`: when the other side first read it (their unread count is the messages without one).
 */
export const orderMessages = pgTable(
  "order_messages",
  {
    id: id(),
    orderId: parentRef("order_id", () => orders.id),
    author: text("author").$type<"customer" | "staff">().notNull(),
    /** The member of staff who wrote it (null for the customer's). */
    staffName: text("staff_name"),
    body: text("body").notNull(),
    /** Ids of the project_documents (kind attachment) sent with it. */
    attachments: jsonb("attachments").$type<number[]>().notNull().default([]),
    readAt: timestamptz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [index("order_messages_order_idx").on(t.orderId, t.id)],
);

/**
 * Idempotency-Key records for every POST that creates (orders, payments, notes, proposals, refunds):
 * key is "<operation>:<principal>:<Idempotency-Key>", kept 24 hours.
 */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  requestHash: text("request_hash").notNull(),
  state: text("state").notNull().default("running"),
  responseStatus: integer("response_status"),
  responseBody: text("response_body"),
  createdAt: createdAt(),
});
