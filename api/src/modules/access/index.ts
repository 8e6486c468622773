// The back office's access: its sessions (store and per-request check) and which role may call what.
export {
  areasOf,
  mayCallPath,
  mayCallPathBeforeEnrolment,
  mayCallProcedure,
  mayCallProcedureBeforeEnrolment,
  rolesForPath,
  rolesForProcedure,
} from "./access-policy";
export type { SessionAdmin } from "./session-access";
export { resolveSession, sessionAdminFor } from "./session-access";
export type { SessionHolder } from "./session-store";
export {
  ABSOLUTE_TIMEOUT_MS,
  announcingSessionChanges,
  endAccountSessions,
  isRememberedSignedIn,
  PgSessionStore,
  purgeSessions,
  REQUIRE_TWO_FACTOR_KEY,
  sessionRowId,
  touchAccountSessions,
} from "./session-store";
