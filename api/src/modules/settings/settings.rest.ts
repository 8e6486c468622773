// The business settings' REST paths: the storefront's public view (GET /api/config), and the back office's
// operations (admin session or API key), each also its tRPC procedure settings.<name> (settings.router.ts;
// the public view is settings.config on the storefront's router).
import { businessSettingsDto, businessSettingsInput, siteConfigDto } from "@ch/contracts/settings";
import { route } from "../../http/route";
import { getSettings, getSiteConfig, updateSettings } from "./settings.service";

export const siteConfigOperations = {
  config: route({
    method: "GET",
    url: "/api/config",
    access: "public",
    summary: "What the storefront knows about the business: the settings, social links, wallet and site address",
    operationId: "getSiteConfig",
    response: siteConfigDto,
    tags: ["settings"],
    answer:
      "The business settings (never the bank account: bankTransferReady says whether there is one) with the social links as a list, usdtWalletAddress, gaMeasurementId, siteUrl",
    handler: ({ deps }) => getSiteConfig(deps),
  }),
};
export const siteConfigRoutes = Object.values(siteConfigOperations);

export const settingsOperations = {
  get: route({
    method: "GET",
    url: "/api/admin/settings",
    access: "admin",
    summary:
      "The business settings (company, opening hours, warranty, lead times, cancellation terms, deposit, bank account, social links)",
    operationId: "getSettings",
    response: businessSettingsDto,
    tags: ["admin", "settings"],
    answer:
      "{ company, openingHours, timeZone, warranty, production, delivery, cancellation, bankTransfer, depositPercent, paymentSchedule, social, updatedAt }",
    handler: ({ deps }) => getSettings(deps),
  }),
  update: route({
    method: "PUT",
    url: "/api/admin/settings",
    access: "admin",
    summary: "Replace the business settings (audited); every page, e-mail and JSON-LD shows them at once",
    operationId: "updateSettings",
    response: businessSettingsDto,
    tags: ["admin", "settings"],
    body: businessSettingsInput,
    answer: "The settings as stored, with updatedAt; 400 naming each invalid field",
    handler: ({ deps, body, admin }) => updateSettings(deps, admin!, body),
  }),
};

export const settingsRoutes = Object.values(settingsOperations);
