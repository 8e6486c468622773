import { z } from "zod";
import { productIdParams, productInput, productListQuery } from "../../contracts/catalog";
import { readCache } from "../../lib/read-cache";
import { adminProcedure, publicProcedure, router } from "../../trpc/trpc";
import {
  createProductAs,
  deleteProductAs,
  getProduct,
  listAllProducts,
  listFeaturedProducts,
  listProducts,
  setProductPublishedAs,
  updateProductAs,
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
  // drafts included: an entry of its own, dropped by every catalog change like the public ones
  list: adminProcedure.query(({ ctx }) =>
    readCache(ctx.deps.db).value("products:admin-list", () => listAllProducts(ctx.deps.db)),
  ),
  create: adminProcedure.input(productInput).mutation(({ ctx, input }) => createProductAs(ctx.deps, ctx.admin, input)),
  update: adminProcedure
    .input(z.strictObject({ id: productIdParams.shape.id, data: productInput }))
    .mutation(({ ctx, input }) => updateProductAs(ctx.deps, ctx.admin, input.id, input.data)),
  publish: adminProcedure
    .input(productIdParams)
    .mutation(({ ctx, input }) => setProductPublishedAs(ctx.deps, ctx.admin, input.id, true)),
  unpublish: adminProcedure
    .input(productIdParams)
    .mutation(({ ctx, input }) => setProductPublishedAs(ctx.deps, ctx.admin, input.id, false)),
  delete: adminProcedure
    .input(productIdParams)
    .mutation(({ ctx, input }) => deleteProductAs(ctx.deps, ctx.admin, input.id)),
});
