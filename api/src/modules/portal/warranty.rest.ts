// Warranty claims: the customer opens one from the portal; staff work them in an inbox.
import { idParams } from "@ch/contracts/admin";
import { portalProjectParams } from "@ch/contracts/portal";
import {
  warrantyClaimDto,
  warrantyClaimInput,
  warrantyClaimListQuery,
  warrantyClaimsDto,
  warrantyClaimUpdate,
} from "@ch/contracts/warranty";
import { route } from "../../http/route";
import { createdPageItems } from "../../lib/cursor";
import { objectStoreOf } from "../media";
import { customerProject, portalCustomer } from "./portal.service";
import { listClaims, openClaim, updateClaim } from "./warranty";

export const portalWarrantyOperations = {
  openClaim: route({
    method: "POST",
    url: "/api/portal/projects/:orderNumber/warranty-claims",
    access: "public",
    tags: ["portal"],
    summary: "Open a warranty claim on a completed home (photos uploaded to the thread first, by id)",
    operationId: "openWarrantyClaim",
    params: portalProjectParams,
    body: warrantyClaimInput,
    rateLimit: "portal",
    errors: [401, 403, 404, 409],
    response: warrantyClaimDto,
    successStatus: 201,
    answer: "201 with the claim; 409 before the home is completed or after the warranty's end",
    handler: async ({ deps, req, params, body }) =>
      openClaim(deps, await customerProject(deps, await portalCustomer(deps, req), params.orderNumber), body),
  }),
};

const inbox = { access: "admin" as const, tags: ["admin", "orders"] };

export const adminWarrantyOperations = {
  list: route({
    ...inbox,
    method: "GET",
    url: "/api/admin/warranty-claims",
    summary:
      "Warranty claims, newest first (status filters; 500 a page unless `limit`, the next page in the Link header)",
    operationId: "listWarrantyClaims",
    query: warrantyClaimListQuery,
    response: warrantyClaimsDto,
    answer:
      "{ claims: [{ id, orderNumber, customerName, description, photos, status, staffNote, createdAt, updatedAt }] }; the next page's URL in the Link header",
    handler: async ({ deps, query, req, reply }) => ({
      claims: await createdPageItems({ req, reply }, query, (filter) =>
        listClaims(deps.db, objectStoreOf(deps.env), filter),
      ),
    }),
  }),
  update: route({
    ...inbox,
    method: "PATCH",
    url: "/api/admin/warranty-claims/:id",
    summary: "Move a warranty claim to another status, with a note the customer is e-mailed",
    operationId: "updateWarrantyClaim",
    params: idParams,
    body: warrantyClaimUpdate,
    errors: [404],
    response: warrantyClaimDto,
    answer: "The claim as changed; the customer is e-mailed its new status and the note",
    handler: ({ deps, params, body, admin }) => updateClaim(deps, admin!, params.id, body),
  }),
};

export const portalWarrantyRoutes = Object.values(portalWarrantyOperations);
export const adminWarrantyRoutes = Object.values(adminWarrantyOperations);
