// The row a transaction is about to change, read FOR UPDATE so that no other transaction changes it first.

import { notFound } from "./errors";

/**
 * The row `select` finds (a SELECT of one row by its key), locked until the transaction ends; 404 with
 * `missing` when there is none.
 */
export async function lockedRow<R>(select: { for(strength: "update"): PromiseLike<R[]> }, missing: string): Promise<R> {
  const [row] = await select.for("update");
  if (!row) throw notFound(missing);
  return row;
}
