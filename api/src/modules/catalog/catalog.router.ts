// tRPC procedures of the catalog. Public: the storefront's reads, from the read cache (the REST paths send
// cached bytes instead). Admin: the list of every product, and those of the declared operations
// (catalog-admin.rest.ts).
import { productIdParams, productListQuery } from "@ch/contracts/catalog";
import { readCache } from "../../lib/read-cache";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, publicProcedure, router } from "../../trpc/trpc";
import { getProduct, listAllProducts, listFeaturedProducts, listProducts } from "./catalog.service";
import { adminCatalogOperations } from "./catalog-admin.rest";

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
  // every product at once, drafts included, from the read cache (an entry of its own, dropped by every
  // catalog change like the public ones); GET /api/admin/products pages them instead
  list: adminProcedure.query(({ ctx }) =>
    readCache(ctx.deps.db).value("products:admin-list", () => listAllProducts(ctx.deps.db)),
  ),
  ...proceduresOf(adminCatalogOperations, { update: { bodyAs: "data" } }),
});
