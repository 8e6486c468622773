// tRPC procedures of the catalog, made from its declared operations: the public reads (catalog.rest.ts,
// one read-cache entry each for both transports) and staff's (catalog-admin.rest.ts); by hand only the list
// of every product at once.
import { readCache } from "../../lib/read-cache";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, router } from "../../trpc/trpc";
import { catalogOperations } from "./catalog.rest";
import { listAllProducts } from "./catalog.service";
import { adminCatalogOperations } from "./catalog-admin.rest";

export const catalogRouter = router(proceduresOf(catalogOperations));

export const adminCatalogRouter = router({
  // every product at once, drafts included, from the read cache (an entry of its own, dropped by every
  // catalog change like the public ones); GET /api/admin/products pages them instead
  list: adminProcedure.query(({ ctx }) =>
    readCache(ctx.deps.db).value("products:admin-list", () => listAllProducts(ctx.deps.db)),
  ),
  ...proceduresOf(adminCatalogOperations, { update: { bodyAs: "data" } }),
});
