// A project's documents: staff upload permits, plans and inspection reports on the order page; the signed
// contract and change orders are filed when they are signed; the customer downloads them from the portal.
// REST only: files go as raw bodies and come back as files.
import { orderIdParams } from "@ch/contracts/orders";
import { portalDocumentParams, portalProjectParams } from "@ch/contracts/portal";
import {
  attachmentQuery,
  documentUploadQuery,
  orderDocumentParams,
  PROJECT_FILE_MAX_BYTES,
  PROJECT_FILE_TYPES,
  photoUploadQuery,
  projectDocumentDto,
  projectDocumentsDto,
  projectPhotoDto,
  projectPhotosDto,
} from "@ch/contracts/projects";
import { fileBody, okAnswer } from "@ch/contracts/responses";
import type { Executor, ProjectDocumentKind, schema } from "@ch/db";
import type { FastifyReply } from "fastify";
import { route, sent, type UploadedFile } from "../../http/route";
import type { Deps } from "../../lib/deps";
import { type Actor, CUSTOMER, recordAudit } from "../audit";
import { checkFileType, documentsByIds, fileNameOf, listDocuments, readDocument, storeDocument } from "../documents";
import { MEDIA_MAX_BYTES, objectStoreOf, UPLOAD_TYPES } from "../media";
import { adminOrderScope, orderById } from "../orders";
import { emitWebhookEvent } from "../webhooks";
import { discardUnsentFile, documentUrlFor } from "./messages.service";
import { addPhoto, listPhotos } from "./project-photos";

type OrderRow = typeof schema.orders.$inferSelect;

import { customerProject, portalCustomer } from "./portal.service";

/** Stores an uploaded file on the order: checked to be what it was sent as, audited. */
async function storeUpload(
  deps: Deps,
  order: OrderRow,
  file: UploadedFile,
  upload: { kind: ProjectDocumentKind; title: string; actor: Actor },
  announce?: (tx: Executor, stored: { id: number; sha256: string }) => Promise<void>,
) {
  const extension = checkFileType(file.contentType, file.bytes);
  return deps.db.transaction(async (tx) => {
    const stored = await storeDocument(tx, objectStoreOf(deps.env), {
      orderId: order.id,
      kind: upload.kind,
      title: upload.title,
      fileName: fileNameOf(upload.title, extension),
      contentType: file.contentType,
      body: file.bytes,
      storedBy: upload.actor.username,
    });
    await recordAudit(tx, upload.actor, "order.file_upload", "order", order.id, {
      documentId: stored.id,
      kind: upload.kind,
      title: upload.title,
      bytes: file.bytes.length,
    });
    await announce?.(tx, stored);
    const reader = upload.actor === CUSTOMER ? "customer" : "staff";
    const [dto] = await documentsByIds(
      tx,
      objectStoreOf(deps.env),
      order.id,
      [stored.id],
      documentUrlFor(order, reader),
    );
    return dto!;
  });
}

const uploadSpec = { types: PROJECT_FILE_TYPES, maxBytes: PROJECT_FILE_MAX_BYTES };

/** Sends a stored file; a file whose bytes no longer match their SHA-256 says so in a header. */
function sendFile(reply: FastifyReply, file: Awaited<ReturnType<typeof readDocument>>) {
  reply
    .type(file.contentType)
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "private, no-store")
    .header("x-document-intact", String(file.intact));
  return sent<string>(file.body);
}

/** The JSON reads of a project's files (the back office reads them over tRPC too: portal.router.ts). */
export const adminProjectReadOperations = {
  documents: route({
    ...adminOrderScope,
    method: "GET",
    url: "/api/admin/orders/:id/documents",
    summary: "The order's documents: the signed contract and change orders, permits, plans, inspection reports",
    operationId: "listOrderDocuments",
    params: orderIdParams,
    response: projectDocumentsDto,
    answer:
      "{ documents: [{ id, kind, title, fileName, contentType, bytes, sha256, intact, storedBy, createdAt, url }] }",
    handler: async ({ deps, params }) => {
      const order = await orderById(deps, params.id);
      return {
        documents: await listDocuments(deps.db, objectStoreOf(deps.env), order.id, documentUrlFor(order, "staff")),
      };
    },
  }),
  photos: route({
    ...adminOrderScope,
    method: "GET",
    url: "/api/admin/orders/:id/photos",
    summary: "The order's progress photos, oldest first, each on its build stage",
    operationId: "listOrderPhotos",
    params: orderIdParams,
    response: projectPhotosDto,
    answer: "{ photos: [{ id, stage, caption, url, width, height, postedBy, createdAt }] }",
    handler: async ({ deps, params }) => ({ photos: await listPhotos(deps.db, (await orderById(deps, params.id)).id) }),
  }),
};

