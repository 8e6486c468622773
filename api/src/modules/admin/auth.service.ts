// First-admin setup, sign-in with throttling shared through the database, and the start and end of a
// session (@fastify/session over access/session-store.ts).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { StaffRole } from "@ch/contracts/staff";
import { schema } from "@ch/db";
import argon2 from "argon2";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { hitRateLimit } from "../../lib/rate-limit";
import { ABSOLUTE_TIMEOUT_MS, purgeSessions, type SessionAdmin, type SessionHolder } from "../access";
import { recordAudit } from "../audit";
import { isCommonPassword } from "./common-passwords";
import {
  hitAddressLimit,
  knownDeviceId,
  purgeSignInState,
  reserveSignInAttempt,
  signInSucceeded,
  withHashSlot,
} from "./sign-in-throttle";
import { codeLetsThrough, hasTwoFactor, type SignInChallenge, secondFactorChallenge } from "./totp.service";

const { admins, loginAttempts, settings } = schema;

const SETUP_LOCK = 72_617_003;

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The parameters passwords are hashed, verified against and rehashed to. Always ARGON2_OPTIONS in the
 * product; the API tests lower them (test/sign-in-cost-setup.ts), as they set signInTiming, except where
 * the parameters are the subject (test/security-passwords.test.ts): a hash costs about 50 ms of
 * processor time, and the sign-in attacks there run hundreds.
 */
export const passwordHashing: {
  options: { type: typeof argon2.argon2id; memoryCost: number; timeCost: number; parallelism: number };
} = { options: ARGON2_OPTIONS };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** A hash of a random password with the current parameters, verified for unknown users. */
let dummy: { options: object; hash: Promise<string> } | undefined;

export async function hasAdmin(deps: Deps): Promise<boolean> {
  const [row] = await deps.db.select({ n: count() }).from(admins);
  return (row?.n ?? 0) > 0;
}

/** In production, setup needs a one-time token: SETUP_TOKEN, or one made here and printed once. */
export async function prepareSetupToken(deps: Deps): Promise<string | null> {
  if (deps.env.NODE_ENV !== "production" || deps.env.SETUP_TOKEN) return null;
  if (await hasAdmin(deps)) return null;
  const token = randomBytes(18).toString("base64url");
  const inserted = await deps.db
    .insert(settings)
    .values({ key: "setup_token_sha256", value: hashToken(token) })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  return inserted.length > 0 ? token : null;
}

async function checkSetupToken(deps: Deps, given: string | undefined): Promise<void> {
  if (deps.env.NODE_ENV !== "production") return;
  const expected = deps.env.SETUP_TOKEN
    ? hashToken(deps.env.SETUP_TOKEN)
    : (await deps.db.select().from(settings).where(eq(settings.key, "setup_token_sha256")).limit(1))[0]?.value;
  const ok =
    expected !== undefined &&
    given !== undefined &&
    timingSafeEqual(Buffer.from(hashToken(given), "hex"), Buffer.from(expected, "hex"));
  if (!ok) throw forbidden("A valid setup token is required (printed in the server log at start)");
}

export async function setupFirstAdmin(
  deps: Deps,
  input: { username: string; password: string; email?: string | null | undefined; setupToken?: string | undefined },
  ipAddress = "local",
): Promise<{ id: number; username: string }> {
  // the route's per-address limit and closed answer come first (setup-gate.ts); nothing is hashed once closed
  if (await hasAdmin(deps)) throw conflict("Setup is closed: an admin account already exists");
  if (isCommonPassword(input.password)) {
    throw badRequest("This password is too common. Please choose a less predictable password.", [
      { path: ["password"], message: "is one of the most common passwords" },
    ]);
  }
  await checkSetupToken(deps, input.setupToken);
  const passwordHash = await withHashSlot(() => argon2.hash(input.password, passwordHashing.options));
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(admins);
    if ((existing?.n ?? 0) > 0) throw conflict("Setup is closed: an admin account already exists");
    const [admin] = await tx
      .insert(admins)
      .values({ username: input.username, passwordHash, role: "owner", email: input.email?.trim() || null })
      .returning({ id: admins.id, username: admins.username });
    await tx.delete(settings).where(eq(settings.key, "setup_token_sha256"));
    await recordAudit(tx, admin!, "admin.setup", "admin", admin!.id, {
      username: admin!.username,
      ip: ipAddress,
      ...(input.email ? { email: input.email.trim() } : {}),
    });
    return admin!;
  });
}

export interface SignIn {
  admin: { id: number; username: string };
  expiresAt: Date;
}

/**
 * Sign-in, step one. Throttled before anything is hashed (sign-in-throttle.ts). With a second factor the
 * answer is a challenge and the session waits for the code (totp.service.ts), unless a correct `code`
 * came with the password.
 */
