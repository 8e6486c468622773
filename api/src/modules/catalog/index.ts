// The product catalog: the storefront's reads and the back office's edits.
export { catalogOperations, catalogRoutes } from "./catalog.rest";
export { adminCatalogRouter, catalogRouter } from "./catalog.router";
export { getProduct, listFeaturedProducts, listProducts } from "./catalog.service";
export { adminCatalogRoutes } from "./catalog-admin.rest";
