import type { OrderReceiptDto } from "@ch/contracts/orders";
import { ORDER_STAGE_LABELS, type OrderStage } from "@ch/contracts/stages";
import { DetailRow, TableHead } from "../../components/ui";
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
      <TableHead columns={LINE_COLUMNS} rowClassName="border-b border-slate-200 text-left text-slate-600" />
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

const LINE_COLUMNS = [
  ["Item", "py-2 font-medium"],
  ["Qty", "py-2 pl-3 text-right font-medium"],
  ["Amount", "py-2 pl-4 text-right font-medium"],
] as const;

/** The tax: the pricing engine's lines per tax class, or an older order's single figure. */
function TaxRows({ receipt }: { receipt: OrderReceiptDto }) {
  return receipt.taxLines && receipt.taxLines.length > 0 ? (
    // the pricing engine's tax per class, each with its named rate
    receipt.taxLines.map((line) => (
      <DetailRow key={`${line.taxClass}-${line.label}`} term={line.label} className="flex justify-between gap-3">
        {formatAmount(line.tax)}
      </DetailRow>
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
  const invoiced = Boolean(receipt.payment && receipt.payment.invoices.length > 0);
  // receipts kept by browsers before deposits were recorded have no split
  const split = typeof receipt.amountDueNow === "number" && typeof receipt.balanceOnDelivery === "number";
  if (!invoiced && !split) return null;
  return (
    <>
      {invoiced ? (
        <DetailRow
          term={<>Deposit ({receipt.depositPercent}%)</>}
          className="flex justify-between"
          valueTestId="order-deposit"
        >
          {formatAmount(receipt.amountDueNow)}
        </DetailRow>
      ) : (
        <DetailRow
          term={<>Due now ({receipt.depositPercent}% deposit)</>}
          className="flex justify-between font-semibold"
          emphasis
          valueTestId="order-due-now"
        >
          {formatAmount(receipt.amountDueNow)}
        </DetailRow>
      )}
      <DetailRow
        term={invoiced ? "Balance on delivery" : "Balance due on delivery"}
        className="flex justify-between"
        valueTestId="order-balance"
      >
        {formatAmount(receipt.balanceOnDelivery)}
      </DetailRow>
    </>
  );
}

/** The order's lines and the server's figures. */
export function OrderFigures({ receipt }: { receipt: OrderReceiptDto }) {
  return (
    <>
      <OrderLinesTable lines={receipt.lines} />
      <dl className="mt-4 space-y-2 text-sm">
        {/* the lines' sum, then an accepted proposal's discount, delivery and the tax on what is left, as on
            the proposal and the checkout: subtotal − discount + delivery + tax = total */}
        <DetailRow term="Subtotal" className="flex justify-between" valueTestId="order-subtotal">
          {formatAmount(receipt.subtotal)}
        </DetailRow>
        {receipt.discount ? (
          <DetailRow term="Discount" className="flex justify-between" valueTestId="order-discount">
            −{formatAmount(receipt.discount)}
          </DetailRow>
        ) : null}
        <DetailRow
          term={<>Shipping & Delivery{receipt.deliveryLabel ? ` (${receipt.deliveryLabel})` : ""}</>}
          className="flex justify-between gap-3"
        >
          {formatAmount(receipt.shipping)}
        </DetailRow>
        <TaxRows receipt={receipt} />
        <DetailRow
          term="Total"
          className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold"
          emphasis
          valueTestId="order-total"
        >
          {formatAmount(receipt.totalAmount)}
        </DetailRow>
        {/* the invoices' schedule; what is due now is the payment panel's (AmountDue), read from the ledger */}
        <PaymentSplitRows receipt={receipt} />
      </dl>
    </>
  );
}
