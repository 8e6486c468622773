// The business settings: the owner's values, the storefront's public view of them.
export { settingsRoutes, siteConfigRoutes } from "./settings.rest";
export { adminSettingsRouter } from "./settings.router";
export { bankAccountOf, defaultSettings, getSettings, getSiteConfig, settingsIn, siteUrlOf } from "./settings.service";
