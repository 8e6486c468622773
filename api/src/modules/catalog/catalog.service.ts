import { type Executor, schema } from "@ch/db";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { ProductDto, ProductInput } from "../../contracts/catalog";
import { PRODUCT_CATEGORIES } from "../../contracts/constants";
import { type CreatedKey, createdBefore } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { announceCatalogChange } from "../../lib/read-cache";
import { type Actor, recordAudit } from "../audit/audit.service";
import { emitWebhookEvent } from "../webhooks/events";

const { products } = schema;
type ProductRow = typeof products.$inferSelect;

export function toProductDto(row: ProductRow): ProductDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.priceCents / 100,
    images: row.images.map((image) => image.url),
    imageDetails: row.images,
    category: row.category,
    featured: row.featured,
    inStock: row.inStock,
    specs: row.specs,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The products, of one category when asked. A category the catalog does not have is a 404 (thrown,
 * so never kept by the read cache: made-up categories cannot fill it).
 */
export async function listProducts(
  db: Executor,
  filter: { category?: string | undefined } = {},
): Promise<ProductDto[]> {
  if (filter.category !== undefined && !(PRODUCT_CATEGORIES as readonly string[]).includes(filter.category)) {
    throw notFound(`No product category "${filter.category}"`);
  }
  const rows = await db
    .select()
    .from(products)
    .where(filter.category ? eq(products.category, filter.category) : undefined)
    .orderBy(desc(products.featured), asc(products.priceCents), asc(products.id));
  return rows.map(toProductDto);
}

export async function listFeaturedProducts(db: Executor): Promise<ProductDto[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.featured, true))
    .orderBy(asc(products.priceCents), asc(products.id));
  return rows.map(toProductDto);
}

export async function getProduct(db: Executor, id: number): Promise<ProductDto> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound("Product not found");
  return toProductDto(row);
}

export async function findProductsByIds(db: Executor, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));
}

function toRow(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    priceCents: Math.round(input.price * 100),
    category: input.category,
    images: input.images,
    specs: input.specs,
    featured: input.featured,
    inStock: input.inStock,
  };
}

export async function createProduct(db: Executor, input: ProductInput): Promise<ProductDto> {
  const [row] = await db.insert(products).values(toRow(input)).returning();
  await announceCatalogChange(db);
  return toProductDto(row!);
}

export async function updateProduct(db: Executor, id: number, input: ProductInput, now: Date): Promise<ProductDto> {
  const [row] = await db
    .update(products)
    .set({ ...toRow(input), updatedAt: now })
    .where(eq(products.id, id))
    .returning();
  if (!row) throw notFound("Product not found");
  await announceCatalogChange(db);
  const product = toProductDto(row);
  // in the caller's transaction (the router passes it), like the audit entry
  await emitWebhookEvent(db, "product.updated", { ...product, updatedAt: now.toISOString() }, now);
  return product;
}

export async function deleteProduct(db: Executor, id: number): Promise<void> {
  const deleted = await db
    .delete(products)
    .where(and(eq(products.id, id)))
    .returning({ id: products.id });
  if (deleted.length === 0) throw notFound("Product not found");
  await announceCatalogChange(db);
}

/** The admin list: every product, newest first (created_at desc, id desc), `limit` after the cursor. */
export async function listProductsPage(
  db: Executor,
  page: { limit: number; cursor?: CreatedKey | undefined },
): Promise<ProductDto[]> {
  const rows = await db
    .select()
    .from(products)
    .where(page.cursor ? createdBefore(products, products.createdAt, products.id, page.cursor) : undefined)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(page.limit);
  return rows.map(toProductDto);
}

// ---- staff changes: one transaction with the audit entry (and product.updated), for tRPC and REST alike ----

type StaffDeps = Pick<Deps, "db" | "clock">;

export function createProductAs(deps: StaffDeps, actor: Actor, input: ProductInput): Promise<ProductDto> {
  return deps.db.transaction(async (tx) => {
    const product = await createProduct(tx, input);
    await recordAudit(tx, actor, "product.create", "product", product.id, { name: product.name });
    return product;
  });
}

export function updateProductAs(deps: StaffDeps, actor: Actor, id: number, input: ProductInput): Promise<ProductDto> {
  return deps.db.transaction(async (tx) => {
    const product = await updateProduct(tx, id, input, deps.clock.now());
    await recordAudit(tx, actor, "product.update", "product", product.id, { name: product.name });
    return product;
  });
}

/** Replaces the product's pictures (attach uploaded media, reorder, remove): the first one is the cover. */
export function setProductImagesAs(
  deps: StaffDeps,
  actor: Actor,
  id: number,
  images: ProductInput["images"],
): Promise<ProductDto> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update").limit(1);
    if (!row) throw notFound("Product not found");
    const current = toProductDto(row);
    const input: ProductInput = {
      name: current.name,
      description: current.description,
      price: current.price,
      category: current.category as ProductInput["category"],
      images,
      specs: current.specs,
      featured: current.featured,
      inStock: current.inStock,
    };
    const product = await updateProduct(tx, id, input, deps.clock.now());
    await recordAudit(tx, actor, "product.images", "product", id, { name: product.name, images: images.length });
    return product;
  });
}

export function deleteProductAs(deps: StaffDeps, actor: Actor, id: number): Promise<{ ok: true }> {
  return deps.db.transaction(async (tx) => {
    await deleteProduct(tx, id);
    await recordAudit(tx, actor, "product.delete", "product", id);
    return { ok: true as const };
  });
}
