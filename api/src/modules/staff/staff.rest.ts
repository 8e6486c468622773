// Staff accounts and passwords (back-office origin): every account's own and the owner's staff screen as
// operations, each its documented REST path and its tRPC procedure staff.<name> (staff.router.ts); password
// resets and invitations need no session and are REST only. Who may call which: access/access-policy.ts.
import { idParams } from "@ch/contracts/admin";
import { okAnswer } from "@ch/contracts/responses";
import {
  acceptInviteInput,
  accountAnswer,
  changePasswordInput,
  emailSetAnswer,
  forgotPasswordInput,
  inviteAnswer,
  inviteInput,
  invitePreviewAnswer,
  invitePreviewQuery,
  passwordResetAnswer,
  resetPasswordInput,
  resetRequestedAnswer,
  roleBody,
  sessionsEndedAnswer,
  setEmailInput,
  staffAccountAnswer,
  staffListAnswer,
} from "@ch/contracts/staff";
import { route } from "../../http/route";
import {
  acceptInvite,
  accountOf,
  changePassword,
  invitePreview,
  inviteStaff,
  listStaff,
  requestPasswordReset,
  resendInvite,
  resetPassword,
  revokeInvite,
  setDisabled,
  setOwnEmail,
  setRole,
} from "./staff.service";

/** Every account's own: each gives its REST path and its tRPC procedure staff.<name>. */
export const ownAccountOperations = {
  me: route({
    method: "GET",
    url: "/api/admin/account",
    access: "admin",
    summary: "The signed-in account: username, role, e-mail and the back-office areas it may open",
    operationId: "getAccount",
    response: accountAnswer,
    tags: ["admin", "staff"],
    answer: "{ id, username, role, email, areas }",
    handler: ({ deps, admin }) => accountOf(deps, admin!),
  }),
  changePassword: route({
    method: "POST",
    url: "/api/admin/password/change",
    access: "admin",
    summary: "Change one's own password (needs the current one); ends the account's other sessions",
    operationId: "changePassword",
    response: sessionsEndedAnswer,
    tags: ["admin", "staff"],
    body: changePasswordInput,
    answer: "{ ok, endedSessions }; 400 when the current password is wrong or the new one is short or common",
    handler: ({ deps, admin, body }) => changePassword(deps, admin!, body),
  }),
  setEmail: route({
    method: "PUT",
    url: "/api/admin/account/email",
    access: "admin",
    summary: "Set one's own e-mail, where password-reset links go (needs the current password)",
    operationId: "setAccountEmail",
    response: emailSetAnswer,
    errors: [409],
    tags: ["admin", "staff"],
    body: setEmailInput,
    answer: "{ ok, email }; 400 when the current password is wrong; 409 when another account uses the address",
    handler: ({ deps, admin, body }) => setOwnEmail(deps, admin!, body),
  }),
};

/** Before any session: password resets and invitations (REST only: sign-in paths have no procedure). */
const signInRoutes = {
  forgotPassword: route({
    method: "POST",
    url: "/api/admin/password/forgot",
    access: "adminAuth",
    summary: "E-mail a single-use link (30 minutes) to choose a new password",
    operationId: "requestPasswordReset",
    response: resetRequestedAnswer,
    errors: [429],
    tags: ["admin", "staff"],
    body: forgotPasswordInput,
    answer: "Always { ok, message }, whether an account uses the address or not; 429 past 10 an hour per address",
    handler: ({ deps, body, ip }) => requestPasswordReset(deps, body.email, ip),
  }),
  resetPassword: route({
    method: "POST",
    url: "/api/admin/password/reset",
    access: "adminAuth",
    summary: "Choose a new password with the e-mailed link; ends every session of the account",
    operationId: "resetPassword",
    response: passwordResetAnswer,
    errors: [429],
    tags: ["admin", "staff"],
    body: resetPasswordInput,
    answer: "{ ok, username }; 400 when the link is used, replaced or expired, or the password is short or common",
    handler: ({ deps, body, ip }) => resetPassword(deps, body, ip),
  }),
  previewInvite: route({
    method: "GET",
    url: "/api/admin/invites/preview",
    access: "adminAuth",
    summary: "The address and role of a waiting invitation (for the accept page)",
    operationId: "previewInvite",
    response: invitePreviewAnswer,
    errors: [429],
    tags: ["admin", "staff"],
    query: invitePreviewQuery,
    answer: "{ email, role, expiresAt }; 400 when the link is used, replaced or expired",
    handler: ({ deps, query }) => invitePreview(deps, query.token),
  }),
  acceptInvite: route({
    method: "POST",
    url: "/api/admin/invites/accept",
    access: "adminAuth",
    summary: "Accept an invitation: choose a username and password (the link works once, within 72 hours)",
    operationId: "acceptInvite",
    response: staffAccountAnswer,
    errors: [409, 429],
    tags: ["admin", "staff"],
    body: acceptInviteInput,
    successStatus: 201,
    answer:
      "201 with { id, username, role }; 400 for a used or expired link or a weak password; 409 when the username is taken",
    handler: ({ deps, body, ip }) => acceptInvite(deps, body, ip),
  }),
};

