// Idempotency keys for POST /api/orders, after Stripe and the IETF draft:
// same key + same body → the first answer again; same key + other body → 422;
// same key while the first is still running → 409. Errors free the key for a retry.
import { type Database, schema } from "@ch/db";
import { and, eq, lt } from "drizzle-orm";
import { AppError, conflict } from "../../lib/errors";
import { queryRows } from "../../lib/prepared";
import { enforceRateLimit, type RateLimitHit, rateLimitUpsertSql } from "../../lib/rate-limit";
import { sha256, stableStringify } from "../../lib/stable-json";

const { idempotencyKeys } = schema;
const ABANDONED_AFTER_MS = 60_000;

/**
 * Claims the key and counts the request against its rate limit in one statement (one round trip):
 * the claim is made only while the count before this request is below the limit, and the count is
 * taken last (its row stays locked until the statement ends). With a null limit key nothing is counted.
 */
const CLAIM_SQL = `
  with n as (
    select 1 as go
    where $3::text is null or coalesce((select r.count from rate_limits r
      where r.key = $3::text and r.window_start = $4::timestamptz), 0) < $5::int
  ),
  claim as (
    insert into idempotency_keys (key, request_hash, state, created_at)
    select $1::text, $2::text, 'running', $6::timestamptz from n
    on conflict (key) do nothing
    returning key
  ),
  hit as (
    ${rateLimitUpsertSql("$3", "$4")}
  )
  select (select count(*) from claim)::int as claimed, (select count from hit) as hits`;

export interface StoredAnswer {
  status: number;
  body: unknown;
  replayed: boolean;
}

export async function withIdempotencyKey(
  db: Database,
  key: string,
  requestBody: unknown,
  now: Date,
  /** Produces the answer and stores it under `key` (state "done") in the transaction of its own write. */
  run: () => Promise<{ status: number; body: unknown }>,
  /** Counts the request against this limit (replays included) before anything else can answer. */
  rateLimit?: RateLimitHit,
): Promise<StoredAnswer> {
  const requestHash = sha256(stableStringify(requestBody));
  for (let attempt = 0; attempt < 3; attempt++) {
    const limit = attempt === 0 ? rateLimit : undefined;
    const [row] = await queryRows<{ claimed: number; hits: number | null }>(db, CLAIM_SQL, [
      key,
      requestHash,
      limit ? limit.key : null,
      limit ? limit.windowStart.toISOString() : null,
      limit ? limit.limit : 0,
      now.toISOString(),
    ]);
    const claimed = row?.claimed === 1;
    if (limit) {
      try {
        enforceRateLimit(limit, row?.hits ?? 0);
      } catch (error) {
        // past the limit by a request that ran at the same time: give the key back
        if (claimed) await releaseClaim(db, key);
        throw error;
      }
    }
    if (!claimed) {
      const [existing] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
      if (!existing) continue; // the first attempt failed and freed the key: claim it again
      if (existing.requestHash !== requestHash) {
        throw new AppError(422, "This Idempotency-Key was already used with a different request body");
      }
      if (existing.state === "done") {
        return {
          status: existing.responseStatus ?? 200,
          body: JSON.parse(existing.responseBody ?? "null"),
          replayed: true,
        };
      }
      const takenOver = await db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(
          and(
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.state, "running"),
            lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (takenOver.length === 0) throw conflict("A request with this Idempotency-Key is still being processed");
    }
    try {
      const answer = await run();
      return { ...answer, replayed: false };
    } catch (error) {
      await releaseClaim(db, key);
      throw error;
    }
  }
  throw conflict("A request with this Idempotency-Key is still being processed");
}

async function releaseClaim(db: Database, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, "running")))
    .catch(() => {});
}
