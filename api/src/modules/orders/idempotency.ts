// Idempotency keys for POST /api/orders, after Stripe and the IETF draft:
// same key + same body → the first answer again; same key + other body → 422;
// same key while the first is still running → 409. Errors free the key for a retry.
import { type Database, schema } from "@ch/db";
import { and, eq, lt } from "drizzle-orm";
import { AppError, conflict } from "../../lib/errors";
import { sha256, stableStringify } from "../../lib/stable-json";

const { idempotencyKeys } = schema;
const ABANDONED_AFTER_MS = 60_000;

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
): Promise<StoredAnswer> {
  const requestHash = sha256(stableStringify(requestBody));
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ key, requestHash, state: "running", createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
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
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, "running")))
        .catch(() => {});
      throw error;
    }
  }
  throw conflict("A request with this Idempotency-Key is still being processed");
}
