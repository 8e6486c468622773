// Tables in their usual places: a card holding one table (named by the card's title), one query's table
// (its failure said above it, "Loading…" until its first answer), and a card holding one query's list.

import { errorMessage } from "../lib/trpc";
import { Card, LoadError } from "./card";
import { type Column, DataTable, type DataTableProps, type RowData } from "./data-table";

type Key = string | number;
/** The rows' key: their id unless `rowKey` names another. */
type RowKey<T> = [T] extends [{ id: Key }] ? { rowKey?: (row: T) => Key } : { rowKey: (row: T) => Key };
const byId = (row: unknown) => (row as { id: Key }).id;

/**
 * A card holding one table: the table is named by the card's title unless `label` names it, and its rows
 * are keyed by their id unless `rowKey` says otherwise.
 */
export function TableCard<T extends RowData>({
  title,
  label = title,
  rowKey = byId,
  ...table
}: Omit<DataTableProps<T>, "label" | "rowKey"> & RowKey<T> & { title: string; label?: string | undefined }) {
  return (
    <Card title={title}>
      <DataTable {...table} rowKey={rowKey as (row: T) => Key} label={label} />
    </Card>
  );
}

/** A query's rows: its answer, or a part of it (`rows`, undefined until the query answers). */
type QueryRows<T> =
  | { query: { isPending: boolean; error: unknown; data?: T[] | undefined }; rows?: undefined }
  | { query: { isPending: boolean; error: unknown }; rows: T[] | undefined };

/**
 * One query's table: the query's failure said above it, `loading` until its first answer, then the rows or
 * the words for none. A query that failed before any answer shows no table.
 */
export function QueryTable<T extends RowData>({
  loadError,
  loading = "Loading…",
  empty,
  ...props
}: Omit<DataTableProps<T>, "rows" | "empty"> &
  QueryRows<T> & {
    /** What a failed query says; without it the failure is said elsewhere. */
    loadError?: string;
    loading?: string;
    empty: string;
  }) {
  const { query, rows: part, ...table } = props;
  const rows = part ?? ("data" in query ? query.data : undefined);
  return (
    <>
      {loadError && query.error ? <LoadError message={errorMessage(query.error, loadError)} /> : null}
      {rows || query.isPending ? (
        <DataTable {...table} rows={rows ?? []} empty={query.isPending ? loading : empty} />
      ) : null}
    </>
  );
}

/** A card holding one query's list: the failure said above the card, then the rows (keyed by id). */
export function ListCard<T extends { id: string | number }>({
  title,
  label,
  columns,
  query,
  rows,
  empty,
  loadError,
}: {
  title: string;
  /** The table's accessible name; the title by default. */
  label?: string;
  columns: Column<T>[];
  /** The query the rows come from (its answer, or a part of it). */
  query: { isPending: boolean; error: unknown };
  rows: T[] | undefined;
  empty: string;
  /** What a failed query says; without it the failure is said elsewhere. */
  loadError?: string;
}) {
  return (
    <>
      {loadError && query.error ? <LoadError message={errorMessage(query.error, loadError)} /> : null}
      <TableCard
        title={title}
        label={label}
        columns={columns}
        rows={rows ?? []}
        rowKey={(row) => row.id}
        empty={query.isPending ? "Loading…" : empty}
      />
    </>
  );
}
