// Admin REST paths of orders beyond admin.rest.ts's list and fields, stages.rest.ts and payments.rest.ts
// (issue 16, admin REST parity): read one order with everything staff see, its notes, add a note
// (adminOrdersRouter's details and addNote), for integrators with an API key (orders:read / orders:write) or
// staff with a session (sales, owner); and the filters and cursor paging of GET /api/admin/orders, whose
// body stays a plain array (the next page is in its Link header).
import { readSnapshot } from "@ch/db";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { type adminOrderListQuery, idParams, noteInput, noteList, noteResponse } from "../../contracts/admin";
import { adminOrderRecordResponse } from "../../contracts/orders";
import { route } from "../../http/route";
import { createdCursor, keysetPage } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { addNote, LIST_PAGE_DEFAULT, listNotes } from "../leads";
import { getOrderRecord, listOrdersForAdmin } from "./orders.service";

/** GET /api/admin/orders: newest first, filtered; `Link: <…>; rel="next"` when more follow. */
export async function listOrdersWithLink(
  deps: Deps,
  query: z.output<typeof adminOrderListQuery>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const { cursor, limit = LIST_PAGE_DEFAULT, ...filter } = query;
  const { items } = await keysetPage({ req, reply }, createdCursor, { cursor, limit }, (page) =>
    listOrdersForAdmin(deps.db, { ...filter, ...page }),
  );
  return items;
}

const tags = ["admin", "orders"];

export const adminOrderRoutes = [
  route({
    method: "GET",
    url: "/api/admin/orders/:id",
    access: "admin",
    operationId: "getOrder",
    summary:
      "One order: lines and figures, customer and address, build stage, staff notes, audit timeline, invoices, payments and payment events",
    tags,
    params: idParams,
    response: adminOrderRecordResponse,
    errors: [404],
    answer: "The order; 404 when unknown",
    // the order, its stage, its invoices and payments as of one moment (never a payment without its stage)
    handler: ({ deps, params }) => readSnapshot(deps.db, (tx) => getOrderRecord(tx, params.id)),
  }),
  route({
    method: "GET",
    url: "/api/admin/orders/:id/notes",
    access: "admin",
    operationId: "listOrderNotes",
    summary: "An order's staff notes, newest first",
    tags,
    params: idParams,
    response: noteList,
    errors: [404],
    answer: "[{ id, adminName, body, createdAt }]; 404 when the order is unknown",
    handler: ({ deps, params }) => listNotes(deps.db, "order", params.id),
  }),
  route({
    method: "POST",
    url: "/api/admin/orders/:id/notes",
    access: "admin",
    operationId: "addOrderNote",
    summary: "Add a staff note to an order (written to its timeline)",
    tags,
    params: idParams,
    body: noteInput,
    successStatus: 201,
    idempotent: true,
    response: noteResponse,
    errors: [404],
    answer: "201 with the note; 404 when the order is unknown",
    handler: ({ deps, params, body, admin }) => addNote(deps, admin!, "order", params.id, body.body),
  }),
];
