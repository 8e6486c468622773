// First-admin setup, sign-in with throttling shared through the database, and server-side sessions.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { schema } from "@ch/db";
import argon2 from "argon2";
import { and, count, eq, gt, gte, isNull, sql } from "drizzle-orm";
import type { StaffRole } from "../../contracts/staff";
import type { Deps } from "../../lib/deps";
import { AppError, badRequest, conflict, forbidden } from "../../lib/errors";
import { readCache } from "../../lib/read-cache";
import { recordAudit } from "../audit/audit.service";
import { isCommonPassword } from "./common-passwords";
import {
  hitAddressLimit,
  isKnownDevice,
  purgeSignInState,
  reserveSignInAttempt,
  signInSucceeded,
  withHashSlot,
} from "./sign-in-throttle";
import { codeLetsThrough, hasTwoFactor, type SignInChallenge, secondFactorChallenge } from "./totp.service";

const { admins, sessions, loginAttempts, settings } = schema;

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 8 * 3600_000;
/** How long a session's last-seen time may lag before it is written again. */
const LAST_SEEN_REFRESH_MS = 15_000;
const SETUP_LOCK = 72_617_003;

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
let dummyHash: Promise<string> | undefined;

export interface SessionAdmin {
  id: number;
  username: string;
  /** What the account may do (modules/staff/access-policy.ts). */
  role: StaffRole;
  sessionId: string;
}

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
  input: { username: string; password: string; setupToken?: string | undefined },
  ipAddress = "local",
): Promise<{ id: number; username: string }> {
  // cheap answers first: nothing is hashed once setup is closed, nor past the per-address limit
  if (await hasAdmin(deps)) throw conflict("Setup is closed: an admin account already exists");
  await hitAddressLimit(deps, "setup", ipAddress);
  if (isCommonPassword(input.password)) {
    throw badRequest("This password is too common. Please choose a less predictable password.", [
      { path: ["password"], message: "is one of the most common passwords" },
    ]);
  }
  await checkSetupToken(deps, input.setupToken);
  const passwordHash = await withHashSlot(() => argon2.hash(input.password, ARGON2_OPTIONS));
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(admins);
    if ((existing?.n ?? 0) > 0) throw conflict("Setup is closed: an admin account already exists");
    const [admin] = await tx
      .insert(admins)
      .values({ username: input.username, passwordHash, role: "owner" })
      .returning({ id: admins.id, username: admins.username });
    await tx.delete(settings).where(eq(settings.key, "setup_token_sha256"));
    await recordAudit(tx, admin!, "admin.setup", "admin", admin!.id, { username: admin!.username });
    return admin!;
  });
}

export interface SignIn {
  admin: { id: number; username: string };
  token: string;
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
  previousToken?: string,
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
  const codeOk = await codeLetsThrough(deps, admin?.id, input.code);
  const knownDevice = admin ? await isKnownDevice(deps, admin.id, deviceToken) : false;
  const reservation = await reserveSignInAttempt(deps, { username, ipAddress, trusted: codeOk || knownDevice });
  // Verify against a dummy hash for unknown users so both failures take about the same time.
  dummyHash ??= argon2.hash(randomBytes(16).toString("hex"), ARGON2_OPTIONS);
  const hash = admin?.passwordHash ?? (await dummyHash);
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
  return startSession(deps, admin, ipAddress, previousToken, input.password);
}

/** A complete sign-in: a new session (rotated: the browser's previous one ends), audited. */
export async function startSession(
  deps: Deps,
  admin: { id: number; username: string; passwordHash?: string },
  ipAddress: string,
  previousToken?: string,
  password?: string,
): Promise<SignIn> {
  const username = admin.username;
  const now = deps.clock.now();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  await deps.db.transaction(async (tx) => {
    // A new id at every sign-in; the session the browser had before is ended.
    if (previousToken) await tx.delete(sessions).where(eq(sessions.id, hashToken(previousToken)));
    await tx
      .insert(sessions)
      .values({ id: hashToken(token), adminId: admin.id, createdAt: now, lastSeenAt: now, expiresAt });
    await tx.insert(loginAttempts).values({ username, ipAddress, succeeded: 1, createdAt: now });
    await recordAudit(tx, admin, "admin.login", "admin", admin.id, { ip: ipAddress });
    const rehash =
      password && admin.passwordHash && argon2.needsRehash(admin.passwordHash, ARGON2_OPTIONS)
        ? await withHashSlot(() => argon2.hash(password, ARGON2_OPTIONS))
        : null;
    await tx
      .update(admins)
      .set({ lastLoginAt: now, ...(rehash ? { passwordHash: rehash } : {}) })
      .where(eq(admins.id, admin.id));
  });
  return { admin: { id: admin.id, username: admin.username }, token, expiresAt };
}

/**
 * The admin behind a session token, or null when it is unknown, idle for 30 minutes or older than 8 hours.
 * A valid session is remembered in this process (lib/read-cache.ts) and checked against the clock on each
 * request; every change to its row (sign-out, purge, refresh) notifies all processes, which forget it.
 * Past 15 s since its last refresh the row is read again and its last-seen time written.
 */
export async function resolveSession(deps: Deps, token: string | undefined): Promise<SessionAdmin | null> {
  if (!token || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const now = deps.clock.now();
  const nowMs = now.getTime();
  const id = hashToken(token);
  const cache = readCache(deps.db);
  const remembered = cache.session(id);
  if (
    remembered &&
    nowMs - remembered.lastSeenAtMs <= LAST_SEEN_REFRESH_MS &&
    nowMs >= remembered.lastSeenAtMs &&
    nowMs < remembered.expiresAtMs
  ) {
    return { id: remembered.adminId, username: remembered.username, role: remembered.role as StaffRole, sessionId: id };
  }
  const mark = cache.sessionMark();
  const [row] = await deps.db
    .select({
      adminId: sessions.adminId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      username: admins.username,
      role: admins.role,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.id, id),
        isNull(admins.disabledAt),
        gt(sessions.expiresAt, now),
        gte(sessions.lastSeenAt, new Date(nowMs - IDLE_TIMEOUT_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (nowMs - row.lastSeenAt.getTime() > LAST_SEEN_REFRESH_MS) {
    // the trigger's notice of this update makes every process (this one too) read the row again once
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  } else {
    cache.rememberSession(
      id,
      {
        adminId: row.adminId,
        username: row.username,
        role: row.role,
        lastSeenAtMs: row.lastSeenAt.getTime(),
        expiresAtMs: row.expiresAt.getTime(),
      },
      mark,
    );
  }
  return { id: row.adminId, username: row.username, role: row.role as StaffRole, sessionId: id };
}

export async function signOut(deps: Deps, token: string | undefined): Promise<void> {
  if (!token) return;
  const id = hashToken(token);
  const cache = readCache(deps.db);
  cache.forgetSession(id);
  const notice = cache.sessionNoticeHeard(id);
  const deleted = await deps.db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  // answer once every process has been told (the trigger's notice), not merely this one
  if (deleted.length > 0) await notice.heard;
  else notice.cancel();
}

export async function purgeExpiredSessions(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .delete(sessions)
    .where(
      sql`${sessions.expiresAt} <= ${now.toISOString()} or ${sessions.lastSeenAt} < ${new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString()}`,
    );
  await deps.db
    .delete(loginAttempts)
    .where(sql`${loginAttempts.createdAt} < ${new Date(now.getTime() - 86_400_000).toISOString()}`);
  await purgeSignInState(deps);
}
