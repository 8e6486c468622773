import type { AdminProductDto, ProductDto, ProductInput } from "@ch/contracts/catalog";
import type { ChangeFilter } from "@ch/contracts/change-filters";
import { PRODUCT_CATEGORIES } from "@ch/contracts/constants";
import { productTaxClass } from "@ch/contracts/pricing";
import { type Executor, schema } from "@ch/db";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { CreatedKey } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { announceCatalogChange } from "../../lib/read-cache";
import { deleteShownRow, updateShownRow } from "../../lib/shown-rows";
import { createdPageWhere } from "../../lib/sorted-page";
import { type Actor, auditedChange, entityAudit } from "../audit";
import { emitWebhookEvent } from "../webhooks";

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

/** Staff's view: the public fields, the draft state and the tax class. */
export function toAdminProductDto(row: ProductRow): AdminProductDto {
  return { ...toProductDto(row), published: row.published, taxClass: productTaxClass(row.taxClass) };
}

/** Public reads see published products only: a draft is unknown (404) to them. */
const isPublished = eq(products.published, true);

/**
 * The published products, of one category when asked. A category the catalog does not have is a 404 (thrown,
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
    .where(filter.category ? and(isPublished, eq(products.category, filter.category)) : isPublished)
    .orderBy(desc(products.featured), asc(products.priceCents), asc(products.id));
  return rows.map(toProductDto);
}

export async function listFeaturedProducts(db: Executor): Promise<ProductDto[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(isPublished, eq(products.featured, true)))
    .orderBy(asc(products.priceCents), asc(products.id));
  return rows.map(toProductDto);
}

/** One published product; a draft answers 404 like an unknown id. */
export async function getProduct(db: Executor, id: number): Promise<ProductDto> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isPublished))
    .limit(1);
  if (!row) throw notFound("Product not found");
  return toProductDto(row);
}

/** One product, draft or not (staff). */
export async function getAdminProduct(db: Executor, id: number): Promise<AdminProductDto> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound("Product not found");
  return toAdminProductDto(row);
}

/** Every product, drafts included, in the storefront's order (the back office's catalog screen). */
export async function listAllProducts(db: Executor): Promise<AdminProductDto[]> {
  const rows = await db
    .select()
    .from(products)
    .orderBy(desc(products.featured), asc(products.priceCents), asc(products.id));
  return rows.map(toAdminProductDto);
}

export async function findProductsByIds(db: Executor, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));
}

/** The row's columns from the input; `published` and `taxClass` only when the input says (an update keeps them). */
function toRow(input: ProductInput) {
  return {
    ...(input.published === undefined ? {} : { published: input.published }),
    ...(input.taxClass === undefined ? {} : { taxClass: input.taxClass }),
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

export async function createProduct(db: Executor, input: ProductInput): Promise<AdminProductDto> {
  const [row] = await db.insert(products).values(toRow(input)).returning();
  await announceCatalogChange(db);
  const product = toAdminProductDto(row!);
  await emitWebhookEvent(db, "product.created", product, row!.createdAt);
  return product;
}

/** Writes the changed columns, drops the read and page caches, and sends product.updated (caller's transaction). */
async function changeProduct(
  db: Executor,
  id: number,
  changes: Partial<typeof products.$inferInsert>,
  now: Date,
): Promise<AdminProductDto> {
  const row = await updateShownRow(
    db,
    "Product not found",
    db
      .update(products)
      .set({ ...changes, updatedAt: now })
      .where(eq(products.id, id))
      .returning(),
  );
  const product = toAdminProductDto(row);
  // in the caller's transaction (the router passes it), like the audit entry
  await emitWebhookEvent(db, "product.updated", { ...product, updatedAt: now.toISOString() }, now);
  return product;
}

export function updateProduct(db: Executor, id: number, input: ProductInput, now: Date): Promise<AdminProductDto> {
  return changeProduct(db, id, toRow(input), now);
}

export async function deleteProduct(db: Executor, id: number, now: Date): Promise<{ ok: true }> {
  const answer = await deleteShownRow(db, products, products.id, id, "Product not found");
  await emitWebhookEvent(db, "product.deleted", { id, deletedAt: now.toISOString() }, now);
  return answer;
}

/** The admin list: every product, newest first (created_at desc, id desc), `limit` after the cursor. */
export async function listProductsPage(
  db: Executor,
  page: { limit: number; cursor?: CreatedKey | undefined } & ChangeFilter,
): Promise<AdminProductDto[]> {
  const rows = await db
    .select()
    .from(products)
    .where(createdPageWhere(products, page))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(page.limit);
  return rows.map(toAdminProductDto);
}

// ---- staff changes: one transaction with the audit entry (and product.updated), for tRPC and REST alike ----

type StaffDeps = Pick<Deps, "db" | "clock">;

const productAudit = entityAudit("product", (product: AdminProductDto) => ({ name: product.name }));

export function createProductAs(deps: StaffDeps, actor: Actor, input: ProductInput): Promise<AdminProductDto> {
  return auditedChange(deps.db, actor, (tx) => createProduct(tx, input), productAudit("product.create"));
}

export function updateProductAs(
  deps: StaffDeps,
  actor: Actor,
  id: number,
  input: ProductInput,
): Promise<AdminProductDto> {
  return auditedChange(
    deps.db,
    actor,
    (tx) => updateProduct(tx, id, input, deps.clock.now()),
    productAudit("product.update"),
  );
}

/** Replaces the product's pictures (attach uploaded media, reorder, remove): the first one is the cover. */
export function setProductImagesAs(
  deps: StaffDeps,
  actor: Actor,
  id: number,
  images: ProductInput["images"],
): Promise<AdminProductDto> {
  return auditedChange(
    deps.db,
    actor,
    (tx) => changeProduct(tx, id, { images }, deps.clock.now()),
    (product) => ["product.images", "product", id, { name: product.name, images: images.length }],
  );
}

/**
 * Publishes a draft (it appears on the storefront, in the sitemap and can be ordered) or withdraws a product
 * to draft (it answers 404 publicly and orders refuse it); the rest is unchanged. Audited; sends product.updated.
 */
export function setProductPublishedAs(
  deps: StaffDeps,
  actor: Actor,
  id: number,
  published: boolean,
): Promise<AdminProductDto> {
  const action = published ? "product.publish" : "product.unpublish";
  return auditedChange(
    deps.db,
    actor,
    (tx) => changeProduct(tx, id, { published }, deps.clock.now()),
    productAudit(action),
  );
}

export function deleteProductAs(deps: StaffDeps, actor: Actor, id: number): Promise<{ ok: true }> {
  return auditedChange(deps.db, actor, (tx) => deleteProduct(tx, id, deps.clock.now()), [
    "product.delete",
    "product",
    id,
  ]);
}
