import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns";

export interface ProductImage {
  url: string;
  width: number;
  height: number;
}

export interface ProductSpecs {
  bedrooms?: number;
  bathrooms?: number;
  sqft?: number;
  containers?: number;
  units?: number;
  floors?: number;
  parking?: number;
}

export const products = pgTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** Which tax rate applies (tax_rates.tax_class): "general" or e.g. "housing" for a new manufactured home. */
    taxClass: text("tax_class").notNull().default("general"),
    category: text("category").notNull(),
    images: jsonb("images").$type<ProductImage[]>().notNull().default([]),
    specs: jsonb("specs").$type<ProductSpecs>().notNull().default({}),
    featured: boolean("featured").notNull().default(false),
    inStock: boolean("in_stock").notNull().default(true),
    /** A draft (false) is seen by staff only: the storefront, sitemap and orders act as if it did not exist. */
    published: boolean("published").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("products_category_idx").on(t.category)],
);

/**
 * Image files (seeded and uploaded): the metadata here, the bytes an object of the media storage
 * (`objectKey`, api/src/modules/media/object-store.ts), so every API process serves the same file.
 * `data` holds base64 bytes only for rows stored before object storage (and fresh seed rows) until the
 * mover (housekeeping, `npm run media:migrate`) puts them in the storage and clears it.
 */
export const media = pgTable("media", {
  id: text("id").primaryKey(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: integer("bytes").notNull(),
  data: text("data_base64"),
  objectKey: text("object_key"),
  createdAt: createdAt(),
});
