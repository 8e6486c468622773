// The database's types and the one helper that both drivers need, apart from openDatabase (./index) so
// that the migrator can use them without importing the module that imports it.
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

/** Rows of a raw `db.execute(sql)` result: postgres.js returns an array, PGlite an object with rows. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Runs several reads as of one moment (a read-only, repeatable-read transaction), so that a page built
 * from several queries never shows half of a change another connection committed in between.
 */
export function readSnapshot<T>(db: Database, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: "repeatable read", accessMode: "read only" });
}
