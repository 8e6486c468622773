/**
 * Runs a raw SQL statement as a prepared statement on the given database or transaction.
 *
 * drizzle sends every query that is not `.prepare()`d with postgres.js's `prepare: false`, and
 * postgres.js then describes each parameterised statement in a round trip of its own before running
 * it: two round trips and a parse and plan per statement. A prepared statement is parsed once per
 * connection and runs in one round trip. Query builders have `.prepare(name)`; raw `sql` has not,
 * so this goes through the same session method drizzle's `.prepare()` uses. PGlite ignores the name.
 */
import { type Executor, rowsOf } from "@ch/db";
import type { SQL } from "drizzle-orm";
import { PgDialect, type PgSession } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

export async function preparedRows<T>(executor: Executor, name: string, query: SQL): Promise<T[]> {
  const session = (executor as unknown as { session?: PgSession }).session;
  if (!session || typeof session.prepareQuery !== "function") return rowsOf<T>(await executor.execute(query));
  const result = await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return rowsOf<T>(result);
}
