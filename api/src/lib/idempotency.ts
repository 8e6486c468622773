// Idempotency keys for every POST that creates (orders, payments and refunds, notes, proposals), after
// Stripe and the IETF draft: same key + same body → the first answer again (Idempotent-Replayed: true);
// same key + another body → 422; same key while the first is still running → 409. An error frees the key
// for a retry. A record's key is "<operation>:<principal>:<Idempotency-Key>" (a key means nothing across
// paths or callers); records are kept 24 hours (purgeOldIdempotencyKeys, hourly housekeeping).
//
// One table, one claim, one comparison, two ways to store the answer:
// - withIdempotencyKey (the order path): the claim is its own statement (it also counts the rate limit) and
//   the order's one store statement marks the key done with the answer (order-core.ts);
// - idempotentTransaction (every other creating POST, via route()'s `idempotent`): the claim, the work and
//   the stored answer are one transaction, so a duplicate waits on the claim and then replays.
import { type Database, schema } from "@ch/db";
import { and, eq, lt } from "drizzle-orm";
import type { Deps } from "./deps";
import { AppError, conflict } from "./errors";
import { queryRows } from "./prepared";
import { enforceRateLimit, type RateLimitHit, rateLimitUpsertSql } from "./rate-limit";
import { sha256, stableStringify } from "./stable-json";

const { idempotencyKeys } = schema;
const ABANDONED_AFTER_MS = 60_000;
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600_000;

/** The stored record's key: the operation and the caller (a session's or key's actor, or "public") own it. */
export const idempotencyRecordKey = (operation: string, principal: string, key: string) =>
  `${operation}:${principal}:${key}`;

const requestHashOf = (body: unknown) => sha256(stableStringify(body ?? null));

function compare(existing: typeof idempotencyKeys.$inferSelect, requestHash: string): StoredAnswer | null {
  if (existing.requestHash !== requestHash) {
    throw new AppError(422, "This Idempotency-Key was already used with a different request body", [
      { path: ["Idempotency-Key"], message: "already used with a different request body" },
    ]);
  }
  if (existing.state === "done") {
    return {
      status: existing.responseStatus ?? 200,
      body: JSON.parse(existing.responseBody ?? "null"),
      replayed: true,
    };
  }
  return null;
}

/**
 * Runs `run` with a deps whose database is one transaction that also claims `recordKey` and stores the
 * answer. A concurrent request with the same key waits on the claim, then replays (or gets 422).
 */
export async function idempotentTransaction(
  deps: Deps,
  recordKey: string,
  requestBody: unknown,
  run: (txDeps: Deps) => Promise<{ status: number; body: unknown }>,
): Promise<StoredAnswer> {
  const requestHash = requestHashOf(requestBody);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ key: recordKey, requestHash, state: "running", createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [existing] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, recordKey)).limit(1);
      const replay = existing ? compare(existing, requestHash) : null;
      if (replay) return replay;
      throw conflict("A request with this Idempotency-Key is still being processed");
    }
    const answer = await run({ ...deps, db: tx as unknown as Database });
    await tx
      .update(idempotencyKeys)
      .set({ state: "done", responseStatus: answer.status, responseBody: JSON.stringify(answer.body ?? null) })
      .where(eq(idempotencyKeys.key, recordKey));
    return { ...answer, replayed: false };
  });
}

/** Deletes the records older than 24 hours; returns how many. */
export async function purgeOldIdempotencyKeys(deps: Pick<Deps, "db" | "clock">): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - IDEMPOTENCY_RETENTION_MS);
  const removed = await deps.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

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

/** The order path's mode (see the top of this file): `key` is the record key (idempotencyRecordKey). */
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
  const requestHash = requestHashOf(requestBody);
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
      const replay = compare(existing, requestHash);
      if (replay) return replay;
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
      if (takenOver.length === 0) {
        // a claim whose process died is taken over once it is ABANDONED_AFTER_MS old: say when to come back
        const waitMs = existing.createdAt.getTime() + ABANDONED_AFTER_MS - now.getTime();
        throw new AppError(
          409,
          "A request with this Idempotency-Key is still being processed",
          [],
          {},
          {
            "retry-after": String(Math.min(60, Math.max(1, Math.ceil(waitMs / 1000)))),
          },
        );
      }
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
