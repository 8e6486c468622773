// The one check of a back-office request made with a session, shared by the REST admin paths
// (http/route.ts authorizeAdmin, the upload too) and every adminProcedure (trpc/trpc.ts): signed in (401),
// set up two-factor first when the owner requires it (403 with a code), then the role (403).
import type { StaffRole } from "../../contracts/staff-roles";
import { AppError, forbidden, unauthorized } from "../../lib/errors";
import { resolveSession, type SessionAdmin } from "./auth.service";
import type { SessionHolder } from "./session-store";

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
 * The session's admin, when it may make this call: `mayCall` says whether its role may, `beforeEnrolment`
 * whether the call is one a session that must enrol may still make (modules/staff/access-policy.ts). Whether
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
