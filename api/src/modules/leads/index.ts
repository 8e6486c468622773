// Leads (enquiries): capture, the back office's lists, notes and statuses.
export { leadRoutes } from "./leads.rest";
export { adminLeadsRouter, leadsRouter } from "./leads.router";
export { createChatLead, listContactsForAdmin, markLeadWonForOrder, setContactStatus } from "./leads.service";
export { adminLeadRoutes } from "./leads-admin.rest";
export { staffNoteRoutes } from "./notes.rest";
