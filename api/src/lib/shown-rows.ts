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
