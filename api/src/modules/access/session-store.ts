/**
 * The back office's sessions: @fastify/session (registered in app.ts, back-office surface only) over this
 * store, the one place that reads and writes the `sessions` table (docs/decisions/0018).
 * 1. The cookie carries @fastify/session's signed random id; a row is keyed by the id's SHA-256 only, so
 *    the table alone cannot be replayed as cookies.
 * 2. A row exists only for a signed-in admin: the store keeps nothing else of a session (its account is
 *    read from `admins` each time), and an anonymous session is never written (`saveUninitialized: false`
 *    and `set` ignores it).
 * 3. `get` answers no session once it is idle for 30 minutes, 8 hours old, or its account is disabled,
 *    and deletes such a row. A valid one is remembered in the process (lib/read-cache.ts), and its
 *    last-seen time is written at most every 15 s. The same read says whether the account must set up
 *    two-factor first (the owner requires it and it has none: `mustEnrol`); turning the policy on or off
 *    and an enrolment touch the rows concerned, so every process reads them again.
 * 4. Every update or delete of a row is announced to every API process by the sessions trigger
 *    (migration 0001); an ending (sign-out, disabling, a password change) answers once every process has
 *    handled the notice (read-cache.ts `everyProcessCaughtUp`).
 */
import { createHash } from "node:crypto";
import type { StaffRole } from "@ch/contracts/staff";
import { type Executor, schema } from "@ch/db";
import type { SessionStore } from "@fastify/session";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { FastifyRequest, Session } from "fastify";
import type { Deps } from "../../lib/deps";
import { type RememberedSession, readCache } from "../../lib/read-cache";

const { admins, adminTwoFactor, sessions, settings } = schema;

/** The settings row of the owner's policy "require two-factor sign-in for every account" ("true"/"false"). */
export const REQUIRE_TWO_FACTOR_KEY = "require_two_factor";

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 8 * 3600_000;
/** How long a session's last-seen time may lag before it is written again. */
const LAST_SEEN_REFRESH_MS = 15_000;

/** The account of a signed-in session, as the store answers it. */
export interface SessionAccount {
  id: number;
  username: string;
  role: StaffRole;
  /** The owner requires two-factor sign-in and this account has none: it must enrol before anything else. */
  mustEnrol?: boolean;
}

declare module "fastify" {
  interface Session {
    /** Set at sign-in (admin/auth.service.ts startSession); read again from `admins` by every `get`. */
    admin?: SessionAccount;
    /** When it ends however active (epoch ms). */
    expiresAtMs?: number;
  }
}

/** What the handlers see of a request: its session (absent on the storefront surface). */
export type SessionHolder = Pick<FastifyRequest, "session">;

/** The key of a session's row: the SHA-256 of its id. */
export const sessionRowId = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex");

type StoreDeps = Pick<Deps, "db" | "clock">;

/** A remembered session that may be let through without reading its row: seen lately, not yet ended. */
function freshlyRemembered(deps: StoreDeps, id: string, nowMs: number): RememberedSession | undefined {
  const remembered = readCache(deps.db).session(id);
  return remembered &&
    nowMs - remembered.lastSeenAtMs <= LAST_SEEN_REFRESH_MS &&
    nowMs >= remembered.lastSeenAtMs &&
    nowMs < remembered.expiresAtMs
    ? remembered
    : undefined;
}

/**
 * Whether the session of row `id` is signed in and would be let through right now without a read of its
 * row (as `get` below would answer it from memory), and need not set up two-factor first: a back-office
 * answer to that same session may then be repeated before routing (http/cached-answers.ts).
 */
export function isRememberedSignedIn(deps: StoreDeps, id: string): boolean {
  const remembered = freshlyRemembered(deps, id, deps.clock.now().getTime());
  return remembered !== undefined && !remembered.mustEnrol;
}

/** Reads a session row (remembered while valid), or null; deletes a row that has run out. */
async function readSession(deps: StoreDeps, id: string): Promise<Session | null> {
  const nowMs = deps.clock.now().getTime();
  const cache = readCache(deps.db);
  const remembered = freshlyRemembered(deps, id, nowMs);
  if (remembered) return sessionOf(remembered);
  const mark = cache.sessionMark();
  const [row] = await deps.db
    .select({
      adminId: sessions.adminId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      username: admins.username,
      role: admins.role,
      disabledAt: admins.disabledAt,
      twoFactorOn: adminTwoFactor.adminId,
      twoFactorRequired: settings.value,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .leftJoin(adminTwoFactor, and(eq(adminTwoFactor.adminId, sessions.adminId), isNotNull(adminTwoFactor.enabledAt)))
    .leftJoin(settings, eq(settings.key, REQUIRE_TWO_FACTOR_KEY))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const lastSeenAtMs = row.lastSeenAt.getTime();
  if (row.disabledAt !== null || nowMs >= row.expiresAt.getTime() || nowMs - lastSeenAtMs > IDLE_TIMEOUT_MS) {
    await destroySession(deps, id);
    return null;
  }
  const session = {
    adminId: row.adminId,
    username: row.username,
    role: row.role,
    mustEnrol: row.twoFactorRequired === "true" && row.twoFactorOn === null,
    lastSeenAtMs,
    expiresAtMs: row.expiresAt.getTime(),
  };
  if (nowMs - lastSeenAtMs > LAST_SEEN_REFRESH_MS) {
    // the trigger's notice of this update makes every process (this one too) read the row again once
    await deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(nowMs) })
      .where(eq(sessions.id, id));
  } else {
    cache.rememberSession(id, session, mark);
  }
  return sessionOf(session);
}

