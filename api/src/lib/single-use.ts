import type { Executor } from "@ch/db";
import { lt, or } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

type SingleUseTable = PgTable & { expiresAt: AnyPgColumn; usedAt: AnyPgColumn };

/** Housekeeping for single-use secrets (links, codes): deletes those past their end and those spent a day ago. */
export async function purgeSingleUse(db: Executor, table: SingleUseTable, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const removed = await db
    .delete(table)
    .where(or(lt(table.expiresAt, now), lt(table.usedAt, dayAgo)))
    .returning();
  return removed.length;
}