export async function signIn(
  deps: Deps,
  input: { username: string; password: string; code?: string | undefined },
  ipAddress: string,
  req: SessionHolder,
  deviceToken?: string,
): Promise<SignIn | SignInChallenge> {
  const username = input.username;
  await hitAddressLimit(deps, "signIn", ipAddress);
  // a disabled account is answered as an unknown one
  const [admin] = await deps.db
    .select()
    .from(admins)
    .where(and(eq(admins.username, username), isNull(admins.disabledAt)))
    .limit(1);
  const deviceId = admin ? await knownDeviceId(deps, admin.id, deviceToken) : null;
  const codeOk = await codeLetsThrough(deps, admin, input.code, deviceId);
  const reservation = await reserveSignInAttempt(deps, {
    username,
    ipAddress,
    trusted: codeOk || deviceId !== null,
    account: admin ? { id: admin.id, username: admin.username } : undefined,
  });
  // Verify against a dummy hash for unknown users so both failures take about the same time.
  const { options } = passwordHashing;
  if (dummy?.options !== options) dummy = { options, hash: argon2.hash(randomBytes(16).toString("hex"), options) };
  const hash = admin?.passwordHash ?? (await dummy.hash);
  const valid = await withHashSlot(() => argon2.verify(hash, input.password).catch(() => false));
  const codeWrong = Boolean(input.code) && !codeOk && admin !== undefined && (await hasTwoFactor(deps.db, admin.id));
  const now = deps.clock.now();
  if (!admin || !valid || codeWrong) {
    await deps.db.insert(loginAttempts).values({ username, ipAddress, succeeded: 0, createdAt: now });
    deps.log.warn({ username, ip: ipAddress }, "admin sign-in failed");
    throw new AppError(401, "Invalid username or password");
  }
  await signInSucceeded(deps, reservation);
  if (!codeOk) {
    const challenge = await secondFactorChallenge(deps, admin, ipAddress);
    if (challenge) return challenge;
  }
  return startSession(deps, admin, ipAddress, req, input.password);
}

/**
 * A complete sign-in: the request's session is regenerated (a new id; the one the browser had before is
 * destroyed) and carries the account from now on; audited.
 */
export async function startSession(
  deps: Deps,
  admin: { id: number; username: string; passwordHash?: string },
  ipAddress: string,
  req: SessionHolder,
  password?: string,
): Promise<SignIn> {
  const username = admin.username;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  const role = await deps.db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ username, ipAddress, succeeded: 1, createdAt: now });
    await recordAudit(tx, admin, "admin.login", "admin", admin.id, { ip: ipAddress });
    const rehash =
      password && admin.passwordHash && argon2.needsRehash(admin.passwordHash, passwordHashing.options)
        ? await withHashSlot(() => argon2.hash(password, passwordHashing.options))
        : null;
    const [row] = await tx
      .update(admins)
      .set({ lastLoginAt: now, ...(rehash ? { passwordHash: rehash } : {}) })
      .where(eq(admins.id, admin.id))
      .returning({ role: admins.role });
    return (row?.role ?? "owner") as StaffRole;
  });
  if (!req.session) throw new Error("No session on this surface: @fastify/session is registered on the back office");
  await req.session.regenerate();
  // regenerate() replaced req.session with the new one
  req.session.admin = { id: admin.id, username: admin.username, role };
  req.session.expiresAtMs = expiresAt.getTime();
  await req.session.save();
  return { admin: { id: admin.id, username: admin.username }, expiresAt };
}

/**
 * The signed-in account's password asked again (the account forms, two-factor enrolment): 400 naming
 * `field` when wrong. Guessing it this way is throttled per account (10 per 15 min).
 */
export async function verifyCurrentPassword(
  deps: Deps,
  admin: Pick<SessionAdmin, "id">,
  password: string,
  field = "currentPassword",
): Promise<void> {
  await hitRateLimit(deps.db, `password-check:${admin.id}`, { limit: 10, windowSeconds: 900 }, deps.clock.now());
  const [row] = await deps.db
    .select({ passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.id, admin.id))
    .limit(1);
  if (!row) throw notFound("Account not found");
  const ok = await withHashSlot(() => argon2.verify(row.passwordHash, password).catch(() => false));
  if (!ok) {
    throw badRequest("The current password is not correct", [{ path: [field], message: "is not correct" }]);
  }
}

/** Ends the request's session on every API process (its row and every process's memory of it). */
export async function signOut(req: SessionHolder): Promise<void> {
  if (req.session?.admin) await req.session.destroy();
}

export async function purgeExpiredSessions(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  await purgeSessions(deps);
  await deps.db
    .delete(loginAttempts)
    .where(sql`${loginAttempts.createdAt} < ${new Date(now.getTime() - 86_400_000).toISOString()}`);
  await purgeSignInState(deps);
}
