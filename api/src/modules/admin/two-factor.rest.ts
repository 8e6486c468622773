// Two-factor sign-in: the REST paths of the second sign-in step (no session yet), and the signed-in admin's
// operations (enrolment, recovery codes, the owner's policy), each also its tRPC procedure twoFactor.<name>
// (two-factor.router.ts).

import { signInLinkAnswer, signInLinkInput } from "@ch/contracts/staff";
import {
  enrolmentAnswer,
  recoveryCodesAnswer,
  signedInAnswer,
  signedInWithCodesAnswer,
  signInEnrolConfirmInput,
  signInEnrolInput,
  signInVerifyInput,
  twoFactorConfirmInput,
  twoFactorDisabledAnswer,
  twoFactorDisableInput,
  twoFactorEnrolInput,
  twoFactorPolicyAnswer,
  twoFactorPolicyInput,
  twoFactorStatusAnswer,
} from "@ch/contracts/two-factor";
import type { FastifyReply, FastifyRequest } from "fastify";
import { limitedBy, route } from "../../http/route";
import type { Deps } from "../../lib/deps";
import { rolesForPath } from "../access";
import { startSession, verifyCurrentPassword } from "./auth.service";
import { readDeviceToken, rememberThisDevice } from "./device-cookie";
import { useSignInLink } from "./sign-in-links";
import { hitAddressLimit } from "./sign-in-throttle";
import {
  beginChallengeEnrolment,
  beginEnrolment,
  completeChallenge,
  completeChallengeEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  setTwoFactorRequired,
  twoFactorStatus,
} from "./totp.service";

/** Both factors passed: the session (rotated) and the known-device cookie. */
async function finishSignIn(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  ip: string,
  admin: { id: number; username: string },
) {
  const result = await startSession(deps, admin, ip, req);
  await rememberThisDevice(deps, req, reply, admin.id);
  req.log.info({ admin: admin.username }, "admin signed in");
  return { ok: true as const, username: admin.username, expiresAt: result.expiresAt.toISOString() };
}

/** Each step of the sign-in counts against the address's sign-in limit first. */
const signInLimit = (deps: Deps, ip: string) => hitAddressLimit(deps, "signIn", ip);

const signInRoutes = [
  route({
    method: "POST",
    url: "/api/admin/login/verify",
    access: "adminAuth",
    summary: "Sign-in step two: the challenge from /api/admin/login with a 6-digit code or a recovery code",
    operationId: "verifySignInCode",
    response: signedInAnswer,
    errors: [401, 429],
    tags: ["admin"],
    body: signInVerifyInput,
    answer:
      "{ ok, username, expiresAt } and the session cookie; 401 for a wrong, reused or old code (5 tries per challenge, 5 minutes)",
    handler: limitedBy(signInLimit, async ({ deps, body, req, reply, ip }) => {
      const { admin } = await completeChallenge(deps, body, readDeviceToken(req, deps.env));
      return finishSignIn(deps, req, reply, ip, admin);
    }),
  }),
  route({
    method: "POST",
    url: "/api/admin/login/enrol",
    access: "adminAuth",
    summary: "Sign-in when the owner requires two-factor and the account has none: a new TOTP secret to scan",
    operationId: "beginSignInEnrolment",
    response: enrolmentAnswer,
    errors: [401, 409, 429],
    tags: ["admin"],
    body: signInEnrolInput,
    answer: "{ secret, otpauthUrl }",
    handler: limitedBy(signInLimit, ({ deps, body }) => beginChallengeEnrolment(deps, body.challenge)),
  }),
  route({
    method: "POST",
    url: "/api/admin/login/enrol/confirm",
    access: "adminAuth",
    summary: "Sign-in with enrolment: the first code turns two-factor on and starts the session",
    operationId: "confirmSignInEnrolment",
    response: signedInWithCodesAnswer,
    errors: [401, 409, 429],
    tags: ["admin"],
    body: signInEnrolConfirmInput,
    answer: "{ ok, username, expiresAt, recoveryCodes } (the 10 recovery codes are shown this once)",
    handler: limitedBy(signInLimit, async ({ deps, body, req, reply, ip }) => {
      const { admin, recoveryCodes } = await completeChallengeEnrolment(deps, body);
      return { ...(await finishSignIn(deps, req, reply, ip, admin)), recoveryCodes };
    }),
  }),
  route({
    method: "POST",
    url: "/api/admin/login/link",
    access: "adminAuth",
    summary:
      "Open a sign-in link e-mailed when the account's sign-in is slowed down: this browser becomes a known device",
    operationId: "useSignInLink",
    response: signInLinkAnswer,
    errors: [429],
    tags: ["admin"],
    body: signInLinkInput,
    answer:
      "{ ok, username } and the known-device cookie (the password and code are still asked at sign-in); 400 naming `token` when the link was used or has expired",
    handler: limitedBy(signInLimit, async ({ deps, body, req, reply }) => {
      const admin = await useSignInLink(deps, body.token);
      await rememberThisDevice(deps, req, reply, admin.id);
      return { ok: true as const, username: admin.username };
    }),
  }),
];

