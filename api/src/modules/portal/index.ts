// The customer's portal: sign-in by e-mailed link, the session, the projects under the address.
export { adminMessageRoutes, portalRoutes } from "./portal.rest";
export { adminMessagesRouter, adminProjectFilesRouter, adminWarrantyRouter, portalRouter } from "./portal.router";
export { portalCustomer, purgePortalTokens } from "./portal.service";
export { portalChangeOrderRoutes } from "./portal-change-orders.rest";
export { adminProjectFileRoutes, portalProjectFileRoutes } from "./project-files.rest";
export { adminWarrantyRoutes, portalWarrantyRoutes } from "./warranty.rest";
