// The two tRPC routers: the storefront origin mounts only the public one, so it can never act as an admin.
import { adminCoreRouter, adminTwoFactorRouter } from "../modules/admin";
import { adminApiKeysRouter } from "../modules/api-keys";
import { adminCatalogRouter, catalogRouter } from "../modules/catalog";
import { adminChangeOrdersRouter } from "../modules/change-orders";
import { chatRouter } from "../modules/chat";
import { adminContentRouter, contentRouter } from "../modules/content";
import { adminLeadsRouter, leadsRouter } from "../modules/leads";
import { adminNotificationsRouter } from "../modules/notifications";
import { adminOrdersRouter, adminStagesRouter, ordersRouter } from "../modules/orders";
import { adminPaymentsRouter, paymentsRouter } from "../modules/payments";
import { adminMessagesRouter, adminProjectFilesRouter, adminWarrantyRouter, portalRouter } from "../modules/portal";
import { pricingRouter } from "../modules/pricing";
import { adminProposalsRouter, proposalsRouter } from "../modules/proposals";
import { adminSeoRouter, seoRouter } from "../modules/seo";
import { adminSettingsRouter, settingsRouter } from "../modules/settings";
import { adminStaffRouter } from "../modules/staff";
import { adminWebhooksRouter } from "../modules/webhooks";
import { router } from "./trpc";

export const publicAppRouter = router({
  catalog: catalogRouter,
  content: contentRouter,
  orders: ordersRouter,
  pricing: pricingRouter,
  payments: paymentsRouter,
  leads: leadsRouter,
  proposals: proposalsRouter,
  chat: chatRouter,
  seo: seoRouter,
  settings: settingsRouter,
  portal: portalRouter,
});

export const adminAppRouter = router({
  admin: adminCoreRouter,
  twoFactor: adminTwoFactorRouter,
  catalog: adminCatalogRouter,
  content: adminContentRouter,
  orders: adminOrdersRouter,
  payments: adminPaymentsRouter,
  leads: adminLeadsRouter,
  proposals: adminProposalsRouter,
  stages: adminStagesRouter,
  messages: adminMessagesRouter,
  projectFiles: adminProjectFilesRouter,
  warrantyClaims: adminWarrantyRouter,
  changeOrders: adminChangeOrdersRouter,
  notifications: adminNotificationsRouter,
  seo: adminSeoRouter,
  settings: adminSettingsRouter,
  webhooks: adminWebhooksRouter,
  apiKeys: adminApiKeysRouter,
  staff: adminStaffRouter,
});

export type PublicRouter = typeof publicAppRouter;
export type AdminRouter = typeof adminAppRouter;