export const adminProjectFileOperations = {
  upload: route({
    ...adminOrderScope,
    method: "POST",
    url: "/api/admin/orders/:id/documents",
    summary: "Upload a permit, plan, inspection report or other document (PDF, JPEG, PNG or WebP, up to 10 MB)",
    operationId: "uploadOrderDocument",
    params: orderIdParams,
    query: documentUploadQuery,
    upload: uploadSpec,
    errors: [404, 413, 415],
    response: projectDocumentDto,
    successStatus: 201,
    answer:
      "201 with the document; 415 when the bytes are not the type they were sent as; the customer sees it in the portal",
    handler: async ({ deps, params, query, file, admin }) => {
      const order = await orderById(deps, params.id);
      return storeUpload(deps, order, file!, { ...query, actor: admin! }, (tx, stored) =>
        emitWebhookEvent(
          tx,
          "order.document_added",
          {
            orderId: order.id,
            orderNumber: order.orderNumber,
            documentId: stored.id,
            kind: query.kind,
            title: query.title,
            sha256: stored.sha256,
          },
          deps.clock.now(),
        ),
      );
    },
  }),
  attach: route({
    ...adminOrderScope,
    method: "POST",
    url: "/api/admin/orders/:id/attachments",
    summary: "Upload a file to send with a message to the customer (PDF, JPEG, PNG or WebP, up to 10 MB)",
    operationId: "uploadOrderAttachment",
    params: orderIdParams,
    query: attachmentQuery,
    upload: uploadSpec,
    errors: [404, 413, 415],
    response: projectDocumentDto,
    successStatus: 201,
    answer: "201 with the file; send its id in the message's attachments",
    handler: async ({ deps, params, query, file, admin }) =>
      storeUpload(deps, await orderById(deps, params.id), file!, {
        kind: "attachment",
        title: query.name,
        actor: admin!,
      }),
  }),
  discard: route({
    ...adminOrderScope,
    method: "DELETE",
    url: "/api/admin/orders/:id/attachments/:documentId",
    summary: "Delete a file uploaded for a message and not sent",
    operationId: "discardOrderAttachment",
    params: orderDocumentParams,
    errors: [404, 409],
    response: okAnswer,
    answer: "{ ok: true }; 409 once it was sent with a message",
    handler: async ({ deps, params, admin }) =>
      discardUnsentFile(deps, (await orderById(deps, params.id)).id, params.documentId, admin!),
  }),
  download: route({
    ...adminOrderScope,
    method: "GET",
    url: "/api/admin/orders/:id/documents/:documentId",
    summary: "Download one of the order's documents (X-Document-Intact: false when its bytes changed after storing)",
    operationId: "downloadOrderDocument",
    params: orderDocumentParams,
    response: fileBody,
    produces: { files: PROJECT_FILE_TYPES },
    answer: "The file, with its own content type, as an attachment",
    handler: async ({ deps, params, reply }) =>
      sendFile(reply, await readDocument(deps.db, objectStoreOf(deps.env), params.id, params.documentId)),
  }),
};

const photoOperations = {
  addPhoto: route({
    ...adminOrderScope,
    method: "POST",
    url: "/api/admin/orders/:id/photos",
    summary: "Post a progress photo on a build stage (JPEG, PNG or WebP, up to 8 MB); the customer is e-mailed",
    operationId: "addOrderPhoto",
    params: orderIdParams,
    query: photoUploadQuery,
    upload: { types: UPLOAD_TYPES, maxBytes: MEDIA_MAX_BYTES },
    errors: [404, 413, 415, 503],
    response: projectPhotoDto,
    successStatus: 201,
    answer:
      "201 with the photo, stored as WebP with AVIF and WebP variants; 415 for a file that is not a JPEG, PNG or WebP image",
    handler: async ({ deps, params, query, file, admin }) =>
      addPhoto(deps, await orderById(deps, params.id), file!, { ...query, actor: admin! }),
  }),
};

const ownProject = { access: "public" as const, tags: ["portal"], errors: [401 as const, 404 as const] };

export const portalProjectFileOperations = {
  attach: route({
    ...ownProject,
    method: "POST",
    url: "/api/portal/projects/:orderNumber/attachments",
    summary: "Upload a photo or PDF to send with a message to our team (up to 10 MB)",
    operationId: "uploadPortalAttachment",
    params: portalProjectParams,
    query: attachmentQuery,
    // a caller without a portal session is refused before the file is read
    upload: { ...uploadSpec, authorize: portalCustomer },
    errors: [401, 403, 404, 413, 415],
    rateLimit: "portal",
    response: projectDocumentDto,
    successStatus: 201,
    answer: "201 with the file; send its id in the message's attachments",
    handler: async ({ deps, req, params, query, file }) => {
      const order = await customerProject(deps, await portalCustomer(deps, req), params.orderNumber);
      return storeUpload(deps, order, file!, { kind: "attachment", title: query.name, actor: CUSTOMER });
    },
  }),
  discard: route({
    ...ownProject,
    method: "DELETE",
    url: "/api/portal/projects/:orderNumber/attachments/:documentId",
    summary: "Delete a file uploaded for a message or a claim and not sent",
    operationId: "discardPortalAttachment",
    params: portalDocumentParams,
    errors: [401, 403, 404, 409],
    response: okAnswer,
    answer: "{ ok: true }; 409 once it was sent; 404 for another customer's",
    handler: async ({ deps, req, params }) => {
      const order = await customerProject(deps, await portalCustomer(deps, req), params.orderNumber);
      return discardUnsentFile(deps, order.id, params.documentId, CUSTOMER);
    },
  }),
  download: route({
    ...ownProject,
    method: "GET",
    url: "/api/portal/projects/:orderNumber/documents/:documentId",
    summary: "Download a document of one of the signed-in customer's projects",
    operationId: "downloadPortalDocument",
    params: portalDocumentParams,
    response: fileBody,
    produces: { files: PROJECT_FILE_TYPES },
    answer: "The file as an attachment; 404 for a document of another customer's project",
    handler: async ({ deps, req, params, reply }) => {
      const order = await customerProject(deps, await portalCustomer(deps, req), params.orderNumber);
      return sendFile(reply, await readDocument(deps.db, objectStoreOf(deps.env), order.id, params.documentId));
    },
  }),
};

export const adminProjectFileRoutes = [
  ...Object.values(adminProjectReadOperations),
  ...Object.values(adminProjectFileOperations),
  ...Object.values(photoOperations),
];
export const portalProjectFileRoutes = Object.values(portalProjectFileOperations);
