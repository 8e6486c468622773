import { useMutation, useQuery } from "@tanstack/react-query";
import { StatusBadge } from "../../components/badge";
import { LoadError } from "../../components/card";
import { Dialog } from "../../components/dialog";
import { formatDate, formatDateTime, formatUsd } from "../../lib/format";
import { paymentMethodLabel } from "../../lib/labels";
import { useFailureToast, useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import { OrderPayments } from "../payments/order-payments";
import { Notes, Timeline } from "./notes";

export function OrderDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const details = useQuery({ ...trpc.orders.details.queryOptions({ id: id ?? 0 }), enabled: id !== null });
  const addNote = useMutation(
    trpc.orders.addNote.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.orders.details.pathFilter());
        await queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
        toast({ title: "Note Added", description: "The internal note was saved." });
      },
      onError: failed("Note Not Saved", "The note was not saved"),
    }),
  );
  const o = details.data;
  return (
    <Dialog open={id !== null} onClose={onClose} title={o ? `Order ${o.orderNumber}` : "Order details"} wide>
      {details.error && <LoadError message={errorMessage(details.error, "The order could not be loaded.")} />}
      {!o && !details.error && <p className="text-sm text-slate-600">Loading…</p>}
      {o && (
        <div className="space-y-6 text-sm">
          <dl className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <div className="flex items-center gap-2">
              <dt className="text-slate-600">Order status</dt>
              <dd>
                <StatusBadge value={o.status} />
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-slate-600">Payment</dt>
              <dd>
                <StatusBadge value={o.paymentStatus} />
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-slate-600">Placed</dt>
              <dd>{formatDateTime(o.createdAt)}</dd>
            </div>
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
          <div>
            <h3 className="mb-2 font-semibold text-slate-900">Timeline</h3>
            <Timeline created={o.createdAt} entries={o.timeline.filter((e) => !e.action.endsWith(".note"))} />
          </div>
          <div>
            <h3 className="mb-2 font-semibold text-slate-900">Internal notes</h3>
            <Notes
              notes={o.notes}
              pending={addNote.isPending}
              onAdd={(body) => addNote.mutateAsync({ id: o.id, body })}
            />
          </div>
        </div>
      )}
    </Dialog>
  );
}
