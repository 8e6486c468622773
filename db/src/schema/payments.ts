import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, timestamptz, updatedAt } from "./columns";

/**
 * What an order asks to be paid: one invoice per milestone of its payment schedule (by default a deposit
 * on acceptance and the balance on delivery). kind: deposit (the first), milestone (between) or balance
 * (the last); position orders them (money settles them in that order); dueOn is the stage at which one
 * falls due ("acceptance" or a build stage) and dueAt the time it did (null: not yet due).
 * reference is the unique payment reference for bank transfers; usdtAmountMicro is the exact USDT amount
 * (6 decimals) this invoice asks for: the amount due plus a per-invoice tag in the last micro-units, unique
 * among invoices so that a transfer names its invoice by its amount.
 * status: open | partially_paid | paid | void.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    orderId: integer("order_id").notNull(),
    kind: text("kind").notNull(),
    reference: text("reference").notNull().unique(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The exact amount a USDT transfer must carry to pay this invoice now (after a partial payment: the rest, newly tagged). */
    usdtAmountMicro: bigint("usdt_amount_micro", { mode: "bigint" }),
    status: text("status").notNull().default("open"),
    label: text("label").notNull().default(""),
    position: integer("position").notNull().default(0),
    dueOn: text("due_on").notNull().default("acceptance"),
    dueAt: timestamptz("due_at"),
    /** When the customer was reminded of it (once, 7 days after it fell due). */
    remindedAt: timestamptz("reminded_at"),
    validUntil: timestamptz("valid_until"),
    ...timestamps(),
  },
  (t) => [index("invoices_order_idx").on(t.orderId), uniqueIndex("invoices_usdt_amount_unique").on(t.usdtAmountMicro)],
);

/**
 * The payment ledger. Bank transfers and refunds (negative amounts) are recorded by staff; USDT transfers
 * by the watcher or a verified hash the customer submitted. A transaction hash is recorded once, for one order.
 * status: pending_verification | recorded | rejected | expired. flags: ["late", "excess", "partial"].
 * A refund is a negative amount with its reason.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: integer("order_id").notNull(),
    invoiceId: integer("invoice_id"),
    method: text("method").notNull(),
    status: text("status").notNull().default("recorded"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    usdtAmountMicro: bigint("usdt_amount_micro", { mode: "bigint" }),
    txHash: text("tx_hash"),
    reason: text("reason"),
    fromAddress: text("from_address"),
    reference: text("reference"),
    note: text("note"),
    flags: jsonb("flags").$type<string[]>().notNull().default([]),
    receivedAt: timestamptz("received_at"),
    recordedBy: text("recorded_by"),
    checkAttempts: integer("check_attempts").notNull().default(0),
    nextCheckAt: timestamptz("next_check_at"),
    createdAt: createdAt(),
  },
  (t) => [index("payments_order_idx").on(t.orderId), uniqueIndex("payments_tx_hash_unique").on(t.txHash)],
);

/**
 * Every checked USDT transfer to the shop's wallet the product has seen (watcher or a customer's hash).
 * status: credited (on the ledger: paymentId) | unmatched (in the back office's queue) | attached (staff
 * put it on an invoice, with a reason). claimedByOrderId: the order whose customer submitted the hash.
 */
export const usdtTransfers = pgTable(
  "usdt_transfers",
  {
    txHash: text("tx_hash").primaryKey(),
    fromAddress: text("from_address").notNull(),
    valueMicro: bigint("value_micro", { mode: "bigint" }).notNull(),
    blockTimestamp: timestamptz("block_timestamp").notNull(),
    status: text("status").notNull(),
    paymentId: integer("payment_id"),
    claimedByOrderId: integer("claimed_by_order_id"),
    note: text("note"),
    ...timestamps(),
  },
  (t) => [index("usdt_transfers_status_idx").on(t.status, t.blockTimestamp)],
);

/** One row per background watcher (the USDT wallet watcher): a lease so that one process at a time runs it, and its cursor. */
export const watcherState = pgTable("watcher_state", {
  name: text("name").primaryKey(),
  leaseOwner: text("lease_owner"),
  leaseUntil: timestamptz("lease_until"),
  cursorTimestamp: bigint("cursor_timestamp", { mode: "number" }),
  /** The transaction ids seen at cursorTimestamp (the next read starts there again: min_timestamp is inclusive). */
  cursorSeen: jsonb("cursor_seen").$type<string[]>().notNull().default([]),
  failures: integer("failures").notNull().default(0),
  nextRunAt: timestamptz("next_run_at"),
  lastError: text("last_error"),
  updatedAt: updatedAt(),
});

/** The order's timeline: stage changes, payments, e-mails sent; who (staff username, "customer", "system") and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: integer("order_id").notNull(),
    kind: text("kind").notNull(),
    fromStage: text("from_stage"),
    toStage: text("to_stage"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);
