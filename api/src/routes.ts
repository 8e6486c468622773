// Every documented REST path, by origin.
import type { RouteSpec } from "./http/route";
import { adminRoutes } from "./modules/admin/admin.rest";
import { exportRoutes } from "./modules/admin/exports.rest";
import { twoFactorRoutes } from "./modules/admin/two-factor.rest";
import { catalogRoutes } from "./modules/catalog/catalog.rest";
import { adminCatalogRoutes } from "./modules/catalog/catalog-admin.rest";
import { chatRoutes } from "./modules/chat/chat.rest";
import { contentRoutes } from "./modules/content/content.rest";
import { adminContentRoutes } from "./modules/content/content-admin.rest";
import { leadRoutes } from "./modules/leads/leads.rest";
import { adminLeadRoutes } from "./modules/leads/leads-admin.rest";
import { notificationRoutes } from "./modules/notifications/notifications.rest";
import { orderRoutes } from "./modules/orders/orders.rest";
import { adminOrderRoutes } from "./modules/orders/orders-admin.rest";
import { adminStageRoutes } from "./modules/orders/stages.rest";
import { adminPaymentRoutes, paymentRoutes } from "./modules/payments/payments.rest";
import { adminUsdtTransferRoutes } from "./modules/payments/usdt-transfers.rest";
import { pricingRoutes } from "./modules/pricing/pricing.rest";
import { adminProposalRoutes, proposalRoutes } from "./modules/proposals/proposals.rest";
import { adminProposalEditRoutes } from "./modules/proposals/proposals-admin.rest";
import { adminSeoRoutes, seoRoutes } from "./modules/seo/seo.rest";
import { settingsRoutes, siteConfigRoutes } from "./modules/settings/settings.rest";
import { staffRoutes } from "./modules/staff/staff.rest";
import { visitRoutes } from "./modules/visits/visits.rest";
import { webhookRoutes } from "./modules/webhooks/webhooks.rest";

export const publicRoutes: RouteSpec[] = [
  ...catalogRoutes,
  ...contentRoutes,
  ...pricingRoutes,
  ...orderRoutes,
  ...paymentRoutes,
  ...leadRoutes,
  ...proposalRoutes,
  ...chatRoutes,
  ...visitRoutes,
  ...seoRoutes,
  ...siteConfigRoutes,
];

export const backofficeRoutes: RouteSpec[] = [
  ...adminRoutes,
  ...twoFactorRoutes,
  ...exportRoutes,
  ...notificationRoutes,
  ...adminSeoRoutes,
  ...settingsRoutes,
  ...staffRoutes,
  ...adminProposalRoutes,
  ...adminProposalEditRoutes,
  ...adminOrderRoutes,
  ...adminLeadRoutes,
  ...adminCatalogRoutes,
  ...adminContentRoutes,
  ...adminStageRoutes,
  ...adminPaymentRoutes,
  ...adminUsdtTransferRoutes,
  ...webhookRoutes,
];

export const allRoutes: RouteSpec[] = [...publicRoutes, ...backofficeRoutes];
