// The site's name for the header and footer, in the first load. The SEO contract
// (contracts/src/seo.ts) has the same constant with the page-metadata and JSON-LD builders the
// storefront loads only when it builds a page's head; site-name.test.ts keeps the two equal.
export const SITE_NAME = "Container Homes of Texas";
