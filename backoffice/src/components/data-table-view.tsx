// The table itself (data-table.tsx loads it when a list first renders, so TanStack Table stays out of the
// pages' first load): TanStack Table with its sorting and column-visibility features.
import {
  type ColumnDef,
  columnVisibilityFeature,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from "@tanstack/react-table";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { Column, DataTableProps } from "./data-table-types";

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });
const noSorting: SortingState = [];

export default function DataTableView<T extends RowData>({
  columns,
  rows,
  rowKey,
  empty,
  label,
  sorting,
  onSortingChange,
  more,
  columnsMenu = columns.length >= 5,
  stacked = false,
  rowTestId,
  scrollRegion = false,
}: Omit<DataTableProps<T>, "filters" | "className">) {
  const [columnVisibility, setColumnVisibility] = useState<Record<string, boolean>>({});
  const defs = useMemo(
    () =>
      columns.map(
        (c): ColumnDef<typeof features, T, unknown> => ({
          id: c.id ?? c.header,
          accessorFn: (row) => row,
          header: c.header,
          cell: (context) => c.cell(context.row.original),
          enableSorting: Boolean(c.sortable && onSortingChange),
          enableHiding: c.hideable !== false,
          sortDescFirst: c.sortDescFirst ?? false,
          meta: c,
        }),
      ),
    [columns, onSortingChange],
  );
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row) => String(rowKey(row)),
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting: sorting ?? noSorting, columnVisibility },
    onSortingChange: (updater: Updater<SortingState>) =>
      onSortingChange?.(typeof updater === "function" ? updater(sorting ?? noSorting) : updater),
    onColumnVisibilityChange: setColumnVisibility,
  });
  const shown = more ? (
    <p className="text-sm text-slate-600" aria-live="polite">
      {rows.length} {rows.length === 1 ? "row" : "rows"} shown{more.hasMore ? " (more to load)" : ""}
    </p>
  ) : null;

  return (
    <>
      {(shown || columnsMenu) && (
        <div className="mb-2 flex items-center justify-between gap-3">
          {shown ?? <span />}
          {columnsMenu && (
            <ColumnsMenu
              label={label}
              columns={table
                .getAllLeafColumns()
                .filter((column) => column.getCanHide())
                .map((column) => ({
                  id: column.id,
                  header: String(column.columnDef.header),
                  visible: column.getIsVisible(),
                  toggle: (visible: boolean) => column.toggleVisibility(visible),
                }))}
            />
          )}
        </div>
      )}
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <div
          className="table-wrap"
          {...(scrollRegion ? { role: "region", "aria-label": `${label} (scrolls sideways)`, tabIndex: 0 } : {})}
        >
          <table className={stacked ? "data-table stack-table" : "data-table"} aria-label={label}>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const column = header.column;
                    const meta = column.columnDef.meta as Column<T>;
                    const sorted = column.getIsSorted();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className={meta.numeric ? "text-right" : undefined}
                        aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                        data-sortable={column.getCanSort() ? "" : undefined}
                      >
                        {column.getCanSort() ? (
                          <button
                            type="button"
                            className="sort-button"
                            onClick={column.getToggleSortingHandler()}
                            title={`Sort by ${meta.header}`}
                          >
                            {meta.header}
                            <span aria-hidden="true" className={sorted ? "text-slate-900" : "text-slate-400"}>
                              {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                            </span>
                          </button>
                        ) : (
                          meta.header
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} data-testid={rowTestId?.(row.original)}>
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta as Column<T>;
                    const classes = [
                      meta.numeric ? "text-right tabular-nums" : "",
                      meta.stack === "title" ? "stack-title" : meta.stack === "first" ? "stack-first" : "",
                      meta.className ?? "",
                    ]
                      .filter(Boolean)
                      .join(" ");
                    return (
                      <td
                        key={cell.id}
                        className={classes || undefined}
                        data-label={stacked && meta.stack !== "title" ? meta.header : undefined}
                      >
                        {meta.cell(row.original)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more?.hasMore && (
        <div className="mt-3 flex justify-center">
          <button type="button" className="btn-secondary" onClick={more.onMore} disabled={more.loading}>
            {more.loading ? "Loading…" : "Load more"}
          </button>
        </div>
      )}
    </>
  );
}

/** A button opening a list of labelled checkboxes, one a column; Escape or a click outside closes it. */
function ColumnsMenu({
  label,
  columns,
}: {
  label: string;
  columns: { id: string; header: string; visible: boolean; toggle: (visible: boolean) => void }[];
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("mousedown", outside);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("mousedown", outside);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);
  const visibleCount = columns.filter((c) => c.visible).length;

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn-secondary py-1"
        aria-expanded={open}
        aria-controls={id}
        aria-describedby={`${id}-table`}
        onClick={() => setOpen((o) => !o)}
      >
        Columns
      </button>
      {/* which table, as a description: the button's name stays "Columns" beside the page's own buttons */}
      <span id={`${id}-table`} hidden>
        {label}
      </span>
      <fieldset
        id={id}
        hidden={!open}
        className="absolute right-0 z-20 mt-1 w-56 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
      >
        <legend className="sr-only">Columns shown in {label}</legend>
        {columns.map((c) => (
          <label key={c.id} className="flex items-center gap-2 py-1 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={c.visible}
              // the last visible column stays: a table with no column says nothing
              disabled={c.visible && visibleCount === 1}
              onChange={(e) => c.toggle(e.target.checked)}
            />
            {c.header}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
