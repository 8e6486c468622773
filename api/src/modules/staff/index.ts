// Staff accounts: invites, roles, disabling and passwords.
export { staffRoutes } from "./staff.rest";
export { adminStaffRouter } from "./staff.router";
