// The admin operations of one lead (the list is admin.rest.ts's): read it, set its status, its staff notes,
// add a note, for integrators with an API key (leads:read / leads:write) or staff with a session (sales,
// owner). `adminLeadOperations` are also adminLeadsRouter's procedures leads.<name> (leads.router.ts).
import { adminContactDto, contactDetailsResponse, contactStatusInput, idParams } from "@ch/contracts/admin";
import { route } from "../../http/route";
import { getContactDetails, setContactStatus } from "./leads.service";
import { staffNoteRoutes } from "./notes.rest";

const tags = ["admin", "leads"];

const contactNotes = staffNoteRoutes({
  entityType: "enquiry",
  url: "/api/admin/contacts/:id",
  tags,
  operationNoun: "Contact",
  noun: "lead",
  aNoun: "a lead",
});

export const adminLeadOperations = {
  setStatus: route({
    method: "PUT",
    url: "/api/admin/contacts/:id/status",
    access: "admin",
    summary: "Set a contact's status",
    operationId: "setContactStatus",
    response: adminContactDto,
    errors: [404],
    tags: ["admin"],
    params: idParams,
    body: contactStatusInput,
    answer: "The updated contact",
    handler: ({ deps, params, body, admin }) => setContactStatus(deps, admin!, params.id, body.status),
  }),
  details: route({
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
  addNote: contactNotes.addNote,
};

/** The documented paths, in order: the lead, its notes (REST only), a new note. */
export const adminLeadRoutes = [
  adminLeadOperations.details,
  adminLeadOperations.setStatus,
  contactNotes.list,
  adminLeadOperations.addNote,
];
