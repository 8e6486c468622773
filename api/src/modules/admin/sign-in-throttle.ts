// Sign-in throttling (docs/decisions/0014-sign-in-throttle-and-two-factor.md).
//
// 1. Per address: every sign-in and setup request counts against a database-backed window
//    (lib/rate-limit.ts) before anything is hashed.
// 2. Per (user, address): 5 attempts in 15 minutes, reserved atomically before the password is hashed
//    (one INSERT … ON CONFLICT DO UPDATE … RETURNING on a counter row: concurrent requests queue on
//    the row lock, so 60 at once cannot all be checked).
// 3. Per user, from any address: no hard lock. Past 10 attempts each granted attempt pushes the next
//    one out (1 s, 2 s, 4 s … at most 60 s); a browser that signed in before (known-device cookie) or a
//    request carrying a correct TOTP code is not held back by it.
// 4. Second-factor codes, per account from any address: 10 checks, then each further one waits 60 s,
//    120 s, 240 s … (at most an hour), so fewer than 20 are checked in any hour, however many addresses
//    and challenges a guesser who knows the password uses. A known device counts on a counter of its
//    own, so the real user's browser is not held back by a guesser's count; at the 10th wrong code the
//    account (and the other owners) are e-mailed, the account with a one-time link that makes a new
//    browser a known device (sign-in-links.ts). The password slow-down (3) sends that link too.
// 5. Per process: at most HASH_CONCURRENCY argon2 hashes at once; a few more wait briefly, the rest
//    get 503 with Retry-After, so a flood of sign-ins cannot starve every other request of CPU.
import { createHash, randomBytes } from "node:crypto";
import { schema } from "@ch/db";
import { and, eq, sql } from "drizzle-orm";
import { addressKey } from "../../lib/client-address";
import type { Deps } from "../../lib/deps";
import { AppError, tooManyRequests } from "../../lib/errors";
import { queryRows } from "../../lib/prepared";
import { countHit, overLimitMemory, type RateRule, rateLimitHit } from "../../lib/rate-limit";
import { offerSignInLink } from "./sign-in-links";

const { knownDevices, signInThrottle } = schema;

export const PAIR_WINDOW_MS = 15 * 60_000;
export const MAX_ATTEMPTS_PER_PAIR = 5;
/** Attempts for one user (any address) before each further attempt waits. */
export const FREE_ATTEMPTS_PER_USER = 10;
export const MAX_USER_DELAY_SECONDS = 60;
/** A user's count starts again after this long without an attempt. */
export const USER_QUIET_MS = 15 * 60_000;
export const KNOWN_DEVICE_DAYS = 90;

