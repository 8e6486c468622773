import type { AdminOrderDto, AdminOrderSort } from "@ch/api/contracts/admin";
import { ORDER_STATUSES } from "@ch/api/contracts/constants";
import { ORDER_STAGE_LABELS, type OrderStage, staffMoves } from "@ch/api/contracts/stages";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { LoadError } from "../../components/card";
import { type Column, DataTable, type SortingState } from "../../components/data-table";
import { badgeClass, formatDate, formatUsd, statusLabel } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { LIST_PAGE_SIZE, ListFilters, listParams } from "./list-filters";
import { OrderDetailsDialog } from "./order-details-dialog";
import { STATS_REFRESH_MS } from "./refresh";
import { useStatusMutations } from "./use-status-mutations";

const NEWEST_FIRST: SortingState = [{ id: "createdAt", desc: true }];

/** `openId`: the order whose details are open (the page's ?order=, so a link can open one). */
export function OrdersTab({ openId, onOpen }: { openId: number | null; onOpen: (id: number | null) => void }) {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const [sorting, setSorting] = useState<SortingState>(NEWEST_FIRST);
  const deferredQ = useDeferredValue(q);
  const params = listParams(deferredQ, status);
  const sort = (sorting[0] ?? NEWEST_FIRST[0]) as AdminOrderSort;
  const orders = useInfiniteQuery({
    ...trpc.orders.list.infiniteQueryOptions(
      { ...params.input, sort, limit: LIST_PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
    placeholderData: keepPreviousData,
    refetchInterval: STATS_REFRESH_MS,
  });
  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const { stageMove } = useStatusMutations();

  const columns: Column<AdminOrderDto>[] = [
    {
      id: "customerName",
      header: "Customer",
      sortable: true,
      hideable: false,
      stack: "title",
      cell: (o) => (
        <>
          <div className="font-medium text-slate-900">{o.customerName}</div>
          <div className="text-xs text-slate-600">{o.customerEmail}</div>
          <div className="text-xs text-slate-600">{o.orderNumber}</div>
        </>
      ),
    },
    {
      header: "Product",
      cell: (o) => (
        <span className="max-w-64 truncate" title={o.productName}>
          {o.productName}
        </span>
      ),
    },
    {
      id: "totalAmount",
      header: "Amount",
      sortable: true,
      sortDescFirst: true,
      className: "tabular-nums",
      cell: (o) => formatUsd(o.totalAmount),
    },
    {
      header: "Stage",
      stack: "first",
      cell: (o) => (
        <StageMove
          orderNumber={o.orderNumber}
          stage={o.stage as OrderStage}
          disabled={stageMove.isPending}
          onMove={(stage) => stageMove.mutate({ id: o.id, stage })}
        />
      ),
    },
    {
      header: "Payment",
      stack: "first",
      // the ledger's: recorded payments move it (View Details → Record a payment), never a click here
      cell: (o) => (
        <span
          className={`inline-block rounded-full px-2.5 py-1 text-xs font-medium capitalize ring-1 ring-inset ${badgeClass(o.paymentStatus)}`}
          title="Follows the payments recorded"
          data-testid="payment-status"
        >
          {statusLabel(o.paymentStatus)}
        </span>
      ),
    },
    {
      id: "createdAt",
      header: "Date",
      sortable: true,
      sortDescFirst: true,
      className: "whitespace-nowrap",
      cell: (o) => formatDate(o.createdAt),
    },
    {
      header: "Actions",
      hideable: false,
      cell: (o) => (
        <button type="button" className="btn-secondary py-1" onClick={() => onOpen(o.id)}>
          View Details<span className="sr-only"> of order {o.orderNumber}</span>
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="orders-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="orders-heading" className="mb-4 text-base font-semibold text-slate-900">
        Orders
      </h2>
      {orders.error && <LoadError message={errorMessage(orders.error, "Orders could not be loaded.")} />}
      <DataTable
        label="Orders"
        columns={columns}
        rows={rows}
        rowKey={(o) => o.id}
        rowTestId={(o) => `order-row-${o.orderNumber}`}
        empty={orders.isPending ? "Loading orders…" : "No orders match."}
        stacked
        sorting={sorting}
        onSortingChange={setSorting}
        more={{
          hasMore: orders.hasNextPage,
          loading: orders.isFetchingNextPage,
          onMore: () => void orders.fetchNextPage(),
        }}
        filters={
          <ListFilters
            idPrefix="orders"
            searchLabel="Search orders"
            q={q}
            status={status}
            statuses={ORDER_STATUSES}
            onQ={setQ}
            onStatus={setStatus}
            exportHref={`/api/admin/orders.csv${params.search}`}
          />
        }
      />
      <OrderDetailsDialog id={openId} onClose={() => onOpen(null)} />
    </section>
  );
}

/**
 * The order's stage and the moves staff may make from it (the stages table, as on the pipeline board);
 * cancelling needs a reason and is done there or in the order's details.
 */
function StageMove({
  orderNumber,
  stage,
  disabled,
  onMove,
}: {
  orderNumber: string;
  stage: OrderStage;
  disabled: boolean;
  onMove: (stage: OrderStage) => void;
}) {
  const moves = staffMoves(stage).filter((to) => to !== "cancelled");
  if (moves.length === 0) {
    return (
      <span
        className={`inline-block rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${badgeClass(stage)}`}
      >
        {ORDER_STAGE_LABELS[stage] ?? stage}
      </span>
    );
  }
  return (
    <label className="inline-block">
      <span className="sr-only">Stage of {orderNumber}</span>
      <select
        value={stage}
        disabled={disabled}
        onChange={(e) => onMove(e.target.value as OrderStage)}
        className={`cursor-pointer rounded-full border-0 py-1 pr-7 pl-2.5 text-xs font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-700 disabled:opacity-60 ${badgeClass(stage)}`}
      >
        <option value={stage} className="bg-white text-slate-900">
          {ORDER_STAGE_LABELS[stage] ?? stage}
        </option>
        {moves.map((to) => (
          <option key={to} value={to} className="bg-white text-slate-900">
            → {ORDER_STAGE_LABELS[to]}
          </option>
        ))}
      </select>
    </label>
  );
}
