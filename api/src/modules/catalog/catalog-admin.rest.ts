// Admin REST paths of the catalog, for integrators with an API key (catalog:read / catalog:write) or staff with
// a session (content, owner). adminCatalogOperations also give the back office's procedures catalog.<name>
// (catalog.router.ts); the paged list, the single read and the pictures are REST's only. Each write is audited
// in its transaction, and a change emits product.updated. A product created with `published: false` is a
// draft (staff only) until published.
import { idParams, pageQuery } from "@ch/contracts/admin";
import { adminProductDto, productImagesInput, productInput, productPage } from "@ch/contracts/catalog";
import { okAnswer } from "@ch/contracts/responses";
import { adminPageRoute } from "../../http/admin-page";
import { route } from "../../http/route";
import { createdCursor } from "../../lib/cursor";
import {
  createProductAs,
  deleteProductAs,
  getAdminProduct,
  listProductsPage,
  setProductImagesAs,
  setProductPublishedAs,
  updateProductAs,
} from "./catalog.service";

const tags = ["admin", "catalog"];

// REST only: no back-office procedure is made from these
const productPageRoute = adminPageRoute({
  url: "/api/admin/products",
  operationId: "listAdminProducts",
  summary: "Every product, newest first (created_at desc, id desc), a page at a time",
  tags,
  query: pageQuery,
  response: productPage,
  answer:
    "{ items: products, next: URL of the next page or null }; 400 naming `cursor` for a cursor this list did not give",
  cursor: createdCursor,
  load: (deps, query, page) => listProductsPage(deps.db, { ...query, ...page }),
});

const productRoute = route({
  method: "GET",
  url: "/api/admin/products/:id",
  access: "admin",
  operationId: "getAdminProduct",
  summary: "One product",
  tags,
  params: idParams,
  response: adminProductDto,
  errors: [404],
  answer: "The product, draft or not; 404 when unknown",
  handler: ({ deps, params }) => getAdminProduct(deps.db, params.id),
});

const productImagesRoute = route({
  method: "PUT",
  url: "/api/admin/products/:id/images",
  access: "admin",
  operationId: "setProductImages",
  summary:
    "Set a product's pictures: attach uploaded media, reorder or remove by sending the whole list (the first is the cover); sends product.updated",
  tags,
  params: idParams,
  body: productImagesInput,
  response: adminProductDto,
  errors: [404],
  answer: "The updated product; 404 when unknown",
  handler: ({ deps, params, body, admin }) => setProductImagesAs(deps, admin!, params.id, body.images),
});

/** The operations the back office calls too, as catalog.<name>. */
export const adminCatalogOperations = {
  create: route({
    method: "POST",
    url: "/api/admin/products",
    access: "admin",
    operationId: "createProduct",
    summary: "Create a product (a draft with `published: false`); images are uploaded first with POST /api/admin/media",
    tags,
    body: productInput,
    successStatus: 201,
    idempotent: true,
    response: adminProductDto,
    answer: "201 with the product; 400 naming the field",
    handler: ({ deps, body, admin }) => createProductAs(deps, admin!, body),
  }),
  update: route({
    method: "PUT",
    url: "/api/admin/products/:id",
    access: "admin",
    operationId: "updateProduct",
    summary:
      "Replace a product's fields (`published` left out keeps its draft state); sends the product.updated webhook",
    tags,
    params: idParams,
    body: productInput,
    response: adminProductDto,
    errors: [404],
    answer: "The updated product; 404 when unknown",
    handler: ({ deps, params, body, admin }) => updateProductAs(deps, admin!, params.id, body),
  }),
  publish: route({
    method: "POST",
    url: "/api/admin/products/:id/publish",
    access: "admin",
    operationId: "publishProduct",
    summary:
      "Publish a product: it appears on the storefront and in the sitemap and can be ordered; sends product.updated",
    tags,
    params: idParams,
    response: adminProductDto,
    errors: [404],
    answer: "The product, published; 404 when unknown",
    handler: ({ deps, params, admin }) => setProductPublishedAs(deps, admin!, params.id, true),
  }),
  unpublish: route({
    method: "POST",
    url: "/api/admin/products/:id/unpublish",
    access: "admin",
    operationId: "unpublishProduct",
    summary:
      "Withdraw a product to draft: it leaves the storefront (404 there) and orders refuse it; sends product.updated",
    tags,
    params: idParams,
    response: adminProductDto,
    errors: [404],
    answer: "The product, a draft; 404 when unknown",
    handler: ({ deps, params, admin }) => setProductPublishedAs(deps, admin!, params.id, false),
  }),
  delete: route({
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
};

const { create, update, publish, unpublish, delete: remove } = adminCatalogOperations;

// every path, in the documented order
export const adminCatalogRoutes = [
  productPageRoute,
  productRoute,
  create,
  update,
  productImagesRoute,
  publish,
  unpublish,
  remove,
];
