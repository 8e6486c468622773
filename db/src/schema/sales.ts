import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, id, parentRef, timestamps, timestamptz, updatedAt } from "./columns";

import type { TaxLineRecord } from "./orders";

/** A milestone of a payment schedule as stored (contracts/src/payment-schedule.ts validates it). */
export interface PaymentMilestoneRecord {
  label: string;
  percent: number;
  dueOn: string;
}

/** Add-ons staff can put on a proposal (foundation, deck, solar package, finish upgrades…), each with its price. */
export const proposalOptions = pgTable("proposal_options", {
  id: id(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  priceCents: integer("price_cents").notNull(),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

/** Delivery fees by distance band from the yard (staff-editable); perUnit multiplies the fee by the number of units. */
export const deliveryBands = pgTable("delivery_bands", {
  id: id(),
  label: text("label").notNull(),
  maxMiles: integer("max_miles"),
  feeCents: integer("fee_cents").notNull(),
  perUnit: boolean("per_unit").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * Sales tax by delivery state and tax class (general goods, new manufactured or industrialized housing, the
 * delivery charge…), in basis points (825 = 8.25 %); the business's accountant keeps it in the back office.
 * A state and class without a row is taxed at 0.
 */
export const taxRates = pgTable(
  "tax_rates",
  {
    state: text("state").notNull(),
    taxClass: text("tax_class").notNull().default("general"),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.state, t.taxClass] }),
    check("tax_rates_range", sql`${t.rateBasisPoints} between 0 and 2000`),
  ],
);

/**
 * A quote for a custom build. The customer reaches it at /proposal/{token}; what they see is the
 * latest version staff sent (proposal_versions.sent_at); an edit after sending is a draft version
 * until it is sent. status: draft | sent | changes_requested | accepted | declined.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: id(),
    token: text("token").notNull().unique(),
    enquiryId: integer("enquiry_id"),
    customerName: text("customer_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull().default(""),
    status: text("status").notNull().default("draft"),
    currentVersion: integer("current_version").notNull().default(1),
    orderId: integer("order_id"),
    createdBy: text("created_by"),
    ...timestamps(),
  },
  (t) => [index("proposals_enquiry_idx").on(t.enquiryId), index("proposals_created_idx").on(t.createdAt)],
);

/** One priced version of a proposal; the server computes every figure. Editing a sent proposal adds a version. */
export const proposalVersions = pgTable(
  "proposal_versions",
  {
    id: id(),
    proposalId: parentRef("proposal_id", () => proposals.id),
    version: integer("version").notNull(),
    /** [{ kind: "product" | "option" | "custom", refId?, name, unitPriceCents, quantity }] as priced by the server. */
    lines: jsonb("lines").notNull(),
    deliveryBandId: integer("delivery_band_id"),
    deliveryLabel: text("delivery_label").notNull().default(""),
    subtotalCents: bigint("subtotal_cents", { mode: "number" }).notNull(),
    discountCents: bigint("discount_cents", { mode: "number" }).notNull().default(0),
    deliveryCents: bigint("delivery_cents", { mode: "number" }).notNull().default(0),
    /** The delivery ZIP the fee was priced for (its distance from the yard picks the band). */
    deliveryZip: text("delivery_zip"),
    taxState: text("tax_state").notNull(),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull(),
    taxLines: jsonb("tax_lines").$type<TaxLineRecord[]>().notNull().default([]),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    depositPercent: integer("deposit_percent").notNull(),
    /** The milestones the order will be invoiced by ([{ label, percent, dueOn }]), fixed when the version is priced. */
    paymentSchedule: jsonb("payment_schedule").$type<PaymentMilestoneRecord[]>(),
    validUntil: date("valid_until").notNull(),
    terms: text("terms").notNull().default(""),
    note: text("note"),
    sentAt: timestamptz("sent_at"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [unique("proposal_versions_unique").on(t.proposalId, t.version)],
);

/** The customer's acceptance of one version: typed full name, agreement, time and address. At most one per proposal. */
export const proposalAcceptances = pgTable("proposal_acceptances", {
  id: id(),
  proposalId: parentRef("proposal_id", () => proposals.id).unique(),
  version: integer("version").notNull(),
  fullName: text("full_name").notNull(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
  /** The e-mailed signing code was verified (acceptances before signing codes existed: false). */
  codeVerified: boolean("code_verified").notNull().default(false),
  /** The customer consented to sign electronically (E-SIGN Act / UETA). */
  consented: boolean("consented").notNull().default(false),
  acceptedAt: timestamptz("accepted_at").notNull().defaultNow(),
});

/** "Request changes" messages from the customer's proposal page. */
export const proposalChangeRequests = pgTable(
  "proposal_change_requests",
  {
    id: id(),
    proposalId: parentRef("proposal_id", () => proposals.id),
    version: integer("version").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("proposal_change_requests_proposal_idx").on(t.proposalId)],
);
