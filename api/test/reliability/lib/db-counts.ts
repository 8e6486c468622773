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

const counted = new WeakMap<Database, Set<string>>();

/**
 * The number of rows inserted or deleted in `tables` so far, as one cheap read instead of counting every
 * table: row-level triggers, installed at the first call, add to one counter in the writer's own
 * transaction, so a write rolled back counts nothing. An unchanged number means the tables' row counts
 * are unchanged (what rowCounts compares).
 */
export async function rowChanges(db: Database, tables: string[]): Promise<number> {
  let installed = counted.get(db);
  if (!installed) {
    await db.execute(sql.raw("create table if not exists test_row_changes (n bigint not null)"));
    await db.execute(
      sql.raw("insert into test_row_changes select 0 where not exists (select 1 from test_row_changes)"),
    );
    await db.execute(
      sql.raw(`create or replace function test_count_row_change() returns trigger language plpgsql as $$
begin update test_row_changes set n = n + 1; return null; end $$`),
    );
    installed = new Set();
    counted.set(db, installed);
  }
  for (const table of tables.filter((t) => !installed.has(t))) {
    const name = table.replace(/"/g, "");
    await db.execute(
      sql.raw(`create or replace trigger test_count_row_change after insert or delete on "${name}"
for each row execute function test_count_row_change()`),
    );
    installed.add(table);
  }
  const [row] = rowsOf<{ n: string }>(await db.execute(sql.raw("select n::text as n from test_row_changes")));
  return Number(row!.n);
}
