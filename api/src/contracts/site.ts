// The site's name and the not-found page's title, apart from the SEO contract (seo.ts) so that the
// storefront's header, footer and not-found screens can show them without loading the page-metadata
// and JSON-LD builders in every page's first load (those load with the page's head: storefront
// features/seo/lazy-head.ts).
export const SITE_NAME = "Container Homes of Texas";
export const NOT_FOUND_TITLE = `404 Page Not Found | ${SITE_NAME}`;
