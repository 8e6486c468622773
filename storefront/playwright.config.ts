import { e2eConfig } from "../scripts/playwright-config";

export default e2eConfig({
  defaultPort: 4100,
  origin: "storefront",
  // the checkers, and the specs that only read seeded pages (blog, pictures, server rendering): what they
  // see is the same on either database, whose answers the API suite checks on both
  engineFreeSpecs: [
    "**/validators.spec.ts",
    "**/a11y.spec.ts",
    "**/blog.spec.ts",
    "**/images.spec.ts",
    "**/ssr.spec.ts",
  ],
});
