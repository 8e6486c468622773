import { productIdParams, productListQuery } from "../../contracts/catalog";
import { route } from "../../http/route";
import { getProduct, listFeaturedProducts, listProducts } from "./catalog.service";

export const catalogRoutes = [
  route({
    method: "GET",
    url: "/api/products/featured",
    access: "public",
    summary: "Featured products",
    tags: ["catalog"],
    answer: "Array of products marked featured",
    handler: ({ deps }) => listFeaturedProducts(deps.db),
  }),
  route({
    method: "GET",
    url: "/api/products",
    access: "public",
    summary: "List products, optionally by category",
    tags: ["catalog"],
    query: productListQuery,
    answer: "Array of products",
    handler: ({ deps, query }) => listProducts(deps.db, { category: query.category }),
  }),
  route({
    method: "GET",
    url: "/api/products/:id",
    access: "public",
    summary: "One product",
    tags: ["catalog"],
    params: productIdParams,
    answer: "The product, or 404",
    handler: ({ deps, params }) => getProduct(deps.db, params.id),
  }),
];
