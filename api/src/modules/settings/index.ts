// The business settings: the owner's values, the storefront's public view of them.
export { settingsRoutes, siteConfigOperations, siteConfigRoutes } from "./settings.rest";
export { adminSettingsRouter, settingsRouter } from "./settings.router";
export {
  bankAccountOf,
  defaultSettings,
  getSettings,
  getSiteConfig,
  milestonesOf,
  settingsIn,
  siteUrlOf,
} from "./settings.service";
