// Admin REST paths of the catalog (issue 16, admin REST parity): what the back office's catalog screen does
// over tRPC (adminCatalogRouter), for integrators with an API key (catalog:read / catalog:write) or staff with
// a session (content, owner). Same services and schemas; each write audited in its transaction, and an update
// emits product.updated. Products have no draft state: a saved product is on the storefront at once.
import { idParams, pageQuery } from "../../contracts/admin";
import { productDto, productImagesInput, productInput, productPage } from "../../contracts/catalog";
import { okAnswer } from "../../contracts/responses";
import { route } from "../../http/route";
import { createdCursor, nextPageUrl, pageAfter } from "../../lib/cursor";
import {
  createProductAs,
  deleteProductAs,
  getProduct,
  listProductsPage,
  setProductImagesAs,
  updateProductAs,
} from "./catalog.service";

const tags = ["admin", "catalog"];

export const adminCatalogRoutes = [
  route({
    method: "GET",
    url: "/api/admin/products",
    access: "admin",
    operationId: "listAdminProducts",
    summary: "Every product, newest first (created_at desc, id desc), a page at a time",
    tags,
    query: pageQuery,
    response: productPage,
    answer:
      "{ items: products, next: URL of the next page or null }; 400 naming `cursor` for a cursor this list did not give",
    handler: async ({ deps, query, req }) => {
      const rows = await listProductsPage(deps.db, {
        limit: query.limit + 1,
        cursor: createdCursor.decode(query.cursor),
      });
      const { items, last } = pageAfter(rows, query.limit);
      return { items, next: nextPageUrl(req, last ? createdCursor.encode(last) : null) };
    },
  }),
  route({
    method: "GET",
    url: "/api/admin/products/:id",
    access: "admin",
    operationId: "getAdminProduct",
    summary: "One product",
    tags,
    params: idParams,
    response: productDto,
    errors: [404],
    answer: "The product; 404 when unknown",
    handler: ({ deps, params }) => getProduct(deps.db, params.id),
  }),
  route({
    method: "POST",
    url: "/api/admin/products",
    access: "admin",
    operationId: "createProduct",
    summary: "Create a product (on the storefront at once); images are uploaded first with POST /api/admin/media",
    tags,
    body: productInput,
    successStatus: 201,
    response: productDto,
    answer: "201 with the product; 400 naming the field",
    handler: ({ deps, body, admin }) => createProductAs(deps, admin!, body),
  }),
  route({
    method: "PUT",
    url: "/api/admin/products/:id",
    access: "admin",
    operationId: "updateProduct",
    summary: "Replace a product's fields; sends the product.updated webhook",
    tags,
    params: idParams,
    body: productInput,
    response: productDto,
    errors: [404],
    answer: "The updated product; 404 when unknown",
    handler: ({ deps, params, body, admin }) => updateProductAs(deps, admin!, params.id, body),
  }),
  route({
    method: "PUT",
    url: "/api/admin/products/:id/images",
    access: "admin",
    operationId: "setProductImages",
    summary:
      "Set a product's pictures: attach uploaded media, reorder or remove by sending the whole list (the first is the cover); sends product.updated",
    tags,
    params: idParams,
    body: productImagesInput,
    response: productDto,
    errors: [404],
    answer: "The updated product; 404 when unknown",
    handler: ({ deps, params, body, admin }) => setProductImagesAs(deps, admin!, params.id, body.images),
  }),
  route({
    method: "DELETE",
    url: "/api/admin/products/:id",
    access: "admin",
    operationId: "deleteProduct",
    summary: "Delete a product (it leaves the storefront; past orders keep their lines)",
    tags,
    params: idParams,
    response: okAnswer,
    errors: [404],
    answer: "{ ok: true }; 404 when unknown",
    handler: ({ deps, params, admin }) => deleteProductAs(deps, admin!, params.id),
  }),
];
