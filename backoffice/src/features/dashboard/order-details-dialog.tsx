import { useMutation, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { StatusBadge } from "../../components/badge";
import { formatDate, formatDateTime, formatUsd } from "../../lib/format";
import { paymentMethodLabel } from "../../lib/labels";
import { trpc } from "../../lib/trpc";
import { OrderPayments } from "../payments/order-payments";
import { RecordHistory, useNoteAdded } from "./notes";
import { OrderChangeOrders } from "./order-change-orders";
import { OrderDocuments } from "./order-documents";
import { OrderMessages } from "./order-messages";
import { OrderPhotos } from "./order-photos";
import { RecordDialog } from "./record-dialog";

export function OrderDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const details = useQuery({ ...trpc.orders.details.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const addNote = useMutation(trpc.orders.addNote.mutationOptions(useNoteAdded(trpc.orders.details.pathFilter())));
  return (
    <RecordDialog
      open={id !== null}
      onClose={onClose}
      details={details}
      title={(o) => (o ? `Order ${o.orderNumber}` : "Order details")}
      loadError="The order could not be loaded."
    >
      {(o) => (
        <>
          <dl className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <InlineDetail label="Order status" value={<StatusBadge value={o.status} />} />
            <InlineDetail label="Payment" value={<StatusBadge value={o.paymentStatus} />} />
            <InlineDetail label="Placed" value={formatDateTime(o.createdAt)} />
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="font-semibold text-slate-900">Customer</h3>
              <p>{o.customerName}</p>
              <p>
                <a className="underline" href={`mailto:${o.customerEmail}`}>
                  {o.customerEmail}
                </a>
              </p>
              <p>{o.phone}</p>
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">Delivery address</h3>
              <p>{o.address}</p>
              <p>
                {o.city}, {o.state} {o.zipCode}
              </p>
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">Delivery notes</h3>
              <p className="whitespace-pre-wrap">{o.deliveryNotes || "None"}</p>
            </div>
            <div>
              <h3 className="font-semibold text-slate-900">Payment method</h3>
              <p>{paymentMethodLabel(o.paymentMethod)}</p>
              <p className="text-slate-600">Estimated delivery {formatDate(o.estimatedDelivery)}</p>
            </div>
          </div>
          <div>
            <h3 className="mb-2 font-semibold text-slate-900">Items</h3>
            {/* on a phone each line is a small card (stack-table), so no column is cut off */}
            <div className="table-wrap">
              <table className="data-table stack-table" aria-label="Items">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Unit price</th>
                    <th scope="col">Line total</th>
                  </tr>
                </thead>
                <tbody>
                  {o.lines.map((l) => (
                    <tr key={`${l.productId}-${l.name}`}>
                      <td className="stack-title font-medium">{l.name}</td>
                      <td data-label="Quantity" className="tabular-nums">
                        {l.quantity}
                      </td>
                      <td data-label="Unit price" className="tabular-nums">
                        {formatUsd(l.unitPrice)}
                      </td>
                      <td data-label="Line total" className="tabular-nums">
                        {formatUsd(l.lineTotal)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="mt-3 ml-auto grid max-w-xs grid-cols-2 gap-1 tabular-nums">
              <dt className="text-slate-600">Subtotal</dt>
              <dd className="text-right">{formatUsd(o.subtotal)}</dd>
              <dt className="text-slate-600">Tax</dt>
              <dd className="text-right">{formatUsd(o.tax)}</dd>
              <dt className="text-slate-600">Shipping</dt>
              <dd className="text-right">{formatUsd(o.shipping)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{formatUsd(o.totalAmount)}</dd>
            </dl>
          </div>
          <OrderPayments orderId={o.id} />
          <OrderChangeOrders orderId={o.id} stage={o.stage} />
          <OrderDocuments orderId={o.id} />
          <OrderPhotos orderId={o.id} stage={o.stage} />
          <OrderMessages orderId={o.id} />
          <RecordHistory record={o} addNote={addNote} />
        </>
      )}
    </RecordDialog>
  );
}

function InlineDetail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
