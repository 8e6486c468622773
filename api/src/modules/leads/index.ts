// Leads (enquiries): capture, the back office's lists, notes and statuses.
export { leadRoutes } from "./leads.rest";
export { adminLeadsRouter, leadsRouter } from "./leads.router";
export {
  addNote,
  createChatLead,
  listContactsForAdmin,
  listNotes,
  markLeadWonForOrder,
  setContactStatus,
} from "./leads.service";
export { adminLeadRoutes, LIST_PAGE_DEFAULT, listContactsWithLink } from "./leads-admin.rest";
