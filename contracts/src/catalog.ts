import { z } from "zod";
import { pageOf } from "./admin";
import { PRODUCT_CATEGORIES } from "./constants";
import { id, requiredText } from "./fields";
import { asMoney, inDollars } from "./money";
import { PRODUCT_TAX_CLASSES } from "./pricing";
import { instant, int } from "./responses";

export const productIdParams = z.strictObject({ id: id() });
export const productListQuery = z.strictObject({ category: z.string().max(60).optional() });

const count = (max: number) => z.number().int().min(0).max(max).optional();

export const productSpecs = z.strictObject({
  bedrooms: count(50),
  bathrooms: count(50),
  sqft: count(1_000_000),
  containers: count(500),
  units: count(500),
  floors: count(20),
  parking: count(1000),
});

export const productImageInput = z.strictObject({
  url: z
    .string()
    .max(300)
    .regex(/^\/media\/[A-Za-z0-9._-]+$/, "must be an image uploaded to /media"),
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
});

export const productInput = z.strictObject({
  name: requiredText(120, "name"),
  description: requiredText(4000, "description"),
  price: asMoney(z.number().min(0).max(10_000_000).multipleOf(0.01, "must be whole cents"), "dollars"),
  category: z.enum(PRODUCT_CATEGORIES),
  images: z.array(productImageInput).max(12),
  specs: productSpecs,
  featured: z.boolean(),
  inStock: z.boolean(),
  /**
   * Which tax rate applies (the tax table's class): general goods, or a new manufactured or industrialized
   * home. Left out: a new product is general and an update keeps the product's class.
   */
  taxClass: z.enum(PRODUCT_TAX_CLASSES).optional(),
  /**
   * false makes a draft, seen by staff only (publish it later). Left out: a new product is published (as
   * before drafts existed) and an update keeps the product's current state.
   */
  published: z.boolean().optional(),
});
export type ProductInput = z.infer<typeof productInput>;

/** A product as every client reads it. price: US dollars. */
export const productDto = z.object({
  id: int(),
  name: z.string(),
  description: z.string(),
  price: inDollars(),
  images: z.array(z.string()),
  imageDetails: z.array(z.object({ url: z.string(), width: int(), height: int() })),
  category: z.string(),
  featured: z.boolean(),
  inStock: z.boolean(),
  specs: productSpecs,
  createdAt: instant(),
  updatedAt: instant(),
});
export type ProductDto = z.infer<typeof productDto>;
export const productList = z.array(productDto);

/** A product as staff read it: also its draft state (the public reads show published products only). */
export const adminProductDto = productDto.extend({
  published: z.boolean(),
  /** The tax class (general or housing): which of the state's rates applies. */
  taxClass: z.enum(PRODUCT_TAX_CLASSES),
});
export type AdminProductDto = z.infer<typeof adminProductDto>;

/**
 * A product as the update takes it back (PUT /api/admin/products/:id, catalog.update): what a read returns,
 * in the input's form. Draft state and tax class come along when the read has them (staff reads do).
 */
export function productInputOf(p: ProductDto & Partial<Pick<AdminProductDto, "published" | "taxClass">>): ProductInput {
  return {
    name: p.name,
    description: p.description,
    price: p.price,
    category: p.category as ProductInput["category"],
    images: p.imageDetails,
    specs: p.specs,
    featured: p.featured,
    inStock: p.inStock,
    ...(p.published === undefined ? {} : { published: p.published }),
    ...(p.taxClass === undefined ? {} : { taxClass: p.taxClass }),
  };
}

// ---- admin REST (catalog-admin.rest.ts) ----------------------------------------------------------------

/** PUT /api/admin/products/:id/images: the whole list, in display order (the first is the cover). */
export const productImagesInput = z.strictObject({ images: productInput.shape.images });
export const productPage = pageOf(adminProductDto);
