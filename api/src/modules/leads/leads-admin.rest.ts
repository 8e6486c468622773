// Admin REST paths of leads beyond admin.rest.ts's list and status (issue 16, admin REST parity): read one
// lead, its notes, add a note (adminLeadsRouter's details and addNote), for integrators with an API key
// (leads:read / leads:write) or staff with a session (sales, owner); and the cursor paging of
// GET /api/admin/contacts, whose body stays a plain array (the next page is in its Link header).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  type adminContactListQuery,
  contactDetailsResponse,
  idParams,
  noteInput,
  noteList,
  noteResponse,
} from "../../contracts/admin";
import { route } from "../../http/route";
import { createdCursor, keysetPage } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { addNote, getContactDetails, listContactsForAdmin, listNotes } from "./leads.service";

/** Rows a page of GET /api/admin/contacts and /api/admin/orders has without `limit` (as before paging). */
export const LIST_PAGE_DEFAULT = 500;

/** GET /api/admin/contacts: newest first; `Link: <…>; rel="next"` when more follow. */
export async function listContactsWithLink(
  deps: Deps,
  query: z.output<typeof adminContactListQuery>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const { cursor, limit = LIST_PAGE_DEFAULT, ...filter } = query;
  const { items } = await keysetPage({ req, reply }, createdCursor, { cursor, limit }, (page) =>
    listContactsForAdmin(deps.db, { ...filter, ...page }),
  );
  return items;
}

const tags = ["admin", "leads"];

export const adminLeadRoutes = [
  route({
    method: "GET",
    url: "/api/admin/contacts/:id",
    access: "admin",
    operationId: "getContact",
    summary: "One lead with its product's name, staff notes (newest first) and its audit timeline",
    tags,
    params: idParams,
    response: contactDetailsResponse,
    errors: [404],
    answer: "The lead; 404 when unknown",
    handler: ({ deps, params }) => getContactDetails(deps.db, params.id),
  }),
  route({
    method: "GET",
    url: "/api/admin/contacts/:id/notes",
    access: "admin",
    operationId: "listContactNotes",
    summary: "A lead's staff notes, newest first",
    tags,
    params: idParams,
    response: noteList,
    errors: [404],
    answer: "[{ id, adminName, body, createdAt }]; 404 when the lead is unknown",
    handler: ({ deps, params }) => listNotes(deps.db, "enquiry", params.id),
  }),
  route({
    method: "POST",
    url: "/api/admin/contacts/:id/notes",
    access: "admin",
    operationId: "addContactNote",
    summary: "Add a staff note to a lead (written to its timeline)",
    tags,
    params: idParams,
    body: noteInput,
    successStatus: 201,
    idempotent: true,
    response: noteResponse,
    errors: [404],
    answer: "201 with the note; 404 when the lead is unknown",
    handler: ({ deps, params, body, admin }) => addNote(deps, admin!, "enquiry", params.id, body.body),
  }),
];
