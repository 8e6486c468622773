import type { OrderReceiptDto } from "@ch/api/contracts/orders";
import { ORDER_STAGE_LABELS, type OrderStage } from "@ch/api/contracts/stages";
import { capitalize, formatAmount } from "../../lib/format";

export const statusLabel = (status: string): string => capitalize(status.replace(/_/g, " "));

/** The order's status as the customer reads it: its build stage when it has one, else the legacy status. */
export const orderStatusText = (receipt: Pick<OrderReceiptDto, "stage" | "status">): string =>
  (receipt.stage && ORDER_STAGE_LABELS[receipt.stage as OrderStage]) || statusLabel(receipt.status);
export const paymentLabel = (method: string): string => (method === "usdt" ? "USDT (TRC20)" : "Bank Transfer");

/** The items ordered: name, unit price, quantity and amount. */
function OrderLinesTable({ lines }: { lines: OrderReceiptDto["lines"] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Items ordered</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600">
          <th scope="col" className="py-2 font-medium">
            Item
          </th>
          <th scope="col" className="py-2 pl-3 text-right font-medium">
            Qty
          </th>
          <th scope="col" className="py-2 pl-4 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          // option and custom lines of a proposal's order share product id 0
          <tr key={`${line.productId}-${index}`} className="border-b border-slate-100">
            <td className="py-2 pr-2">
              {line.name}
              <span className="block text-xs text-slate-600">{formatAmount(line.unitPrice)} each</span>
            </td>
            <td className="py-2 pl-3 text-right">{line.quantity}</td>
            <td className="py-2 pl-4 text-right whitespace-nowrap">{formatAmount(line.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The tax: the pricing engine's lines per tax class, or an older order's single figure. */
function TaxRows({ receipt }: { receipt: OrderReceiptDto }) {
  return receipt.taxLines && receipt.taxLines.length > 0 ? (
    // the pricing engine's tax per class, each with its named rate
    receipt.taxLines.map((line) => (
      <div key={`${line.taxClass}-${line.label}`} className="flex justify-between gap-3">
        <dt className="text-slate-600">{line.label}</dt>
        <dd>{formatAmount(line.tax)}</dd>
      </div>
    ))
  ) : (
    <div className="flex justify-between">
      {/* older catalog orders were taxed at 8 %; an accepted proposal carries its delivery state's rate */}
      <dt className="text-slate-600">
        {Math.round(receipt.subtotal * 8) === Math.round(receipt.tax * 100) ? "Tax (8%)" : "Sales tax"}
      </dt>
      <dd>{formatAmount(receipt.tax)}</dd>
    </div>
  );
}

/** The deposit and the balance: the invoices' schedule, or the split of a receipt kept before invoices. */
function PaymentSplitRows({ receipt }: { receipt: OrderReceiptDto }) {
  return receipt.payment && receipt.payment.invoices.length > 0 ? (
    <>
      <div className="flex justify-between">
        <dt className="text-slate-600">Deposit ({receipt.depositPercent}%)</dt>
        <dd data-testid="order-deposit">{formatAmount(receipt.amountDueNow)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-slate-600">Balance on delivery</dt>
        <dd data-testid="order-balance">{formatAmount(receipt.balanceOnDelivery)}</dd>
      </div>
    </>
  ) : // receipts kept by browsers before deposits were recorded have no split
  typeof receipt.amountDueNow === "number" && typeof receipt.balanceOnDelivery === "number" ? (
    <>
      <div className="flex justify-between font-semibold">
        <dt>Due now ({receipt.depositPercent}% deposit)</dt>
        <dd data-testid="order-due-now">{formatAmount(receipt.amountDueNow)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-slate-600">Balance due on delivery</dt>
        <dd data-testid="order-balance">{formatAmount(receipt.balanceOnDelivery)}</dd>
      </div>
    </>
  ) : null;
}

/** The order's lines and the server's figures. */
export function OrderFigures({ receipt }: { receipt: OrderReceiptDto }) {
  return (
    <>
      <OrderLinesTable lines={receipt.lines} />
      <dl className="mt-4 space-y-2 text-sm">
        {/* the lines' sum, then an accepted proposal's discount, delivery and the tax on what is left, as on
            the proposal and the checkout: subtotal − discount + delivery + tax = total */}
        <div className="flex justify-between">
          <dt className="text-slate-600">Subtotal</dt>
          <dd data-testid="order-subtotal">{formatAmount(receipt.subtotal)}</dd>
        </div>
        {receipt.discount ? (
          <div className="flex justify-between">
            <dt className="text-slate-600">Discount</dt>
            <dd data-testid="order-discount">−{formatAmount(receipt.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">
            Shipping & Delivery{receipt.deliveryLabel ? ` (${receipt.deliveryLabel})` : ""}
          </dt>
          <dd>{formatAmount(receipt.shipping)}</dd>
        </div>
        <TaxRows receipt={receipt} />
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatAmount(receipt.totalAmount)}</dd>
        </div>
        {/* the invoices' schedule; what is due now is the payment panel's (AmountDue), read from the ledger */}
        <PaymentSplitRows receipt={receipt} />
      </dl>
    </>
  );
}