/** How an account's counter slows down checks: free ones, then a doubling wait from `baseDelaySeconds`. */
export interface SlowDown {
  freeAttempts: number;
  /** The count starts again after this long without a granted check. */
  quietMs: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export const PASSWORD_SLOW_DOWN: SlowDown = {
  freeAttempts: FREE_ATTEMPTS_PER_USER,
  quietMs: USER_QUIET_MS,
  baseDelaySeconds: 1,
  maxDelaySeconds: MAX_USER_DELAY_SECONDS,
};

/** 10 free, then 60 s, 120 s … 3,600 s: at most 15 codes checked in any hour for one counter. */
export const CODE_SLOW_DOWN: SlowDown = {
  freeAttempts: 10,
  quietMs: 60 * 60_000,
  baseDelaySeconds: 60,
  maxDelaySeconds: 3_600,
};

/** Per-address limits (scaled by PUBLIC_RATE_LIMIT_SCALE like the public writes). */
export const ADDRESS_RULES = {
  signIn: { limit: 30, windowSeconds: 600 },
  setup: { limit: 10, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

/**
 * A refused sign-in (429, 503) is answered after this pause: it costs a timer, not CPU, and a script
 * that waits for each answer cannot turn cheap refusals into a flood that starves the storefront.
 */
export const signInTiming = { refusalDelayMs: 1_000 };

async function refuse(error: AppError): Promise<never> {
  if (signInTiming.refusalDelayMs > 0) {
    await new Promise<void>((resolve) => setTimeout(resolve, signInTiming.refusalDelayMs).unref?.());
  }
  throw error;
}

export const HASH_CONCURRENCY = 1;
export const HASH_QUEUE = 16;
export const HASH_WAIT_MS = 2_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Addresses known to be over their limit, until their window ends: answered without a database round trip. */
const overLimit = overLimitMemory();

/**
 * The first thing a sign-in or setup request does, so a flood is shed cheaply: 503 at once when the
 * hashing queue is already full, 429 from memory for an address this process saw go over its limit,
 * then the database-backed count every process shares.
 */
export async function hitAddressLimit(deps: Deps, name: keyof typeof ADDRESS_RULES, ip: string): Promise<void> {
  if (running >= HASH_CONCURRENCY && waiting.length >= HASH_QUEUE) return refuse(busy());
  const key = `admin-${name}:${addressKey(ip)}`;
  const nowMs = deps.clock.now().getTime();
  const known = overLimit.retryAfter(deps.db, key, nowMs);
  if (known !== undefined) return refuse(tooManyRequests(known));
  const rule = ADDRESS_RULES[name];
  const limit = Math.max(1, Math.round(rule.limit * deps.env.PUBLIC_RATE_LIMIT_SCALE));
  try {
    await countHit(deps.db, rateLimitHit(key, { limit, windowSeconds: rule.windowSeconds }, deps.clock.now()));
  } catch (error) {
    const retryAfter = error instanceof AppError && error.status === 429 ? Number(error.headers["retry-after"]) : 0;
    if (retryAfter > 0) {
      overLimit.remember(deps.db, key, nowMs, retryAfter);
      return refuse(error as AppError);
    }
    throw error;
  }
}

// $1 key, $2 now (ISO text), $3 window ms, $4 limit. A fixed window from the pair's first attempt.
const PAIR_SQL = `
insert into sign_in_throttle as t (key, attempts, window_start, last_attempt_at, next_at, granted)
values ($1::text, 1, $2::timestamptz, $2::timestamptz, $2::timestamptz, true)
on conflict (key) do update set
  attempts = case
    when t.window_start <= $2::timestamptz - $3::int * interval '1 millisecond' then 1
    when t.attempts < $4::int then t.attempts + 1
    else t.attempts end,
  window_start = case
    when t.window_start <= $2::timestamptz - $3::int * interval '1 millisecond' then $2::timestamptz
    else t.window_start end,
  granted = t.window_start <= $2::timestamptz - $3::int * interval '1 millisecond' or t.attempts < $4::int,
  last_attempt_at = $2::timestamptz
returning granted, attempts, window_start`;

// $1 key, $2 now, $3 quiet ms, $4 free attempts, $5 max delay seconds, $6 base delay seconds. Granted
// while under the free attempts, when next_at has come, or after a quiet period; a granted attempt past
// the free ones pushes next_at out by $6 × 2^(n - free) seconds (at most $5). Under the free count next_at is not compared, so
// requests whose clocks were read in a different order than they reach the row are not refused.
const QUIET = "t.last_attempt_at <= $2::timestamptz - $3::int * interval '1 millisecond'";
const DUE = "(t.attempts + 1 < $4::int or t.next_at <= $2::timestamptz)";
const USER_SQL = `
with upsert as (
  insert into sign_in_throttle as t (key, attempts, window_start, last_attempt_at, next_at, granted)
  values ($1::text, 1, $2::timestamptz, $2::timestamptz, $2::timestamptz, true)
  on conflict (key) do update set
    granted = ${QUIET} or ${DUE},
    attempts = case when ${QUIET} then 1 when ${DUE} then t.attempts + 1 else t.attempts end,
    window_start = case when ${QUIET} then $2::timestamptz else t.window_start end,
    last_attempt_at = case when ${QUIET} or ${DUE} then $2::timestamptz else t.last_attempt_at end,
    next_at = case
      when ${QUIET} then $2::timestamptz
      when ${DUE} and t.attempts + 1 >= $4::int then greatest(t.next_at, $2::timestamptz)
        + least($6::int * power(2, least(t.attempts + 1 - $4::int, 20))::int, $5::int) * interval '1 second'
      else t.next_at end
  returning granted, attempts, next_at
)
select granted, attempts, next_at from upsert`;

interface PairRow {
  granted: boolean;
  attempts: number;
  window_start: string | Date;
}
interface UserRow {
  granted: boolean;
  attempts: number;
  next_at: string | Date;
}

/** The address first: it never holds a space, so the key cannot be ambiguous whatever the username. */
/** Reserves one check on an account's slow-down counter (atomically: concurrent checks queue on the row). */
async function reserveOnCounter(deps: Deps, key: string, policy: SlowDown, now: Date): Promise<UserRow | undefined> {
  const [row] = await queryRows<UserRow>(deps.db, USER_SQL, [
    key,
    now.toISOString(),
    policy.quietMs,
    policy.freeAttempts,
    policy.maxDelaySeconds,
    policy.baseDelaySeconds,
  ]);
  return row;
}

/** Gives back the check a correct answer reserved (the waits stay as the failures made them). */
async function giveBack(deps: Deps, key: string): Promise<void> {
  await deps.db
    .update(signInThrottle)
    .set({ attempts: sql`greatest(${signInThrottle.attempts} - 1, 0)` })
    .where(eq(signInThrottle.key, key));
}

const pairKey = (ip: string, username: string) => `pair:${addressKey(ip)} ${username}`;

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

export interface SignInReservation {
  username: string;
  ipAddress: string;
  /** The attempt went past the per-user slow-down because of a known device or a correct code. */
  bypassedUserDelay: boolean;
}

/**
 * Reserves one sign-in attempt before any password is hashed; throws 429 with Retry-After when the
 * pair is locked or the user's next attempt is not due yet (unless `trusted`: a known device or a
 * correct second factor).
 */
export async function reserveSignInAttempt(
  deps: Deps,
  input: {
    username: string;
    ipAddress: string;
    trusted: boolean;
    /** The account behind the username, if any: told by e-mail (with a sign-in link) when it is slowed down. */
    account?: { id: number; username: string } | undefined;
  },
): Promise<SignInReservation> {
  const now = deps.clock.now();
  const nowText = now.toISOString();
  const key = pairKey(input.ipAddress, input.username);
  const [pair] = await queryRows<PairRow>(deps.db, PAIR_SQL, [key, nowText, PAIR_WINDOW_MS, MAX_ATTEMPTS_PER_PAIR]);
  if (pair && !pair.granted) {
    deps.log.warn(
      { username: input.username, ip: input.ipAddress, limit: "user and address" },
      "admin sign-in throttled",
    );
    return refuse(
      tooManyRequests(
        secondsUntil(new Date(new Date(pair.window_start).getTime() + PAIR_WINDOW_MS), now),
        "Too many failed sign-in attempts. Please try again later.",
      ),
    );
  }
  if (!input.trusted) {
    const user = await reserveOnCounter(deps, `user:${input.username}`, PASSWORD_SLOW_DOWN, now);
    if (user && !user.granted) {
      deps.log.warn({ username: input.username, ip: input.ipAddress, limit: "user" }, "admin sign-in throttled");
      // no password was checked: the pair's count is given back, so the real user's own tries during an
      // attack do not lock their address out as well
      await giveBack(deps, key);
      if (input.account) await offerSignInLink(deps, input.account, "passwords");
      const retryAfter = secondsUntil(new Date(user.next_at), now);
      return refuse(
        new AppError(
          429,
          `Sign-in for this account is slowed down after failed attempts. Try again in ${retryAfter} s, sign in from a device you used before, add your authenticator code, or open the sign-in link e-mailed to the account's address.`,
          [],
          { retryAfter, codeAccepted: true },
          { "retry-after": String(retryAfter) },
        ),
      );
    }
  }
  return { username: input.username, ipAddress: input.ipAddress, bypassedUserDelay: input.trusted };
}

/**
 * A correct password: the pair counter starts again and the attempt the user row reserved is given back
 * (the delays stay as the failures made them, so the real user never helps a guesser).
 */
export async function signInSucceeded(deps: Deps, reservation: SignInReservation): Promise<void> {
  await deps.db
    .delete(signInThrottle)
    .where(eq(signInThrottle.key, pairKey(reservation.ipAddress, reservation.username)));
  if (!reservation.bypassedUserDelay) await giveBack(deps, `user:${reservation.username}`);
}

// ---- second-factor codes ---------------------------------------------------------------------

/** One reserved code check: the counter it was counted on and the count after it. */
export interface CodeCheck {
  key: string;
  attempts: number;
  /** Counted on a known device's own counter rather than the account's. */
  device: boolean;
}

/**
 * Reserves one second-factor check (TOTP or recovery code) for the account before any code is compared;
 * 429 with Retry-After when its counter's next check is not due. `deviceId` (a known device of this
 * account) counts on that device's own counter.
 */
export async function reserveCodeCheck(
  deps: Deps,
  admin: { id: number; username: string },
  deviceId: string | null,
): Promise<CodeCheck> {
  const now = deps.clock.now();
  const key = deviceId ? `code:${admin.id}:${deviceId.slice(0, 32)}` : `code:${admin.id}`;
  const row = await reserveOnCounter(deps, key, CODE_SLOW_DOWN, now);
  if (row && !row.granted) {
    deps.log.warn({ username: admin.username, limit: "codes" }, "admin second factor throttled");
    // the real user held back here gets the link too (at most one e-mail per 15 minutes)
    if (!deviceId) await offerSignInLink(deps, admin, "codes");
    const retryAfter = secondsUntil(new Date(row.next_at), now);
    return refuse(
      new AppError(
        429,
        `Too many wrong codes for this account. Try again in ${retryAfter} s, from a device you signed in with before, or open the sign-in link e-mailed to the account's address.`,
        [],
        { retryAfter },
        { "retry-after": String(retryAfter) },
      ),
    );
  }
  return { key, attempts: row?.attempts ?? 1, device: deviceId !== null };
}

/** After the comparison: a correct code gives its check back; the 10th wrong one tells the account at once. */
export async function settleCodeCheck(
  deps: Deps,
  admin: { id: number; username: string },
  check: CodeCheck,
  correct: boolean,
): Promise<void> {
  if (correct) await giveBack(deps, check.key);
  else if (!check.device && check.attempts === CODE_SLOW_DOWN.freeAttempts) await offerSignInLink(deps, admin, "codes");
}

// ---- known devices -------------------------------------------------------------------------

/** Whether the device token (from its cookie) belongs to this admin and is still fresh. */
export async function isKnownDevice(deps: Deps, adminId: number, token: string | undefined): Promise<boolean> {
  return (await knownDeviceId(deps, adminId, token)) !== null;
}

/** The id of the known device behind the token (its SHA-256), or null when it is not one of this admin's. */
export async function knownDeviceId(deps: Deps, adminId: number, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const since = new Date(deps.clock.now().getTime() - KNOWN_DEVICE_DAYS * 86_400_000);
  const [row] = await deps.db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.id, sha256(token)),
        eq(knownDevices.adminId, adminId),
        sql`${knownDevices.lastUsedAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row ? row.id : null;
}

/** After a complete sign-in: keeps (or issues) the browser's device token; returns the token for the cookie. */
export async function rememberDevice(deps: Deps, adminId: number, token: string | undefined): Promise<string> {
  const now = deps.clock.now();
  if (token && (await isKnownDevice(deps, adminId, token))) {
    await deps.db
      .update(knownDevices)
      .set({ lastUsedAt: now })
      .where(eq(knownDevices.id, sha256(token)));
    return token;
  }
  const fresh = randomBytes(32).toString("base64url");
  await deps.db.insert(knownDevices).values({ id: sha256(fresh), adminId, createdAt: now, lastUsedAt: now });
  return fresh;
}

/** Drops counters and device tokens nobody can use any more (run with the session purge). */
export async function purgeSignInState(deps: Deps): Promise<void> {
  const now = deps.clock.now().getTime();
  await deps.db
    .delete(signInThrottle)
    .where(sql`${signInThrottle.lastAttemptAt} < ${new Date(now - 86_400_000).toISOString()}::timestamptz`);
  await deps.db
    .delete(knownDevices)
    .where(
      sql`${knownDevices.lastUsedAt} < ${new Date(now - KNOWN_DEVICE_DAYS * 86_400_000).toISOString()}::timestamptz`,
    );
  await deps.db
    .delete(schema.signInLinks)
    .where(sql`${schema.signInLinks.expiresAt} < ${new Date(now).toISOString()}::timestamptz`);
  await deps.db
    .delete(schema.signInChallenges)
    .where(sql`${schema.signInChallenges.expiresAt} < ${new Date(now).toISOString()}::timestamptz`);
}

// ---- the hashing gate ----------------------------------------------------------------------

let running = 0;
const waiting: (() => void)[] = [];

/** Figures for tests and the benchmark. */
export const hashGate = { started: 0, maxRunning: 0, busyRefusals: 0 };

/**
 * Runs an argon2 hash or verification when a slot is free. At most HASH_QUEUE callers wait, each at
 * most HASH_WAIT_MS; past that the request is answered 503 with Retry-After instead of piling up.
 */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE) return refuse(busy());
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(wake);
        if (at >= 0) waiting.splice(at, 1);
        reject(busy());
      }, HASH_WAIT_MS);
      timer.unref?.();
      waiting.push(wake);
    });
  } else {
    running++;
  }
  hashGate.started++;
  hashGate.maxRunning = Math.max(hashGate.maxRunning, running);
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // the slot passes straight to the next waiter; otherwise it is freed
    if (next) next();
    else running--;
  }
}

function busy(): AppError {
  hashGate.busyRefusals++;
  return new AppError(
    503,
    "The server is busy signing people in. Please try again in a moment.",
    [],
    {},
    {
      "retry-after": "1",
    },
  );
}
