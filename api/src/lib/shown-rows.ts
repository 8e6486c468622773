// Rows the storefront shows (products, gallery items, posts) are served from the read cache, so every
// change to one announces itself in its own transaction (read-cache.ts announceCatalogChange).
import type { Executor } from "@ch/db";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { notFound } from "./errors";
import { announceCatalogChange } from "./read-cache";

/** Deletes the row with this id (404 with `missing` when there is none) and announces the change. */
export async function deleteShownRow(
  db: Executor,
  table: PgTable,
  idColumn: PgColumn,
  id: number,
  missing: string,
): Promise<{ ok: true }> {
  const rows = await db.delete(table).where(eq(idColumn, id)).returning({ id: idColumn });
  if (rows.length === 0) throw notFound(missing);
  await announceCatalogChange(db);
  return { ok: true };
}

/**
 * Runs `update` (an UPDATE … WHERE id = … RETURNING of one table, typed by it), 404 with `missing` when it
 * changed no row, and announces the change; the changed row.
 */
export async function updateShownRow<R>(db: Executor, missing: string, update: PromiseLike<R[]>): Promise<R> {
  const [row] = await update;
  if (!row) throw notFound(missing);
  await announceCatalogChange(db);
  return row;
}
