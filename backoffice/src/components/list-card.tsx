// A card holding one query's list: the query's failure said above it, "Loading…" until its first answer,
// then the rows (keyed by id) or the words for none.

import { errorMessage } from "../lib/trpc";
import { Card, LoadError } from "./card";
import { type Column, DataTable } from "./data-table";

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
  /** The table's accessible name. */
  label: string;
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
      <Card title={title}>
        <DataTable
          label={label}
          columns={columns}
          rows={rows ?? []}
          rowKey={(row) => row.id}
          empty={query.isPending ? "Loading…" : empty}
        />
      </Card>
    </>
  );
}
