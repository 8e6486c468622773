import { ORDER_STATUSES } from "@ch/api/contracts/constants";
import { ORDER_STAGE_LABELS, type OrderStage, staffMoves } from "@ch/api/contracts/stages";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { EmptyState, LoadError } from "../../components/card";
import { badgeClass, formatDate, formatUsd, statusLabel } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { ListFilters, listParams } from "./list-filters";
import { OrderDetailsDialog } from "./order-details-dialog";
import { STATS_REFRESH_MS } from "./refresh";
import { useStatusMutations } from "./use-status-mutations";

/** `openId`: the order whose details are open (the page's ?order=, so a link can open one). */
export function OrdersTab({ openId, onOpen }: { openId: number | null; onOpen: (id: number | null) => void }) {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const deferredQ = useDeferredValue(q);
  const params = listParams(deferredQ, status);
  const orders = useQuery({
    ...trpc.orders.list.queryOptions(params.input),
    placeholderData: keepPreviousData,
    refetchInterval: STATS_REFRESH_MS,
  });
  const { stageMove } = useStatusMutations();

  return (
    <section aria-labelledby="orders-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="orders-heading" className="mb-4 text-base font-semibold text-slate-900">
        Orders
      </h2>
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
      {orders.error && <LoadError message={errorMessage(orders.error, "Orders could not be loaded.")} />}
      {orders.data && orders.data.length === 0 && <EmptyState>No orders match.</EmptyState>}
      {orders.data && orders.data.length > 0 && (
        <div className="table-wrap">
          <table className="data-table stack-table">
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Product</th>
                <th scope="col">Amount</th>
                <th scope="col">Stage</th>
                <th scope="col">Payment</th>
                <th scope="col">Date</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((o) => (
                <tr key={o.id} data-testid={`order-row-${o.orderNumber}`}>
                  <td className="stack-title">
                    <div className="font-medium text-slate-900">{o.customerName}</div>
                    <div className="text-xs text-slate-600">{o.customerEmail}</div>
                    <div className="text-xs text-slate-600">{o.orderNumber}</div>
                  </td>
                  <td data-label="Product" title={o.productName}>
                    <span className="max-w-64 truncate">{o.productName}</span>
                  </td>
                  <td data-label="Amount" className="tabular-nums">
                    {formatUsd(o.totalAmount)}
                  </td>
                  <td data-label="Stage" className="stack-first">
                    <StageMove
                      orderNumber={o.orderNumber}
                      stage={o.stage as OrderStage}
                      disabled={stageMove.isPending}
                      onMove={(stage) => stageMove.mutate({ id: o.id, stage })}
                    />
                  </td>
                  <td data-label="Payment" className="stack-first">
                    {/* the ledger's: recorded payments move it (View Details → Record a payment), never a click here */}
                    <span
                      className={`inline-block rounded-full px-2.5 py-1 text-xs font-medium capitalize ring-1 ring-inset ${badgeClass(o.paymentStatus)}`}
                      title="Follows the payments recorded"
                      data-testid="payment-status"
                    >
                      {statusLabel(o.paymentStatus)}
                    </span>
                  </td>
                  <td data-label="Date" className="whitespace-nowrap">
                    {formatDate(o.createdAt)}
                  </td>
                  <td data-label="Actions">
                    <button type="button" className="btn-secondary py-1" onClick={() => onOpen(o.id)}>
                      View Details<span className="sr-only"> of order {o.orderNumber}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
