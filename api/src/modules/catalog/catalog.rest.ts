import { productDto, productIdParams, productList, productListQuery } from "@ch/contracts/catalog";
import { cachedRead, route } from "../../http/route";
import { getProduct, listFeaturedProducts, listProducts } from "./catalog.service";

/** The public catalog reads: REST routes and, by their keys, the storefront's procedures (catalog.router.ts). */
export const catalogOperations = {
  featured: route({
    method: "GET",
    url: "/api/products/featured",
    access: "public",
    summary: "Featured products",
    operationId: "listFeaturedProducts",
    tags: ["catalog"],
    response: productList,
    answer: "Array of products marked featured",
    handler: ({ deps }) => cachedRead("products:featured", () => listFeaturedProducts(deps.db)),
  }),
  list: route({
    method: "GET",
    url: "/api/products",
    access: "public",
    summary: "List products, optionally by category",
    operationId: "listProducts",
    tags: ["catalog"],
    response: productList,
    errors: [404],
    query: productListQuery,
    answer: "Array of products; 404 for a category the catalog does not have",
    handler: ({ deps, query }) =>
      cachedRead(`products:list:${query.category ?? ""}`, () => listProducts(deps.db, { category: query.category })),
  }),
  byId: route({
    method: "GET",
    url: "/api/products/:id",
    access: "public",
    summary: "One product",
    operationId: "getProduct",
    tags: ["catalog"],
    response: productDto,
    errors: [404],
    params: productIdParams,
    answer: "The product, or 404",
    handler: ({ deps, params }) => cachedRead(`products:one:${params.id}`, () => getProduct(deps.db, params.id)),
  }),
};
export const catalogRoutes = Object.values(catalogOperations);
