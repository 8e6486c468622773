// The data table's props, apart from the table (data-table.tsx loads data-table-view.tsx lazily, and both
// read these types).
import type { SortingState } from "@tanstack/react-table";
import type { ReactNode } from "react";

export type { SortingState };

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** The column's id (its sort key for the server, its entry in the Columns menu); the header by default. */
  id?: string;
  /** The server can sort by this column's id. */
  sortable?: boolean;
  /** The first click sorts descending (dates and amounts: newest, largest first). */
  sortDescFirst?: boolean;
  /** Always shown: not offered in the Columns menu (the row's name, its actions). */
  hideable?: false;
  /** On phones (stacked tables): the card's title, or a line shown right after it. */
  stack?: "title" | "first";
  /** Extra classes of the column's cells. */
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: string;
  /** The table's accessible name. */
  label: string;
  /** The server's sort (one column), with its setter; without them no header sorts. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** The cursor paging: whether another page follows, whether it is loading, and how to load it. */
  more?: { hasMore: boolean; loading: boolean; onMore: () => void };
  /** The list's filters, above the table. */
  filters?: ReactNode;
  /** The Columns menu (by default on tables of five columns or more). */
  columnsMenu?: boolean;
  /** Phones get one card per row (styles.css .stack-table). */
  stacked?: boolean;
  rowTestId?: (row: T) => string;
  /** Lets a keyboard reach the table's sideways scroll when no cell holds a control (axe scrollable-region-focusable). */
  scrollRegion?: boolean;
  /** Classes of the outer block (e.g. shown only on wide screens). */
  className?: string;
}
