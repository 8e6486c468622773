// An order's money as read: its invoices, how recorded payments settle them, and the views of it.
export type { PlannedInvoice } from "./invoices";
export {
  createInvoicesForOrder,
  invoiceDueText,
  markInvoicesDue,
  planInvoices,
  reachedMilestones,
  taggedUsdtAmount,
} from "./invoices";
export { ledger } from "./ledger";
export {
  adminPaymentDto,
  getAdminOrderPayments,
  getOrderPayments,
  orderFullyPaid,
  paymentDto,
  receiptPayment,
} from "./order-payments";
