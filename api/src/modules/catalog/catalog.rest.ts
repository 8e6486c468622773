import { productIdParams, productListQuery } from "../../contracts/catalog";
import { route } from "../../http/route";
import { sendCachedJson } from "../../lib/read-cache";
import { getProduct, listFeaturedProducts, listProducts } from "./catalog.service";

export const catalogRoutes = [
  route({
    method: "GET",
    url: "/api/products/featured",
    access: "public",
    summary: "Featured products",
    tags: ["catalog"],
    answer: "Array of products marked featured",
    handler: ({ deps, reply }) =>
      sendCachedJson(deps.db, reply, "products:featured", () => listFeaturedProducts(deps.db)),
  }),
  route({
    method: "GET",
    url: "/api/products",
    access: "public",
    summary: "List products, optionally by category",
    tags: ["catalog"],
    query: productListQuery,
    answer: "Array of products; 404 for a category the catalog does not have",
    handler: ({ deps, query, reply }) =>
      sendCachedJson(deps.db, reply, `products:list:${query.category ?? ""}`, () =>
        listProducts(deps.db, { category: query.category }),
      ),
  }),
  route({
    method: "GET",
    url: "/api/products/:id",
    access: "public",
    summary: "One product",
    tags: ["catalog"],
    params: productIdParams,
    answer: "The product, or 404",
    handler: ({ deps, params, reply }) =>
      sendCachedJson(deps.db, reply, `products:one:${params.id}`, () => getProduct(deps.db, params.id)),
  }),
];
