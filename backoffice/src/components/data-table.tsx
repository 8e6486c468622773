// The one list primitive of the back office, on TanStack Table (v9, only the sorting and column-visibility
// features, so the rest of the library stays out of the bundle): a column definition and rows make a table.
// A new list is a `columns` array and a query, not a copy of the last screen.
// 1. Sorting is the server's (manualSorting): the caller owns `sorting` and puts it in its query's input;
//    a sortable header is a button inside its <th>, and the sorted one says so with aria-sort.
// 2. Paging is the server's cursor: the table shows the rows loaded so far ("n rows shown") and a "Load
//    more" button asks the caller for the next page. Table's own pagination counts pages by index, which a
//    cursor cannot jump to, so it is not used.
// 3. "Columns" (a button opening labelled checkboxes) hides and shows columns; `filters` is a slot above
//    the table for the list's own filters (dashboard/list-filters.tsx).
// 4. The table (data-table-view.tsx, about 10 KB gzipped with TanStack Table) is loaded apart: the list
//    pages that also carry the form layer would pass their 150 KB first-load budget with it. Its import
//    starts with the page's code, beside the page's own queries; the filters show at once.
import type { RowData } from "@tanstack/react-table";
import { lazy, Suspense } from "react";

import type { DataTableProps } from "./data-table-types";

export type { RowData } from "@tanstack/react-table";
export type { Column, DataTableProps, SortingState } from "./data-table-types";

// the table's code starts loading with the page that lists something, beside the page's own queries
const loadView = () => import("./data-table-view");
void loadView();
const DataTableView = lazy(loadView);

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  return (
    <div className={props.className}>
      {props.filters}
      <Suspense
        fallback={<p className="py-6 text-center text-sm text-slate-500">Loading {props.label.toLowerCase()}…</p>}
      >
        <DataTableView {...(props as DataTableProps<RowData>)} />
      </Suspense>
    </div>
  );
}
