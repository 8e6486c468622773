// The two tRPC routers: the storefront origin mounts only the public one, so it can never act as an admin.
import { adminCoreRouter } from "../modules/admin/admin.router";
import { adminTwoFactorRouter } from "../modules/admin/two-factor.router";
import { adminApiKeysRouter } from "../modules/api-keys/api-keys.router";
import { adminCatalogRouter, catalogRouter } from "../modules/catalog/catalog.router";
import { chatRouter } from "../modules/chat/chat.router";
import { adminContentRouter, contentRouter } from "../modules/content/content.router";
import { adminLeadsRouter, leadsRouter } from "../modules/leads/leads.router";
import { adminNotificationsRouter } from "../modules/notifications/notifications.router";
import { adminOrdersRouter, ordersRouter } from "../modules/orders/orders.router";
import { adminStagesRouter } from "../modules/orders/stages.router";
import { adminPaymentsRouter, paymentsRouter } from "../modules/payments/payments.router";
import { pricingRouter } from "../modules/pricing/pricing.router";
import { adminProposalsRouter, proposalsRouter } from "../modules/proposals/proposals.router";
import { adminSeoRouter, seoRouter } from "../modules/seo/seo.router";
import { adminSettingsRouter } from "../modules/settings/settings.router";
import { adminStaffRouter } from "../modules/staff/staff.router";
import { adminWebhooksRouter } from "../modules/webhooks/webhooks.router";
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
  notifications: adminNotificationsRouter,
  seo: adminSeoRouter,
  settings: adminSettingsRouter,
  webhooks: adminWebhooksRouter,
  apiKeys: adminApiKeysRouter,
  staff: adminStaffRouter,
});

export type PublicRouter = typeof publicAppRouter;
export type AdminRouter = typeof adminAppRouter;
