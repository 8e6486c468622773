// Two-factor sign-in: TOTP (RFC 6238, via otpauth) with single-use recovery codes, the step between a
// correct password and the session, and the owner's "require it for every account" setting.
import { createHash, randomBytes } from "node:crypto";
import { type Executor, schema } from "@ch/db";
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Deps } from "../../lib/deps";
import { AppError, badRequest, conflict, forbidden } from "../../lib/errors";
import { announcingSessionChanges, REQUIRE_TWO_FACTOR_KEY, touchAccountSessions } from "../access";
import { auditedChange, recordAudit } from "../audit";
import { enabledAccount } from "./sign-in-links";
import { knownDeviceId, reserveCodeCheck, settleCodeCheck } from "./sign-in-throttle";

const { adminTwoFactor, adminRecoveryCodes, signInChallenges, settings } = schema;

export const TOTP_ISSUER = "Container Homes of Texas";
export const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
const REQUIRE_KEY = REQUIRE_TWO_FACTOR_KEY;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const BASE32 = "abcdefghijkmnpqrstuvwxyz23456789";

type Actor = { id: number; username: string };

function totpFor(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step a valid code belongs to (±1 step of clock drift), or null. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    period: TOTP_PERIOD,
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD, timestamp: now.getTime() }) + delta;
}

/** For tests and the enrolment screen's own check: the code of `secret` at `now`. */
export const totpCode = (secret: string, now: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: TOTP_PERIOD, timestamp: now.getTime() });

/** Ten codes like `k7m2p-q9xte`, 50 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => BASE32[b % BASE32.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

async function storeRecoveryCodes(db: Executor, adminId: number, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await db
    .insert(adminRecoveryCodes)
    .values(codes.map((c) => ({ adminId, codeHash: sha256(normaliseRecoveryCode(c)), createdAt: now })));
  return codes;
}

export async function isTwoFactorRequired(db: Executor): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, REQUIRE_KEY)).limit(1);
  return row?.value === "true";
}

export async function setTwoFactorRequired(
  deps: Deps,
  actor: Actor,
  required: boolean,
): Promise<{ required: boolean }> {
  if (required) {
    // the owner cannot require what they have not set up themselves (they would lock themselves out)
    const status = await twoFactorStatus(deps, actor.id);
    if (!status.enabled) throw conflict("Turn on two-factor sign-in for your own account first");
  }
  // every open session is read again (access/session-store.ts): one without two-factor must enrol from its next request
  await announcingSessionChanges(
    deps,
    () =>
      deps.db.transaction(async (tx) => {
        await tx
          .insert(settings)
          .values({ key: REQUIRE_KEY, value: String(required) })
          .onConflictDoUpdate({ target: settings.key, set: { value: String(required) } });
        await recordAudit(tx, actor, "admin.two_factor_policy", "settings", REQUIRE_KEY, { required });
        return touchAccountSessions(tx, null);
      }),
    (ids) => ids,
  );
  return { required };
}

export async function twoFactorStatus(deps: Deps, adminId: number) {
  const [row] = await deps.db
    .select({ enabledAt: adminTwoFactor.enabledAt })
    .from(adminTwoFactor)
    .where(eq(adminTwoFactor.adminId, adminId))
    .limit(1);
  const [left] = await deps.db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return {
    enabled: Boolean(row?.enabledAt),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.enabledAt ? (left?.n ?? 0) : 0,
    required: await isTwoFactorRequired(deps.db),
  };
}

/** Starts (or restarts) enrolment: a new secret waiting for its first code. */
export async function beginEnrolment(deps: Deps, admin: Actor): Promise<{ secret: string; otpauthUrl: string }> {
  const [existing] = await deps.db
    .select({ enabledAt: adminTwoFactor.enabledAt })
    .from(adminTwoFactor)
    .where(eq(adminTwoFactor.adminId, admin.id))
    .limit(1);
  if (existing?.enabledAt) throw conflict("Two-factor sign-in is already on for this account");
  const secret = new Secret({ size: 20 }).base32;
  await deps.db
    .insert(adminTwoFactor)
    .values({ adminId: admin.id, secret, enabledAt: null, lastUsedStep: null, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: adminTwoFactor.adminId, set: { secret, enabledAt: null, lastUsedStep: null } });
  return { secret, otpauthUrl: totpFor(secret, admin.username).toString() };
}

const invalidCode = () =>
  badRequest("That code is not valid. Enter the current 6-digit code from your authenticator app.", [
    { path: ["code"], message: "is not the current code" },
  ]);

