// SEO and server rendering: the storefront's pages, crawler files, and the report and audit tools.
export { adminSeoRoutes, registerSeoFiles, seoRoutes } from "./seo.rest";
export { adminSeoRouter, seoRouter } from "./seo.router";
export { renderStorefrontPage } from "./seo-page.service";
export { loadStorefrontRenderer } from "./ssr";
