// Keyset paging of the back office's sortable tables (tRPC orders.list, leads.list): each sort is the
// expression it orders by, then by id the same way, so that every row has one place and a page can start
// after any row. Its cursor is [sort, desc, the row's value, id]; a cursor of another sort is refused (400).

import { type AnyColumn, and, asc, desc, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type CreatedKey, createdBefore, decodeCursor, encodeCursor, pageAfter } from "./cursor";

/** One sort of a table: the expression it orders by, its SQL type and the shape of its cursor value. */
export interface SortExpression<V extends string | number> {
  by: SQL;
  cast: SQL;
  value: z.ZodType<V>;
}

export interface TableSort<Id extends string> {
  id: Id;
  desc: boolean;
}

/** Where a page starts: after the row with this id, whose sort value was `value`. */
export interface SortedKey<Id extends string, V extends string | number> {
  sort: TableSort<Id>;
  value: V;
  id: number;
}

export interface SortedTable<Id extends string, V extends string | number> {
  table: PgTable;
  id: AnyColumn;
  createdAt: AnyColumn;
  /** With it, the list takes the change filters (updatedSince, createdSince, createdBefore). */
  updatedAt?: AnyColumn;
  sorts: Record<Id, SortExpression<V>>;
  defaultSort: TableSort<Id>;
}

/** How a list function of such a table is paged; without `sorted`, newest first (created_at desc, id desc). */
export interface ListPaging<Id extends string, V extends string | number> {
  limit?: number | undefined;
  /** Keyset paging (exports read in batches): only rows listed after the one with this id. */
  after?: number | undefined;
  /** Keyset paging (REST cursor): only rows listed after this (createdAt, id). */
  cursor?: CreatedKey | undefined;
  /** Another order than (created_at desc, id desc), and keyset paging in it. */
  sorted?: { sort: TableSort<Id>; after?: SortedKey<Id, V> } | undefined;
  updatedSince?: Date | undefined;
  createdSince?: Date | undefined;
  createdBefore?: Date | undefined;
}

/** The WHERE conditions, ORDER BY and LIMIT (500 by default) of `paging`. */
/**
 * Newest first from a created cursor, under the change filters: the WHERE of the admin pages of products
 * and posts.
 */
export function createdPageWhere(
  table: PgTable & { id: AnyColumn; createdAt: AnyColumn; updatedAt: AnyColumn },
  page: { cursor?: CreatedKey | undefined } & Parameters<typeof changeClauses>[1],
): SQL | undefined {
  return and(
    page.cursor ? createdBefore(table, table.createdAt, table.id, page.cursor) : undefined,
    ...changeClauses(table, page),
  );
}

/** The change filters every admin list takes (contracts/admin.ts changeFilters), on a table's own columns. */
export function changeClauses(
  table: { createdAt: AnyColumn; updatedAt: AnyColumn },
  filter: { updatedSince?: Date | undefined; createdSince?: Date | undefined; createdBefore?: Date | undefined },
): (SQL | undefined)[] {
  return [
    filter.updatedSince ? sql`${table.updatedAt} >= ${filter.updatedSince.toISOString()}::timestamptz` : undefined,
    filter.createdSince ? sql`${table.createdAt} >= ${filter.createdSince.toISOString()}::timestamptz` : undefined,
    filter.createdBefore ? sql`${table.createdAt} < ${filter.createdBefore.toISOString()}::timestamptz` : undefined,
  ];
}

export function pagingClauses<Id extends string, V extends string | number>(
  sorted: SortedTable<Id, V>,
  paging: ListPaging<Id, V>,
): { where: (SQL | undefined)[]; orderBy: SQL[]; limit: number } {
  const { table, id, createdAt, updatedAt } = sorted;
  const sort = paging.sorted?.sort;
  return {
    where: [
      ...(updatedAt ? changeClauses({ createdAt, updatedAt }, paging) : []),
      paging.cursor ? createdBefore(table, createdAt, id, paging.cursor) : undefined,
      paging.sorted?.after ? sortedAfter(sorted, paging.sorted.after) : undefined,
      paging.after !== undefined ? createdBeforeId(table, createdAt, id, paging.after) : undefined,
    ],
    orderBy: sort === undefined ? [desc(createdAt), desc(id)] : sortedOrder(sorted, sort),
    limit: paging.limit ?? 500,
  };
}

