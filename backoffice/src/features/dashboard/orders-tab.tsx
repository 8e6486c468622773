import { ORDER_STATUSES, PAYMENT_STATUSES } from "@ch/api/contracts/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { EmptyState, LoadError } from "../../components/card";
import { StatusSelect } from "../../components/status-select";
import { formatDate, formatUsd } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { ListFilters, listParams } from "./list-filters";
import { OrderDetailsDialog } from "./order-details-dialog";
import { STATS_REFRESH_MS } from "./refresh";
import { useStatusMutations } from "./use-status-mutations";

export function OrdersTab() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const deferredQ = useDeferredValue(q);
  const params = listParams(deferredQ, status);
  const orders = useQuery({
    ...trpc.orders.list.queryOptions(params.input),
    placeholderData: keepPreviousData,
    refetchInterval: STATS_REFRESH_MS,
  });
  const { orderStatus, paymentStatus } = useStatusMutations();
  const [openId, setOpenId] = useState<number | null>(null);

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
                <th scope="col">Order Status</th>
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
                  <td data-label="Order status" className="stack-first">
                    <StatusSelect
                      label={`Order status for ${o.orderNumber}`}
                      value={o.status}
                      options={ORDER_STATUSES}
                      disabled={orderStatus.isPending}
                      onChange={(value) =>
                        orderStatus.mutate({ id: o.id, status: value as (typeof ORDER_STATUSES)[number] })
                      }
                    />
                  </td>
                  <td data-label="Payment" className="stack-first">
                    <StatusSelect
                      label={`Payment status for ${o.orderNumber}`}
                      value={o.paymentStatus}
                      options={PAYMENT_STATUSES}
                      disabled={paymentStatus.isPending}
                      onChange={(value) =>
                        paymentStatus.mutate({ id: o.id, paymentStatus: value as (typeof PAYMENT_STATUSES)[number] })
                      }
                    />
                  </td>
                  <td data-label="Date" className="whitespace-nowrap">
                    {formatDate(o.createdAt)}
                  </td>
                  <td data-label="Actions">
                    <button type="button" className="btn-secondary py-1" onClick={() => setOpenId(o.id)}>
                      View Details<span className="sr-only"> of order {o.orderNumber}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <OrderDetailsDialog id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
