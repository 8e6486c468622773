/**
 * Applies the drizzle-kit migrations in db/migrations, once, under a PostgreSQL
 * advisory lock so that several API processes starting together migrate exactly once.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "./database";

const MIGRATION_LOCK = 72_617_001;
const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), "..", "migrations");

interface Journal {
  entries: { idx: number; tag: string }[];
}

export async function migrate(db: Database): Promise<string[]> {
  const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8")) as Journal;
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(
      sql`create table if not exists schema_migrations (tag text primary key, applied_at timestamptz not null default now())`,
    );
    const done = new Set(
      rowsOf<{ tag: string }>(await tx.execute(sql`select tag from schema_migrations`)).map((r) => r.tag),
    );
    for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
      if (done.has(entry.tag)) continue;
      const text = readFileSync(join(migrationsDir, `${entry.tag}.sql`), "utf8");
      for (const statement of text.split("--> statement-breakpoint")) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (tag) values (${entry.tag})`);
      applied.push(entry.tag);
    }
  });
  return applied;
}