/**
 * Rows after `key` in its sort. The row's own value is read back from the table (PostgreSQL's microseconds,
 * its collation); the cursor's value is the fallback when that row has since been deleted.
 */
function sortedAfter<Id extends string, V extends string | number>(
  { table, id, sorts }: SortedTable<Id, V>,
  key: SortedKey<Id, V>,
): SQL {
  const { by, cast } = sorts[key.sort.id];
  const op = key.sort.desc ? sql`<` : sql`>`;
  return sql`(${by}, ${id}) ${op} (coalesce((select ${by} from ${table} where ${id} = ${key.id}), ${key.value}::${cast}), ${key.id})`;
}

/** ORDER BY of a sort, the id breaking ties the same way. */
function sortedOrder<Id extends string, V extends string | number>(
  { id, sorts }: SortedTable<Id, V>,
  sort: TableSort<Id>,
): SQL[] {
  return sort.desc ? [sql`${sorts[sort.id].by} desc`, desc(id)] : [sql`${sorts[sort.id].by} asc`, asc(id)];
}

type PageInput<Id extends string> = {
  cursor?: string | undefined;
  direction?: unknown;
  sort?: TableSort<Id> | undefined;
  limit?: number | undefined;
};

/**
 * One page of a sortable table (the table's default sort and 500 rows unless asked) after the input's
 * cursor, and the next page's cursor (null at the end). `list` gets the input's filters and the paging.
 */
export async function sortedPage<
  Id extends string,
  V extends string | number,
  I extends PageInput<Id>,
  R extends { id: number },
>(
  table: SortedTable<Id, V>,
  input: I,
  sortValue: (sort: TableSort<Id>, row: R) => V,
  list: (filter: Omit<I, keyof PageInput<Id>> & ListPaging<Id, V>) => Promise<R[]>,
): Promise<{ items: R[]; nextCursor: string | null }> {
  const { cursor, direction: _direction, sort = table.defaultSort, limit = 500, ...filter } = input;
  const after =
    cursor === undefined
      ? undefined
      : decodeCursor(
          cursor,
          z
            .tuple([
              z.literal(sort.id),
              z.literal(sort.desc ? 1 : 0),
              table.sorts[sort.id].value,
              z.number().int().min(1),
            ])
            .transform(([, , value, id]) => ({ value, id })),
        );
  const rows = await list({
    ...filter,
    limit: limit + 1,
    sorted: { sort, ...(after ? { after: { sort, ...after } } : {}) },
  });
  const { items, last } = pageAfter(rows, limit);
  return {
    items,
    nextCursor: last ? encodeCursor([sort.id, sort.desc ? 1 : 0, sortValue(sort, last), last.id]) : null,
  };
}

/** Rows after the one with this id in (created_at desc, id desc) order: exports read in batches. */
function createdBeforeId(table: PgTable, createdAt: AnyColumn, id: AnyColumn, afterId: number): SQL {
  return sql`(${createdAt}, ${id}) < ((select created_at from ${table} where id = ${afterId}), ${afterId})`;
}

/** An ILIKE pattern matching `q` anywhere (its own % _ \ taken literally), or null for an empty search. */
export function containsPattern(q: string | undefined): string | null {
  const trimmed = q?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/** A table's search: `q` found anywhere in any of these columns or expressions (ILIKE), or no condition for an empty search. */
export function searchClause(q: string | undefined, targets: (AnyColumn | SQL)[]): SQL | undefined {
  const pattern = containsPattern(q);
  return pattern ? or(...targets.map((target) => ilike(target, pattern))) : undefined;
}
