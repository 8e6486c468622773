// The back office's sign-in (throttled, two-factor, links), first-admin setup, dashboard and CSV exports.
export { adminRoutes } from "./admin.rest";
export { adminCoreRouter } from "./admin.router";
export {
  ARGON2_OPTIONS,
  passwordHashing,
  prepareSetupToken,
  purgeExpiredSessions,
  verifyCurrentPassword,
} from "./auth.service";
export { isCommonPassword } from "./common-passwords";
export { exportRoutes } from "./exports.rest";
export { installSetupGate } from "./setup-gate";
export { withHashSlot } from "./sign-in-throttle";
export { twoFactorRoutes } from "./two-factor.rest";
export { adminTwoFactorRouter } from "./two-factor.router";
