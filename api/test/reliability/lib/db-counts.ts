// Row counts of every table, to prove that a request changed nothing.
import { type Database, rowsOf } from "@ch/db";
import { sql } from "drizzle-orm";

/** Tables whose rows legitimately change on refused requests (throttle counters) or reads (session touch). */
export const BOOKKEEPING_TABLES = new Set([
  "rate_limits",
  "login_attempts",
  "sign_in_throttle",
  "sessions",
  "schema_migrations",
]);

export async function tableNames(db: Database): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  );
  return rows.map((r) => r.name).filter((name) => !BOOKKEEPING_TABLES.has(name));
}

/** One query: { table: rows } for the given tables. */
export async function rowCounts(db: Database, tables: string[]): Promise<Record<string, number>> {
  const parts = tables.map((t) => `(select count(*)::int from "${t.replace(/"/g, "")}") as "${t.replace(/"/g, "")}"`);
  const [row] = rowsOf<Record<string, number>>(await db.execute(sql.raw(`select ${parts.join(", ")}`)));
  return row ?? {};
}

/**
 * The next transaction id the database will assign. A transaction gets one when it first writes, so an
 * unchanged mark proves that nothing at all was written (updates included), which no row count can;
 * reading it is one cheap statement instead of counting every table.
 */
export async function writeMark(db: Database): Promise<string> {
  const query = "select pg_snapshot_xmax(pg_current_snapshot())::text as next";
  // PGlite: its simple-query `exec` costs a quarter of a parsed and bound statement, and the bad-input
  // corpus reads the mark after every write case (tens of thousands of times per run)
  const client = (db as unknown as { $client?: { exec?: (q: string) => Promise<{ rows: { next: string }[] }[]> } })
    .$client;
  if (typeof client?.exec === "function" && !("begin" in client)) {
    const [result] = await client.exec(query);
    return result!.rows[0]!.next;
  }
  const [row] = rowsOf<{ next: string }>(await db.execute(sql.raw(query)));
  return row!.next;
}
