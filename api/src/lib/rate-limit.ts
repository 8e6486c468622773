// Fixed-window counters in PostgreSQL, so every API process sees the same count.
import type { Database } from "@ch/db";
import { sql } from "drizzle-orm";
import { tooManyRequests } from "./errors";
import { preparedRows } from "./prepared";

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/** Counts one hit for `key`; throws 429 with Retry-After when the window's limit is passed. */
export async function hitRateLimit(db: Database, key: string, rule: RateRule, now: Date): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await preparedRows<{ count: number }>(
    db,
    "rate_limit_hit",
    sql`
      insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
        window_start = excluded.window_start
      returning count`,
  );
  if ((row?.count ?? 0) > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw tooManyRequests(retryAfter);
  }
}

/** Per-IP limits on public writes. Generous for people, tight enough to stop a script. */
export const PUBLIC_WRITE_RULES = {
  contact: { limit: 10, windowSeconds: 600 },
  quote: { limit: 10, windowSeconds: 600 },
  roi: { limit: 30, windowSeconds: 600 },
  chat: { limit: 30, windowSeconds: 600 },
  orders: { limit: 20, windowSeconds: 600 },
  visits: { limit: 300, windowSeconds: 600 },
  orderLookup: { limit: 10, windowSeconds: 600 },
} satisfies Record<string, RateRule>;

export async function hitPublicLimit(
  deps: { db: Database; env: { PUBLIC_RATE_LIMIT_SCALE: number }; clock: { now(): Date } },
  name: keyof typeof PUBLIC_WRITE_RULES,
  ip: string,
): Promise<void> {
  const rule = PUBLIC_WRITE_RULES[name];
  const limit = Math.max(1, Math.round(rule.limit * deps.env.PUBLIC_RATE_LIMIT_SCALE));
  await hitRateLimit(deps.db, `${name}:${ip}`, { limit, windowSeconds: rule.windowSeconds }, deps.clock.now());
}
