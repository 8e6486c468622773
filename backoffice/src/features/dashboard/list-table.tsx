// The Orders and Contacts tabs' list: search, status filter and sort kept here, the server's pages
// loaded by cursor ("Load more"), the rows as stacked cards on phones, and the CSV export of the same filter.
import { keepPreviousData } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue, useState } from "react";
import { LoadError } from "../../components/card";
import { type Column, DataTable, type SortingState } from "../../components/data-table";
import { NamedButton } from "../../components/named-button";
import { formatDate } from "../../lib/format";
import { errorMessage } from "../../lib/trpc";
import { LIST_PAGE_SIZE, ListFilters, listParams } from "./list-filters";
import { STATS_REFRESH_MS } from "./refresh";

const NEWEST_FIRST: SortingState = [{ id: "createdAt", desc: true }];

/**
 * What the list asks the server for (`input`: the typed search, deferred, the status, a page's size and the
 * sorted column, one of the sorts `S` the server takes).
 */
export function useListState<S extends SortingState[number] = SortingState[number]>() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const [sorting, setSorting] = useState<SortingState>(NEWEST_FIRST);
  const params = listParams(useDeferredValue(q), status);
  // the columns that sort are the server's sorts (Column.sortable)
  const sort = (sorting[0] ?? NEWEST_FIRST[0]) as S;
  return {
    q,
    setQ,
    status,
    setStatus,
    sorting,
    setSorting,
    params,
    input: { ...params.input, sort, limit: LIST_PAGE_SIZE },
  };
}
type ListState = ReturnType<typeof useListState>;

/** The infinite query's options every list shares: the next cursor, the last rows kept while a new filter loads. */
export const PAGED = {
  next: { getNextPageParam: (last: { nextCursor?: string | null }) => last.nextCursor ?? undefined },
  query: { placeholderData: keepPreviousData, refetchInterval: STATS_REFRESH_MS },
};

interface PagedQuery<T> {
  data?: { pages: { items: T[] }[] } | undefined;
  error: unknown;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The list's own columns, then the date (sortable) and the button that opens a row's details. */
function withDateAndView<T extends { id: number; createdAt: string }>(
  columns: Column<T>[],
  view: { label: string; name: (row: T) => string; onOpen: (id: number) => void },
): Column<T>[] {
  return [
    ...columns,
    {
      id: "createdAt",
      header: "Date",
      sortable: true,
      sortDescFirst: true,
      className: "whitespace-nowrap",
      cell: (row) => formatDate(row.createdAt),
    },
    {
      header: "Actions",
      hideable: false,
      cell: (row) => (
        <NamedButton
          label={view.label}
          name={view.name(row)}
          className="btn-secondary py-1"
          onClick={() => view.onOpen(row.id)}
        />
      ),
    },
  ];
}

export function ListTable<T extends { id: number; createdAt: string }>({
  label,
  intro,
  list,
  query,
  columns,
  view,
  rowTestId,
  statuses,
  children,
}: {
  /** "Orders": the heading and the table's name; its lower case names the list in the texts, ids and export. */
  label: string;
  /** A line under the heading. */
  intro?: string;
  list: ListState;
  query: PagedQuery<T>;
  columns: Column<T>[];
  /** The last column's button: its words, the row it names for a screen reader, what it opens. */
  view: { label: string; name: (row: T) => string; onOpen: (id: number) => void };
  rowTestId: (row: T) => string;
  statuses: readonly string[];
  /** The details dialog. */
  children: ReactNode;
}) {
  const noun = label.toLowerCase();
  return (
    <section aria-labelledby={`${noun}-heading`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${noun}-heading`} className={`${intro ? "" : "mb-4 "}text-base font-semibold text-slate-900`}>
        {label}
      </h2>
      {intro ? <p className="mb-4 text-sm text-slate-600">{intro}</p> : null}
      {query.error ? <LoadError message={errorMessage(query.error, `${label} could not be loaded.`)} /> : null}
      <DataTable
        label={label}
        columns={withDateAndView(columns, view)}
        rows={query.data?.pages.flatMap((p) => p.items) ?? []}
        rowKey={(row) => row.id}
        rowTestId={rowTestId}
        empty={query.isPending ? `Loading ${noun}…` : `No ${noun} match.`}
        stacked
        sorting={list.sorting}
        onSortingChange={list.setSorting}
        more={{
          hasMore: query.hasNextPage,
          loading: query.isFetchingNextPage,
          onMore: () => void query.fetchNextPage(),
        }}
        filters={
          <ListFilters
            idPrefix={noun}
            searchLabel={`Search ${noun}`}
            q={list.q}
            status={list.status}
            statuses={statuses}
            onQ={list.setQ}
            onStatus={list.setStatus}
            exportHref={`/api/admin/${noun}.csv${list.params.search}`}
          />
        }
      />
      {children}
    </section>
  );
}
