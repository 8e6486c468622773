// Staff accounts, roles, invites and passwords: the shapes shared by the API and the back office.
import { z } from "zod";
import { email, id, requiredText } from "./fields";
import { instant, int } from "./responses";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, STAFF_AREAS, STAFF_ROLES } from "./staff-roles";

export * from "./staff-roles";

export const newPassword = () =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
    .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const staffUsername = () =>
  requiredText(64, "username").pipe(z.string().regex(/^[A-Za-z0-9._@-]+$/, "may use letters, digits and . _ @ - only"));

/** Single-use tokens from e-mailed links (43 base64url characters). */
export const linkToken = () =>
  z
    .string()
    .trim()
    .min(20, "the link is incomplete")
    .max(100, "the link is not valid")
    .regex(/^[A-Za-z0-9_-]+$/, "the link is not valid");

export const inviteInput = z.strictObject({ email: email(), role: z.enum(STAFF_ROLES) });
export const staffIdInput = z.strictObject({ id: id() });
export const setRoleInput = z.strictObject({ id: id(), role: z.enum(STAFF_ROLES) });
export const setDisabledInput = z.strictObject({ id: id(), disabled: z.boolean() });
export const roleBody = z.strictObject({ role: z.enum(STAFF_ROLES) });

export const acceptInviteInput = z.strictObject({
  token: linkToken(),
  username: staffUsername(),
  password: newPassword(),
});
export const invitePreviewQuery = z.strictObject({ token: linkToken() });

export const changePasswordInput = z.strictObject({
  currentPassword: z.string().min(1, "current password is required").max(PASSWORD_MAX_LENGTH),
  newPassword: newPassword(),
});

/** One's own address for password resets: the current password confirms it is the account's owner. */
export const setEmailInput = z.strictObject({
  email: email(),
  currentPassword: z.string().min(1, "current password is required").max(PASSWORD_MAX_LENGTH),
});

export const forgotPasswordInput = z.strictObject({ email: email() });
export const resetPasswordInput = z.strictObject({ token: linkToken(), password: newPassword() });

// ---- answers

const role = z.enum(STAFF_ROLES);
export const accountAnswer = z.object({
  id: int(),
  username: z.string(),
  email: z.string().nullable(),
  role,
  areas: z.array(z.enum(STAFF_AREAS)).describe("The back-office areas this role may open"),
});
export const sessionsEndedAnswer = z.object({ ok: z.literal(true), endedSessions: int() });
export const emailSetAnswer = z.object({ ok: z.literal(true), email: z.string() });
export const resetRequestedAnswer = z.object({ ok: z.literal(true), message: z.string() });
export const passwordResetAnswer = z.object({ ok: z.literal(true), username: z.string() });
export const invitePreviewAnswer = z.object({ email: z.string(), role, expiresAt: instant() });
export const staffAccountAnswer = z.object({ id: int(), username: z.string(), role });
export const inviteAnswer = z.object({ id: int(), email: z.string(), role, expiresAt: instant() });
export const staffListAnswer = z.object({
  accounts: z.array(
    z.object({
      id: int(),
      username: z.string(),
      email: z.string().nullable(),
      role,
      disabledAt: instant().nullable(),
      createdAt: instant(),
      lastLoginAt: instant().nullable(),
    }),
  ),
  invites: z.array(
    z.object({ id: int(), email: z.string(), role, expired: z.boolean(), expiresAt: instant(), createdAt: instant() }),
  ),
});

/** The token of a sign-in link e-mailed when the account's sign-in is slowed down (sign-in-links.ts). */
export const signInLinkInput = z.strictObject({ token: linkToken() });
export const signInLinkAnswer = z.object({ ok: z.literal(true), username: z.string() });
