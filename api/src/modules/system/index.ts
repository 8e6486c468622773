// System routes: health, readiness and serving stored media.
export type { Lifecycle } from "./system.rest";
export { registerSystemRoutes } from "./system.rest";
