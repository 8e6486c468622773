import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, optionalRef, parentRef, timestamps, timestamptz } from "./columns";
import { orders } from "./orders";

export type ProjectDocumentKind =
  | "contract"
  | "change_order"
  | "permit"
  | "plan"
  | "inspection"
  | "other"
  | "attachment";

/**
 * A project's files: the signed contract and change orders (rendered by the API), the permits, plans and
 * inspection reports staff upload, and the files attached to messages (`attachment`, listed with their
 * message only). `sha256` is taken when the file is stored, so a later change to `data` shows.
 * The bytes are an object of the media storage (`objectKey`), as for the media table; `data` holds base64
 * bytes only for files stored before object storage, until the mover puts them there.
 */
export const projectDocuments = pgTable(
  "project_documents",
  {
    id: id(),
    orderId: parentRef("order_id", () => orders.id),
    kind: text("kind").$type<ProjectDocumentKind>().notNull(),
    title: text("title").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    sha256: text("sha256").notNull(),
    data: text("data"),
    objectKey: text("object_key"),
    /** Who stored it: a member of staff's name, "customer" or "system" (the rendered contracts). */
    storedBy: text("stored_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("project_documents_order_idx").on(t.orderId, t.id)],
);

/** A progress photo on a stage of the build: an image of the media pipeline (its sizes and formats). */
export const projectPhotos = pgTable(
  "project_photos",
  {
    id: id(),
    orderId: parentRef("order_id", () => orders.id),
    stage: text("stage").notNull(),
    caption: text("caption").notNull(),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    postedBy: text("posted_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("project_photos_order_idx").on(t.orderId, t.id)],
);

export interface ChangeOrderLine {
  kind: "product" | "option" | "custom";
  refId: number | null;
  name: string;
  unitPriceCents: number;
  quantity: number;
  taxClass: string;
}

/**
 * A change to the build after the contract: `pending` until the customer signs it (then `signed`, its PDF in
 * `documentId`) or staff withdraw it. Only a signed one changes the order's figures and invoices.
 */
export const changeOrders = pgTable(
  "change_orders",
  {
    id: id(),
    orderId: parentRef("order_id", () => orders.id),
    /** 1, 2, … within its order. */
    number: integer("number").notNull(),
    status: text("status").$type<"pending" | "signed" | "withdrawn">().notNull().default("pending"),
    note: text("note").notNull(),
    lines: jsonb("lines").$type<ChangeOrderLine[]>().notNull(),
    subtotalDeltaCents: bigint("subtotal_delta_cents", { mode: "number" }).notNull(),
    taxDeltaCents: bigint("tax_delta_cents", { mode: "number" }).notNull(),
    totalDeltaCents: bigint("total_delta_cents", { mode: "number" }).notNull(),
    createdBy: text("created_by").notNull(),
    signedName: text("signed_name"),
    signedAt: timestamptz("signed_at"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    documentId: optionalRef("document_id", () => projectDocuments.id),
    withdrawnAt: timestamptz("withdrawn_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("change_orders_number_idx").on(t.orderId, t.number)],
);

export type WarrantyClaimStatus = "open" | "in_progress" | "resolved" | "declined";

/** A claim under the warranty, opened by the customer after completion and worked by staff. */
export const warrantyClaims = pgTable(
  "warranty_claims",
  {
    id: id(),
    orderId: parentRef("order_id", () => orders.id),
    description: text("description").notNull(),
    /** Ids of the customer's photos (project_documents of kind attachment). */
    photos: jsonb("photos").$type<number[]>().notNull().default([]),
    status: text("status").$type<WarrantyClaimStatus>().notNull().default("open"),
    /** What staff last told the customer. */
    staffNote: text("staff_note"),
    ...timestamps(),
  },
  (t) => [index("warranty_claims_status_idx").on(t.status, t.id)],
);