export const twoFactorOperations = {
  status: route({
    method: "GET",
    url: "/api/admin/two-factor",
    access: "admin",
    summary: "Whether two-factor sign-in is on for the signed-in admin, recovery codes left, and the owner's policy",
    operationId: "getTwoFactorStatus",
    response: twoFactorStatusAnswer,
    tags: ["admin"],
    answer: "{ enabled, enabledAt, recoveryCodesLeft, required, mayRequire }",
    handler: async ({ deps, admin }) => ({
      ...(await twoFactorStatus(deps, admin!.id)),
      mayRequire: rolesForPath("PUT", "/api/admin/two-factor/policy").includes(admin!.role),
    }),
  }),
  begin: route({
    method: "POST",
    url: "/api/admin/two-factor/enrol",
    access: "admin",
    summary: "Start enrolment with the account's password: a new TOTP secret (RFC 6238) for an authenticator app",
    operationId: "beginTwoFactorEnrolment",
    response: enrolmentAnswer,
    errors: [409],
    tags: ["admin"],
    body: twoFactorEnrolInput,
    answer:
      "{ secret, otpauthUrl }; 400 naming `password` when it is missing or wrong (10 tries per 15 minutes, then 429); 409 when two-factor is already on",
    handler: async ({ deps, admin, body }) => {
      await verifyCurrentPassword(deps, admin!, body.password, "password");
      return beginEnrolment(deps, admin!);
    },
  }),
  confirm: route({
    method: "POST",
    url: "/api/admin/two-factor/confirm",
    access: "admin",
    summary: "Finish enrolment with the first code; answers 10 single-use recovery codes, shown once",
    operationId: "confirmTwoFactorEnrolment",
    response: recoveryCodesAnswer,
    errors: [409],
    tags: ["admin"],
    body: twoFactorConfirmInput,
    answer: "{ recoveryCodes }",
    handler: ({ deps, admin, body }) => confirmEnrolment(deps, admin!, body.code),
  }),
  disable: route({
    method: "POST",
    url: "/api/admin/two-factor/disable",
    access: "admin",
    summary: "Turn two-factor off with a current code or a recovery code (refused while the owner requires it)",
    operationId: "disableTwoFactor",
    response: twoFactorDisabledAnswer,
    errors: [409],
    tags: ["admin"],
    body: twoFactorDisableInput,
    answer: "{ enabled: false }",
    handler: ({ deps, admin, body }) => disableTwoFactor(deps, admin!, body),
  }),
  regenerateRecoveryCodes: route({
    method: "POST",
    url: "/api/admin/two-factor/recovery-codes",
    access: "admin",
    summary: "Replace the recovery codes (needs a current code); the old ones stop working",
    operationId: "regenerateRecoveryCodes",
    response: recoveryCodesAnswer,
    errors: [409],
    tags: ["admin"],
    body: twoFactorConfirmInput,
    answer: "{ recoveryCodes }",
    handler: ({ deps, admin, body }) => regenerateRecoveryCodes(deps, admin!, body),
  }),
  setPolicy: route({
    method: "PUT",
    url: "/api/admin/two-factor/policy",
    access: "admin",
    summary: "Owner setting: require two-factor sign-in for every account",
    operationId: "setTwoFactorPolicy",
    response: twoFactorPolicyAnswer,
    errors: [409],
    tags: ["admin"],
    body: twoFactorPolicyInput,
    answer: "{ required }; 409 when the owner's own account has no two-factor yet",
    handler: ({ deps, admin, body }) => setTwoFactorRequired(deps, admin!, body.required),
  }),
};

export const twoFactorRoutes = [...signInRoutes, ...Object.values(twoFactorOperations)];
