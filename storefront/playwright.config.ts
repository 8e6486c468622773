import { e2eConfig } from "../scripts/playwright-config";

export default e2eConfig({
  defaultPort: 4100,
  origin: "storefront",
  engineFreeSpecs: ["**/validators.spec.ts", "**/a11y.spec.ts"],
});
