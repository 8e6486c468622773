import type { AdminOrderDto, AdminOrderSort } from "@ch/contracts/admin";
import { ORDER_STATUSES } from "@ch/contracts/constants";
import { ORDER_STAGE_LABELS, type OrderStage, staffMoves } from "@ch/contracts/stages";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { Column } from "../../components/data-table";
import { badgeClass, formatUsd, statusLabel } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { ListTable, PAGED, useListState } from "./list-table";
import { OrderDetailsDialog } from "./order-details-dialog";
import { useStatusMutations } from "./use-status-mutations";

/** `openId`: the order whose details are open (the page's ?order=, so a link can open one). */
export function OrdersTab({ openId, onOpen }: { openId: number | null; onOpen: (id: number | null) => void }) {
  const list = useListState<AdminOrderSort>();
  const orders = useInfiniteQuery({
    ...trpc.orders.list.infiniteQueryOptions(list.input, PAGED.next),
    ...PAGED.query,
  });
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
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{o.customerName}</span>
            <UnreadBadge count={o.unreadMessages ?? 0} />
          </div>
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
  ];

  return (
    <ListTable
      label="Orders"
      list={list}
      query={orders}
      columns={columns}
      view={{ label: "View Details", name: (o) => `of order ${o.orderNumber}`, onOpen }}
      rowTestId={(o) => `order-row-${o.orderNumber}`}
      statuses={ORDER_STATUSES}
    >
      <OrderDetailsDialog id={openId} onClose={() => onOpen(null)} />
    </ListTable>
  );
}

/** The customer's messages staff have not read yet ("2 new"); nothing when there are none. */
function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset"
      title={`${count} unread message${count === 1 ? "" : "s"} from the customer`}
      data-testid="unread-messages"
    >
      {count} new<span className="sr-only"> message{count === 1 ? "" : "s"}</span>
    </span>
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