/** The owner's staff screen: each gives its REST path and its tRPC procedure staff.<name>. */
export const staffOperations = {
  list: route({
    method: "GET",
    url: "/api/admin/staff",
    access: "admin",
    summary: "Staff accounts and waiting invitations (owner only)",
    operationId: "listStaff",
    response: staffListAnswer,
    tags: ["admin", "staff"],
    answer:
      "{ accounts: [{ id, username, email, role, disabledAt, createdAt, lastLoginAt }], invites: [{ id, email, role, expiresAt, expired, createdAt }] }",
    handler: ({ deps }) => listStaff(deps),
  }),
  invite: route({
    method: "POST",
    url: "/api/admin/staff/invites",
    access: "admin",
    summary: "Invite a staff member by e-mail with a role (owner only); the link works once, within 72 hours",
    operationId: "inviteStaff",
    response: inviteAnswer,
    errors: [409],
    tags: ["admin", "staff"],
    body: inviteInput,
    successStatus: 201,
    answer: "201 with { id, email, role, expiresAt }; 409 when the address has an account or a waiting invitation",
    handler: ({ deps, admin, body }) => inviteStaff(deps, admin!, body),
  }),
  resendInvite: route({
    method: "POST",
    url: "/api/admin/staff/invites/:id/resend",
    access: "admin",
    summary: "Send a waiting invitation again with a new link and 72 more hours (the old link stops working)",
    operationId: "resendInvite",
    response: inviteAnswer,
    errors: [404, 409],
    tags: ["admin", "staff"],
    params: idParams,
    answer: "{ id, email, role, expiresAt }",
    handler: ({ deps, admin, params }) => resendInvite(deps, admin!, params.id),
  }),
  revokeInvite: route({
    method: "POST",
    url: "/api/admin/staff/invites/:id/revoke",
    access: "admin",
    summary: "Withdraw a waiting invitation",
    operationId: "revokeInvite",
    response: okAnswer,
    errors: [404],
    tags: ["admin", "staff"],
    params: idParams,
    answer: "{ ok: true }",
    handler: ({ deps, admin, params }) => revokeInvite(deps, admin!, params.id),
  }),
  setRole: route({
    method: "PUT",
    url: "/api/admin/staff/:id/role",
    access: "admin",
    summary: "Change a staff member's role (owner only; takes effect on their next request)",
    operationId: "setStaffRole",
    response: okAnswer,
    errors: [404, 409],
    tags: ["admin", "staff"],
    params: idParams,
    body: roleBody,
    answer: "{ ok: true }; 409 for one's own role or when it would leave no owner",
    handler: ({ deps, admin, params, body }) => setRole(deps, admin!, params.id, body.role),
  }),
};

/** POST /api/admin/staff/:id/disable or /enable: an account's state (a disabled one's sessions end at once). */
function accountStateRoute(disabled: boolean, doc: { operationId: string; summary: string; answer: string }) {
  return route({
    ...doc,
    method: "POST",
    url: `/api/admin/staff/:id/${disabled ? "disable" : "enable"}`,
    access: "admin",
    response: sessionsEndedAnswer,
    errors: [404, 409],
    tags: ["admin", "staff"],
    params: idParams,
    handler: ({ deps, admin, params }) => setDisabled(deps, admin!, params.id, disabled),
  });
}

/** Disabling and enabling an account (REST; the procedure staff.setDisabled does both, hand-written). */
const accountStateRoutes = {
  disable: accountStateRoute(true, {
    operationId: "disableStaffAccount",
    summary: "Disable an account: it cannot sign in and its sessions end at once",
    answer: "{ ok, endedSessions }",
  }),
  enable: accountStateRoute(false, {
    operationId: "enableStaffAccount",
    summary: "Enable a disabled account again",
    answer: "{ ok, endedSessions: 0 }",
  }),
};

export const staffRoutes = [
  ...Object.values(ownAccountOperations),
  ...Object.values(signInRoutes),
  ...Object.values(staffOperations),
  ...Object.values(accountStateRoutes),
];
