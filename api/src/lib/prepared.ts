/**
 * Prepared statements on either database, without the query builder's per-call work.
 *
 * drizzle sends every query that is not `.prepare()`d with postgres.js's `prepare: false`, and
 * postgres.js then describes each parameterised statement in a round trip of its own before running
 * it: two round trips and a parse and plan per statement. A prepared statement is parsed once per
 * connection and runs in one round trip.
 *
 * - `queryRows(executor, text, params)`: fixed SQL text with $n parameters, sent straight to the driver
 *   under the database or transaction handle (postgres.js `unsafe(text, params, { prepare: true })`,
 *   which names and caches the statement per connection; PGlite `query(text, params)`). No SQL is built
 *   per call, so the hot paths (orders, rate limits) spend their CPU on the request, not on the ORM.
 */
import { type Executor, rowsOf } from "@ch/db";

interface RawClient {
  /** postgres.js */
  unsafe?: (text: string, params: unknown[], options: { prepare: boolean }) => Promise<unknown>;
  /** PGlite (database or transaction) */
  query?: (text: string, params: unknown[]) => Promise<unknown>;
}

function rawClient(executor: Executor): RawClient | null {
  const session = (executor as unknown as { session?: { client?: RawClient } }).session;
  const client = session?.client;
  if (client && (typeof client.unsafe === "function" || typeof client.query === "function")) return client;
  return null;
}

/** Runs fixed SQL text with positional parameters as a prepared statement; returns its rows. */
export async function queryRows<T>(executor: Executor, text: string, params: unknown[]): Promise<T[]> {
  const client = rawClient(executor);
  if (!client) throw new Error("queryRows: the database handle exposes no postgres.js or PGlite client");
  if (typeof client.unsafe === "function") return rowsOf<T>(await client.unsafe(text, params, { prepare: true }));
  return rowsOf<T>(await client.query!(text, params));
}
