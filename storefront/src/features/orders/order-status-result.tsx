// One order as the customer sees it: its status, what is paid, the payment panel, the build stages and
// the figures. The order-status page and the portal's project page show it.
import type { OrderReceiptDto } from "@ch/contracts/orders";
import { DetailRow, TitledSection } from "../../components/ui";
import { formatDate } from "../../lib/format";
import { paidInFull } from "./amount-due";
import { OrderStages } from "./order-stages";
import { OrderFigures, orderStatusText, paymentLabel, statusLabel } from "./order-summary";
import { PaymentPanel } from "./payment-panel";

/** The payment status as the ledger has it: paid in full, the deposit paid, part of it, or nothing yet. */
function paymentStatusText(receipt: OrderReceiptDto): string {
  const payment = receipt.payment;
  if (!payment || payment.invoices.length === 0) return statusLabel(receipt.paymentStatus);
  if (paidInFull(payment)) return "Paid";
  if (payment.invoices.find((i) => i.kind === "deposit")?.status === "paid") return "Deposit paid";
  if (payment.paid > 0) return "Partially paid";
  return statusLabel(receipt.paymentStatus);
}

/** One order's status, payment panel, stages and figures (the order-status page and the portal's project page). */
export function OrderStatusResult({
  receipt,
  email,
  refresh,
}: {
  receipt: OrderReceiptDto;
  email: string | undefined;
  refresh: () => void;
}) {
  return (
    <TitledSection
      id="status-title"
      title={
        <>
          Order <span className="font-mono">{receipt.orderNumber}</span>
        </>
      }
      className="mt-8 rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6"
      titleClassName="text-xl font-bold text-slate-900"
      data-testid="order-status-result"
    >
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <DetailRow term="Order status" valueClassName="text-lg font-semibold text-slate-900" valueTestId="order-status">
          {orderStatusText(receipt)}
        </DetailRow>
        <DetailRow
          term="Payment status"
          valueClassName="text-lg font-semibold text-slate-900"
          valueTestId="payment-status"
        >
          {paymentStatusText(receipt)}
        </DetailRow>
        <DetailRow term="Payment method">{paymentLabel(receipt.paymentMethod)}</DetailRow>
        <DetailRow term="Ordered on / estimated delivery">
          {formatDate(receipt.createdAt)} / {formatDate(receipt.estimatedDelivery)}
        </DetailRow>
      </dl>
      <PaymentPanel receipt={receipt} email={email} onSubmitted={refresh} />
      {receipt.stage && receipt.stages ? <OrderStages stage={receipt.stage} stages={receipt.stages} /> : null}
      <div className="mt-6">
        <OrderFigures receipt={receipt} />
      </div>
    </TitledSection>
  );
}
