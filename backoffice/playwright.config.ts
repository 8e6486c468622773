import { e2eConfig } from "../scripts/playwright-config";

export default e2eConfig({ defaultPort: 4200, origin: "backoffice", engineFreeSpecs: ["**/06-a11y.spec.ts"] });
