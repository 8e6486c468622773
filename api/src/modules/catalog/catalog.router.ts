import { z } from "zod";
import { productIdParams, productInput, productListQuery } from "../../contracts/catalog";
import { readCache } from "../../lib/read-cache";
import { adminProcedure, publicProcedure, router } from "../../trpc/trpc";
import { recordAudit } from "../audit/audit.service";
import {
  createProduct,
  deleteProduct,
  getProduct,
  listFeaturedProducts,
  listProducts,
  updateProduct,
} from "./catalog.service";

export const catalogRouter = router({
  list: publicProcedure
    .input(productListQuery)
    .query(({ ctx, input }) =>
      readCache(ctx.deps.db).value(`products:list:${input.category ?? ""}`, () => listProducts(ctx.deps.db, input)),
    ),
  featured: publicProcedure.query(({ ctx }) =>
    readCache(ctx.deps.db).value("products:featured", () => listFeaturedProducts(ctx.deps.db)),
  ),
  byId: publicProcedure
    .input(productIdParams)
    .query(({ ctx, input }) =>
      readCache(ctx.deps.db).value(`products:one:${input.id}`, () => getProduct(ctx.deps.db, input.id)),
    ),
});

export const adminCatalogRouter = router({
  list: adminProcedure.query(({ ctx }) =>
    readCache(ctx.deps.db).value("products:list:", () => listProducts(ctx.deps.db)),
  ),
  create: adminProcedure.input(productInput).mutation(({ ctx, input }) =>
    ctx.deps.db.transaction(async (tx) => {
      const product = await createProduct(tx, input);
      await recordAudit(tx, ctx.admin, "product.create", "product", product.id, { name: product.name });
      return product;
    }),
  ),
  update: adminProcedure
    .input(z.strictObject({ id: productIdParams.shape.id, data: productInput }))
    .mutation(({ ctx, input }) =>
      ctx.deps.db.transaction(async (tx) => {
        const product = await updateProduct(tx, input.id, input.data, ctx.deps.clock.now());
        await recordAudit(tx, ctx.admin, "product.update", "product", product.id, { name: product.name });
        return product;
      }),
    ),
  delete: adminProcedure.input(productIdParams).mutation(({ ctx, input }) =>
    ctx.deps.db.transaction(async (tx) => {
      await deleteProduct(tx, input.id);
      await recordAudit(tx, ctx.admin, "product.delete", "product", input.id);
      return { ok: true };
    }),
  ),
});
