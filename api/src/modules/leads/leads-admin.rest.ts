// Admin REST paths of leads beyond admin.rest.ts's list and status (issue 16, admin REST parity): read one
// lead, its notes, add a note (adminLeadsRouter's details and addNote), for integrators with an API key
// (leads:read / leads:write) or staff with a session (sales, owner).
import { contactDetailsResponse, idParams } from "../../contracts/admin";
import { route } from "../../http/route";
import { getContactDetails } from "./leads.service";
import { staffNoteRoutes } from "./notes.rest";

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
  ...staffNoteRoutes({
    entityType: "enquiry",
    url: "/api/admin/contacts/:id",
    tags,
    operationNoun: "Contact",
    noun: "lead",
    aNoun: "a lead",
  }),
];