function sessionOf(row: {
  adminId: number;
  username: string;
  role: string;
  mustEnrol: boolean;
  expiresAtMs: number;
}): Session {
  // no `cookie`: @fastify/session gives the restored session the configured one
  return {
    admin: { id: row.adminId, username: row.username, role: row.role as StaffRole, mustEnrol: row.mustEnrol },
    expiresAtMs: row.expiresAtMs,
  } as Session;
}

/** Writes the row of a signed-in session (once: a later save neither moves nor extends it). */
async function writeSession(deps: StoreDeps, id: string, session: Session): Promise<void> {
  const admin = session.admin;
  if (!admin) return; // an anonymous session is never stored
  const now = deps.clock.now();
  const expiresAt = new Date(session.expiresAtMs ?? now.getTime() + ABSOLUTE_TIMEOUT_MS);
  await deps.db
    .insert(sessions)
    .values({ id, adminId: admin.id, createdAt: now, lastSeenAt: now, expiresAt })
    .onConflictDoNothing();
}

/** Deletes a session's row; answers once every process has heard of it (the trigger's notice). */
async function destroySession(deps: StoreDeps, id: string): Promise<void> {
  const cache = readCache(deps.db);
  cache.forgetSession(id);
  const deleted = await deps.db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  if (deleted.length > 0) await cache.everyProcessCaughtUp();
}

/** The @fastify/session store over the `sessions` table. */
export class PgSessionStore implements SessionStore {
  constructor(private readonly deps: StoreDeps) {}

  get(sessionId: string, callback: (err: unknown, result?: Session | null) => void): void {
    readSession(this.deps, sessionRowId(sessionId)).then(
      (session) => callback(null, session),
      (err) => callback(err),
    );
  }

  set(sessionId: string, session: Session, callback: (err?: unknown) => void): void {
    writeSession(this.deps, sessionRowId(sessionId), session).then(
      () => callback(),
      (err) => callback(err),
    );
  }

  destroy(sessionId: string, callback: (err?: unknown) => void): void {
    destroySession(this.deps, sessionRowId(sessionId)).then(
      () => callback(),
      (err) => callback(err),
    );
  }
}

// ---- every session of one account (staff changes) --------------------------------------------

/** Deletes the sessions of one account (all, or all but the row `keep`) in `tx`; returns their row ids. */
export async function endAccountSessions(tx: Executor, adminId: number, keep?: string): Promise<string[]> {
  const deleted = await tx
    .delete(sessions)
    .where(and(eq(sessions.adminId, adminId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return deleted.map((r) => r.id);
}

/**
 * Touches the sessions of one account (of every account: null) in `tx`, so every process reads them (and
 * the account, its two-factor and the owner's policy) again.
 */
export async function touchAccountSessions(tx: Executor, adminId: number | null): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ lastSeenAt: sql`${sessions.lastSeenAt}` })
    .where(adminId === null ? undefined : eq(sessions.adminId, adminId))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * Runs a change that deletes or touches an account's session rows, and answers once every process has
 * heard of it: this process forgets them at once, and the others by the trigger's notices, which they
 * have all handled when `everyProcessCaughtUp` resolves.
 */
export async function announcingSessionChanges<R>(
  deps: Pick<Deps, "db">,
  change: () => Promise<R>,
  idsOf: (result: R) => string[],
): Promise<R> {
  const cache = readCache(deps.db);
  const result = await change();
  const ids = idsOf(result);
  for (const id of ids) cache.forgetSession(id);
  if (ids.length > 0) await cache.everyProcessCaughtUp();
  return result;
}

/** Deletes the rows of sessions that have run out (the background purge). */
export async function purgeSessions(deps: StoreDeps): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .delete(sessions)
    .where(
      sql`${sessions.expiresAt} <= ${now.toISOString()} or ${sessions.lastSeenAt} < ${new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString()}`,
    );
}
