// Fixed-window counters in PostgreSQL, so every API process sees the same count. Rows whose window
// is over are deleted by the hourly housekeeping (jobs.ts, purgeExpiredRateLimits).
import type { Executor } from "@ch/db";
import { addressKey } from "./client-address";
import { tooManyRequests } from "./errors";
import { queryRows } from "./prepared";

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/** One request to count: the counter's key, its limit and the window the request falls in. */
export interface RateLimitHit {
  key: string;
  limit: number;
  windowStart: Date;
  windowMs: number;
  now: Date;
}

/**
 * The longest window a rule may use. A row whose window started longer ago than this is past every
 * rule's window, so the purge can delete it without knowing which rule wrote it.
 */
export const MAX_RATE_WINDOW_SECONDS = 86_400;

export function rateLimitHit(key: string, rule: RateRule, now: Date): RateLimitHit {
  if (!(rule.windowSeconds > 0 && rule.windowSeconds <= MAX_RATE_WINDOW_SECONDS)) {
    throw new Error(
      `rate limit window of ${rule.windowSeconds} s for "${key}": it must be 1 to ${MAX_RATE_WINDOW_SECONDS} s`,
    );
  }
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { key, limit: rule.limit, windowStart, windowMs, now };
}

/**
 * The counting statement, for use as is or as a data-modifying CTE of a larger statement (the order
 * path counts its hit in its first statement): `key` and `window` are the parameter placeholders of
 * the key and the window start; a null key counts nothing. A new window restarts the count at 1.
 * Returns `count`. The row stays locked until the statement's transaction ends, so a larger
 * statement should run it last.
 */
export function rateLimitUpsertSql(key: string, window: string): string {
  return `insert into rate_limits (key, window_start, count)
    select ${key}::text, ${window}::timestamptz, 1 where ${key}::text is not null
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`;
}

const HIT_SQL = rateLimitUpsertSql("$1", "$2");

/**
 * The RateLimit header fields of a counted hit, in the three-field form of the IETF draft
 * (draft-ietf-httpapi-ratelimit-headers) that GitHub and others send: the limit, what is left of it in
 * this window, and the seconds until the window ends.
 */
export type RateLimitHeaders = Record<"ratelimit-limit" | "ratelimit-remaining" | "ratelimit-reset", string>;

const secondsLeft = (hit: RateLimitHit) =>
  Math.max(1, Math.ceil((hit.windowStart.getTime() + hit.windowMs - hit.now.getTime()) / 1000));

export function rateLimitHeaders(hit: RateLimitHit, count: number): RateLimitHeaders {
  return {
    "ratelimit-limit": String(hit.limit),
    "ratelimit-remaining": String(Math.max(0, hit.limit - count)),
    "ratelimit-reset": String(secondsLeft(hit)),
  };
}

/**
 * The RateLimit headers of `count` (this hit included); throws 429 with them and Retry-After when it is
 * past the limit.
 */
export function enforceRateLimit(hit: RateLimitHit, count: number): RateLimitHeaders {
  const headers = rateLimitHeaders(hit, count);
  if (count > hit.limit) throw tooManyRequests(secondsLeft(hit), undefined, headers);
  return headers;
}

/** Counts a hit (one prepared statement): its RateLimit headers; throws 429 when the window's limit is passed. */
export async function countHit(db: Executor, hit: RateLimitHit): Promise<RateLimitHeaders> {
  const [row] = await queryRows<{ count: number }>(db, HIT_SQL, [hit.key, hit.windowStart.toISOString()]);
  return enforceRateLimit(hit, row?.count ?? 0);
}

/** Counts one hit for `key`: its RateLimit headers; throws 429 when the window's limit is passed. */
export async function hitRateLimit(db: Executor, key: string, rule: RateRule, now: Date): Promise<RateLimitHeaders> {
  return countHit(db, rateLimitHit(key, rule, now));
}

