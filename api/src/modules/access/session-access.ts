// The one check of a back-office request made with a session, shared by the REST admin paths
// (http/route.ts authorizeAdmin, the upload too) and every adminProcedure (trpc/trpc.ts): signed in (401),
// set up two-factor first when the owner requires it (403 with a code), then the role (403).
import type { SessionAdmin, StaffRole } from "@ch/contracts/staff-roles";
import { AppError, forbidden, unauthorized } from "../../lib/errors";
import { type SessionHolder, sessionRowId } from "./session-store";

export type { SessionAdmin };

/** The `code` of the 403 a session gets while it must set up two-factor sign-in first. */
export const TWO_FACTOR_ENROLMENT_REQUIRED = "two_factor_enrolment_required";

export const enrolmentRequired = () =>
  new AppError(
    403,
    "The owner requires two-factor sign-in for every account: set it up on the Security screen to go on",
    [],
    { code: TWO_FACTOR_ENROLMENT_REQUIRED },
  );

/**
 * The admin of the request's session, or null. The session store (session-store.ts) has already refused
 * a session that is idle for 30 minutes, older than 8 hours or whose account is disabled.
 */
export function resolveSession(req: SessionHolder): SessionAdmin | null {
  const session = req.session;
  const admin = session?.admin;
  if (!admin) return null;
  return { ...admin, sessionId: sessionRowId(session.sessionId) };
}

/**
 * The session's admin, when it may make this call: `mayCall` says whether its role may, `beforeEnrolment`
 * whether the call is one a session that must enrol may still make (access-policy.ts). Whether
 * it must enrol was read with the session itself (session-store.ts): no query here.
 */
export function sessionAdminFor(
  req: SessionHolder,
  access: { mayCall: (role: StaffRole) => boolean; beforeEnrolment: () => boolean },
): SessionAdmin {
  const admin = resolveSession(req);
  if (!admin) throw unauthorized();
  if (req.session?.admin?.mustEnrol && !access.beforeEnrolment()) throw enrolmentRequired();
  if (!access.mayCall(admin.role)) throw forbidden("Your role does not allow this");
  return admin;
}
