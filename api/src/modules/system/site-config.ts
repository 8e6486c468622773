// The storefront's configuration now comes from the business settings (modules/settings); this file
// keeps the type where the storefront has always imported it from.
export type { SiteConfig } from "../../contracts/business-facts";
