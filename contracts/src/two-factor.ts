// Two-factor sign-in: the second sign-in step and the enrolment / recovery-code actions.
import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./staff-roles";

/** A 6-digit authenticator code (spaces allowed, as apps show "123 456"). */
export const totpCodeField = z
  .string()
  .trim()
  .max(12, "must be at most 12 characters")
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "must be the 6-digit code from your authenticator app"));

export const recoveryCodeField = z
  .string()
  .trim()
  .max(20, "must be at most 20 characters")
  .pipe(z.string().regex(/^[A-Za-z0-9-\s]{10,20}$/, "must be one of your recovery codes (like abcde-12345)"));

const challengeField = z.string().min(20, "challenge is required").max(100, "must be at most 100 characters");

/** Step two of sign-in: the challenge from step one with a code or a recovery code. */
export const signInVerifyInput = z.union([
  z.strictObject({ challenge: challengeField, code: totpCodeField }),
  z.strictObject({ challenge: challengeField, recoveryCode: recoveryCodeField }),
]);

/** Enrolment during sign-in (the owner requires 2FA and this account has none yet). */
export const signInEnrolInput = z.strictObject({ challenge: challengeField });
export const signInEnrolConfirmInput = z.strictObject({ challenge: challengeField, code: totpCodeField });

/** Enrolment of the signed-in account: its password again, as for a password change (not a session alone). */
export const twoFactorEnrolInput = z.strictObject({
  password: z.string().min(1, "your password is required").max(PASSWORD_MAX_LENGTH),
});
export const twoFactorConfirmInput = z.strictObject({ code: totpCodeField });
export const twoFactorDisableInput = z.union([
  z.strictObject({ code: totpCodeField }),
  z.strictObject({ recoveryCode: recoveryCodeField }),
]);
export const twoFactorPolicyInput = z.strictObject({ required: z.boolean() });

// ---- answers

/** Both factors passed: the session cookie is set. */
export const signedInAnswer = z.object({
  ok: z.literal(true),
  username: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export const enrolmentAnswer = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export const signedInWithCodesAnswer = signedInAnswer.extend({ recoveryCodes: z.array(z.string()) });
export const twoFactorStatusAnswer = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime({ offset: true }).nullable(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
  mayRequire: z.boolean(),
});
export const twoFactorDisabledAnswer = z.object({ enabled: z.literal(false) });
export const twoFactorPolicyAnswer = z.object({ required: z.boolean() });
