// Every documented REST path, by origin.
import type { RouteSpec } from "./http/route";
import { adminRoutes, exportRoutes, twoFactorRoutes } from "./modules/admin";
import { adminCatalogRoutes, catalogRoutes } from "./modules/catalog";
import { adminChangeOrderRoutes } from "./modules/change-orders";
import { chatRoutes } from "./modules/chat";
import { adminContentRoutes, contentRoutes } from "./modules/content";
import { adminLeadRoutes, leadRoutes } from "./modules/leads";
import { notificationRoutes } from "./modules/notifications";
import { adminOrderRoutes, adminStageRoutes, orderRoutes } from "./modules/orders";
import { adminPaymentRoutes, adminUsdtTransferRoutes, paymentRoutes } from "./modules/payments";
import {
  adminMessageRoutes,
  adminProjectFileRoutes,
  adminWarrantyRoutes,
  portalChangeOrderRoutes,
  portalProjectFileRoutes,
  portalRoutes,
  portalWarrantyRoutes,
} from "./modules/portal";
import { pricingRoutes } from "./modules/pricing";
import { adminProposalEditRoutes, adminProposalRoutes, proposalRoutes } from "./modules/proposals";
import { adminSeoRoutes, seoRoutes } from "./modules/seo";
import { settingsRoutes, siteConfigRoutes } from "./modules/settings";
import { staffRoutes } from "./modules/staff";
import { visitRoutes } from "./modules/visits";
import { webhookRoutes } from "./modules/webhooks";

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
  ...portalRoutes,
  ...portalProjectFileRoutes,
  ...portalWarrantyRoutes,
  ...portalChangeOrderRoutes,
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
  ...adminMessageRoutes,
  ...adminProjectFileRoutes,
  ...adminWarrantyRoutes,
  ...adminChangeOrderRoutes,
  ...adminPaymentRoutes,
  ...adminUsdtTransferRoutes,
  ...webhookRoutes,
];

export const allRoutes: RouteSpec[] = [...publicRoutes, ...backofficeRoutes];