/** Confirms enrolment with a first code; answers the recovery codes (shown once). */
export async function confirmEnrolment(deps: Deps, admin: Actor, code: string): Promise<{ recoveryCodes: string[] }> {
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, admin.id)).limit(1);
  if (!row) throw conflict("Start enrolment first");
  if (row.enabledAt) throw conflict("Two-factor sign-in is already on for this account");
  const step = totpStep(row.secret, code, now);
  if (step === null) throw invalidCode();
  // the account's sessions are read again: one that had to enrol first works again at once
  const { recoveryCodes } = await announcingSessionChanges(
    deps,
    () =>
      deps.db.transaction(async (tx) => {
        const updated = await tx
          .update(adminTwoFactor)
          .set({ enabledAt: now, lastUsedStep: step })
          .where(and(eq(adminTwoFactor.adminId, admin.id), isNull(adminTwoFactor.enabledAt)))
          .returning({ adminId: adminTwoFactor.adminId });
        if (updated.length === 0) throw conflict("Two-factor sign-in is already on for this account");
        const recoveryCodes = await storeRecoveryCodes(tx, admin.id, now);
        await recordAudit(tx, admin, "admin.two_factor_on", "admin", admin.id, {});
        return { recoveryCodes, sessions: await touchAccountSessions(tx, admin.id) };
      }),
    (result) => result.sessions,
  );
  return { recoveryCodes };
}

/**
 * Accepts a TOTP code once: the step is written only when it is newer than the last accepted one, in
 * one statement, so a code (or an older one) cannot be used twice even by concurrent requests.
 */
export async function useTotpCode(db: Executor, adminId: number, code: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ secret: adminTwoFactor.secret })
    .from(adminTwoFactor)
    .where(and(eq(adminTwoFactor.adminId, adminId), isNotNull(adminTwoFactor.enabledAt)))
    .limit(1);
  if (!row) return false;
  const step = totpStep(row.secret, code, now);
  if (step === null) return false;
  const used = await db
    .update(adminTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(adminTwoFactor.adminId, adminId),
        or(isNull(adminTwoFactor.lastUsedStep), lt(adminTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ adminId: adminTwoFactor.adminId });
  return used.length > 0;
}

/** Spends one recovery code (single use, atomically). */
export async function useRecoveryCode(db: Executor, adminId: number, code: string, now: Date): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== 10) return false;
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, sha256(normalised)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length > 0;
}

export async function hasTwoFactor(db: Executor, adminId: number): Promise<boolean> {
  const [row] = await db
    .select({ adminId: adminTwoFactor.adminId })
    .from(adminTwoFactor)
    .where(and(eq(adminTwoFactor.adminId, adminId), isNotNull(adminTwoFactor.enabledAt)))
    .limit(1);
  return row !== undefined;
}

/** A code or recovery code of the signed-in admin, for actions that change the second factor. */
async function requireSecondFactor(
  deps: Deps,
  admin: Actor,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
) {
  const now = deps.clock.now();
  const ok = input.code
    ? await useTotpCode(deps.db, admin.id, input.code, now)
    : input.recoveryCode
      ? await useRecoveryCode(deps.db, admin.id, input.recoveryCode, now)
      : false;
  if (!ok) throw invalidCode();
}

export async function disableTwoFactor(
  deps: Deps,
  admin: Actor,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
): Promise<{ enabled: false }> {
  if (!(await hasTwoFactor(deps.db, admin.id))) throw conflict("Two-factor sign-in is not on for this account");
  if (await isTwoFactorRequired(deps.db)) {
    throw forbidden("The owner requires two-factor sign-in for every account; it cannot be turned off");
  }
  await requireSecondFactor(deps, admin, input);
  await deps.db.transaction(async (tx) => {
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, admin.id));
    await tx.delete(adminTwoFactor).where(eq(adminTwoFactor.adminId, admin.id));
    await recordAudit(tx, admin, "admin.two_factor_off", "admin", admin.id, {});
  });
  return { enabled: false };
}

export async function regenerateRecoveryCodes(
  deps: Deps,
  admin: Actor,
  input: { code: string },
): Promise<{ recoveryCodes: string[] }> {
  if (!(await hasTwoFactor(deps.db, admin.id))) throw conflict("Two-factor sign-in is not on for this account");
  await requireSecondFactor(deps, admin, input);
  return auditedChange(
    deps.db,
    admin,
    async (tx) => ({ recoveryCodes: await storeRecoveryCodes(tx, admin.id, deps.clock.now()) }),
    ["admin.recovery_codes", "admin", admin.id, {}],
  );
}

// ---- the step between password and session -------------------------------------------------