const PURGE_SQL = `with purged as (delete from rate_limits where window_start < $1::timestamptz returning 1)
  select count(*)::int as count from purged`;

/**
 * Deletes the counters whose window is over for every rule (started MAX_RATE_WINDOW_SECONDS or more
 * ago); returns how many. Idempotent: any number of processes may run it. A counter hit again later
 * simply starts a new row, as a new window would.
 */
export async function purgeExpiredRateLimits(deps: { db: Executor; clock: { now(): Date } }): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - MAX_RATE_WINDOW_SECONDS * 1000);
  const [row] = await queryRows<{ count: number }>(deps.db, PURGE_SQL, [before.toISOString()]);
  return row?.count ?? 0;
}

/** Per-IP limits on public writes. Generous for people, tight enough to stop a script. */
export const PUBLIC_WRITE_RULES = {
  contact: { limit: 10, windowSeconds: 600 },
  quote: { limit: 10, windowSeconds: 600 },
  roi: { limit: 30, windowSeconds: 600 },
  chat: { limit: 30, windowSeconds: 600 },
  // the chat's automatic answers: one per message a visitor types
  chatReply: { limit: 120, windowSeconds: 600 },
  orders: { limit: 20, windowSeconds: 600 },
  // the checkout asks for a quote whenever the state or a whole ZIP changes
  orderQuote: { limit: 120, windowSeconds: 600 },
  visits: { limit: 300, windowSeconds: 600 },
  orderLookup: { limit: 10, windowSeconds: 600 },
  proposal: { limit: 60, windowSeconds: 600 },
  // the portal's writes: sign-in links asked and spent (each mailbox has its own limit too), messages
  portal: { limit: 30, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

type PublicLimitDeps = { db: Executor; env: { PUBLIC_RATE_LIMIT_SCALE: number }; clock: { now(): Date } };

/** The hit a public write from `ip` counts against rule `name` (the limit scaled by PUBLIC_RATE_LIMIT_SCALE). */
export function publicLimitHit(deps: PublicLimitDeps, name: keyof typeof PUBLIC_WRITE_RULES, ip: string): RateLimitHit {
  const rule = PUBLIC_WRITE_RULES[name];
  const limit = Math.max(1, Math.round(rule.limit * deps.env.PUBLIC_RATE_LIMIT_SCALE));
  return rateLimitHit(`${name}:${addressKey(ip)}`, { limit, windowSeconds: rule.windowSeconds }, deps.clock.now());
}

/** Counts a public write from `ip`: its RateLimit headers; throws 429 when the window's limit is passed. */
export async function hitPublicLimit(
  deps: PublicLimitDeps,
  name: keyof typeof PUBLIC_WRITE_RULES,
  ip: string,
): Promise<RateLimitHeaders> {
  return countHit(deps.db, publicLimitHit(deps, name, ip));
}

/**
 * A process's memory of keys known to be over their limit until a time, so a flood after the limit
 * costs no query. Kept per database (a process serves one; a test process opens many), bounded, and
 * only ever an optimisation: the database's count stays the authority.
 */
export function overLimitMemory(maxKeys = 10_000) {
  const byDatabase = new WeakMap<object, Map<string, number>>();
  const of = (db: object) => {
    const keys = byDatabase.get(db) ?? new Map<string, number>();
    byDatabase.set(db, keys);
    return keys;
  };
  return {
    /** Seconds left while `key` is known to be over its limit at `nowMs`, else undefined. */
    retryAfter(db: object, key: string, nowMs: number): number | undefined {
      const keys = of(db);
      const until = keys.get(key);
      if (until === undefined) return undefined;
      if (nowMs < until) return Math.max(1, Math.ceil((until - nowMs) / 1000));
      keys.delete(key);
      return undefined;
    },
    remember(db: object, key: string, nowMs: number, retryAfterSeconds: number): void {
      const keys = of(db);
      if (keys.size >= maxKeys) keys.clear();
      keys.set(key, nowMs + retryAfterSeconds * 1000);
    },
  };
}