export type ChallengePurpose = "code" | "enrol";

export interface SignInChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  username: string;
  expiresAt: Date;
}

/** After a correct password: the challenge the session waits for, or null when none is needed. */
export async function secondFactorChallenge(
  deps: Deps,
  admin: Actor,
  ipAddress: string,
): Promise<SignInChallenge | null> {
  const purpose: ChallengePurpose | null = (await hasTwoFactor(deps.db, admin.id))
    ? "code"
    : (await isTwoFactorRequired(deps.db))
      ? "enrol"
      : null;
  if (!purpose) return null;
  const challenge = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await deps.db
    .insert(signInChallenges)
    .values({ id: sha256(challenge), adminId: admin.id, purpose, ipAddress, expiresAt });
  return { challenge, purpose, username: admin.username, expiresAt };
}

const badChallenge = () =>
  new AppError(401, "This sign-in has expired or had too many wrong codes. Please sign in again.");

/** Counts one try against a live challenge; the admin behind it, or 401. */
async function takeChallenge(deps: Deps, challenge: string, purpose: ChallengePurpose) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(challenge)) throw badChallenge();
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.id, sha256(challenge)),
        eq(signInChallenges.purpose, purpose),
        gt(signInChallenges.expiresAt, now),
        lt(signInChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .returning({ adminId: signInChallenges.adminId });
  if (!row) throw badChallenge();
  const admin = await enabledAccount(deps.db, row.adminId);
  if (!admin) throw badChallenge();
  return admin;
}

const endChallenge = (deps: Deps, challenge: string) =>
  deps.db.delete(signInChallenges).where(eq(signInChallenges.id, sha256(challenge)));

/**
 * The second step: a TOTP code or a recovery code for a "code" challenge; the admin to start a session
 * for. Each check is counted for the account (sign-in-throttle.ts reserveCodeCheck) whatever the
 * challenge or address; `deviceToken` (the known-device cookie) counts on that device's own counter.
 */
export async function completeChallenge(
  deps: Deps,
  input: { challenge: string; code?: string | undefined; recoveryCode?: string | undefined },
  deviceToken?: string,
): Promise<{ admin: Actor; usedRecoveryCode: boolean }> {
  const admin = await takeChallenge(deps, input.challenge, "code");
  const check = await reserveCodeCheck(deps, admin, await knownDeviceId(deps, admin.id, deviceToken));
  const now = deps.clock.now();
  const ok = input.code
    ? await useTotpCode(deps.db, admin.id, input.code, now)
    : input.recoveryCode
      ? await useRecoveryCode(deps.db, admin.id, input.recoveryCode, now)
      : false;
  await settleCodeCheck(deps, admin, check, ok);
  if (!ok) {
    deps.log.warn({ username: admin.username }, "admin second factor refused");
    throw new AppError(
      401,
      input.recoveryCode ? "That recovery code is not valid or was used" : "That code is not valid",
      [{ path: [input.recoveryCode ? "recoveryCode" : "code"], message: "is not valid" }],
    );
  }
  await endChallenge(deps, input.challenge);
  return { admin, usedRecoveryCode: !input.code };
}

/** An "enrol" challenge (2FA required, none set up): the secret to scan, before any session exists. */
export async function beginChallengeEnrolment(deps: Deps, challenge: string) {
  const admin = await takeChallenge(deps, challenge, "enrol");
  return beginEnrolment(deps, admin);
}

/** An "enrol" challenge's first code: turns 2FA on and answers the recovery codes with the admin. */
export async function completeChallengeEnrolment(deps: Deps, input: { challenge: string; code: string }) {
  const admin = await takeChallenge(deps, input.challenge, "enrol");
  const { recoveryCodes } = await confirmEnrolment(deps, admin, input.code);
  await endChallenge(deps, input.challenge);
  return { admin, recoveryCodes };
}

/**
 * Whether `code`, sent with the password, is a current TOTP code of this admin (used once); for the
 * sign-in throttle's bypass. Counted like the second step's codes (reserveCodeCheck), before the
 * password is checked, so it is no cheaper way to guess codes.
 */
export async function codeLetsThrough(
  deps: Deps,
  admin: Actor | undefined,
  code: string | undefined,
  deviceId: string | null,
) {
  if (!admin || !code || !(await hasTwoFactor(deps.db, admin.id))) return false;
  const check = await reserveCodeCheck(deps, admin, deviceId);
  const ok = await useTotpCode(deps.db, admin.id, code, deps.clock.now());
  await settleCodeCheck(deps, admin, check, ok);
  return ok;
}
