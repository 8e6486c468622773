// What the customer owes and has paid: what is due now (AmountDue: the next invoice's outstanding amount,
// its exact USDT amount with the wallet and a QR code of that amount, or its bank reference), the order's
// invoices (its payment schedule's milestones) with their payment references and statuses, the payments recorded or waiting
// for verification, and (with the order's e-mail) a form to submit a transaction hash.
import type { OrderReceiptDto } from "@ch/contracts/orders";
import type { SubmitPaymentAnswer } from "@ch/contracts/payments";
import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { buttonClass, FormMessage, TableHead, TextField, TitledSection } from "../../components/ui";
import { formErrors, useFormFields } from "../../lib/form-errors";
import { formatAmount, formatDate } from "../../lib/format";
import { trpcClient } from "../../lib/trpc";
import { AmountDue, dueText, invoiceToPay } from "./amount-due";
import { statusLabel } from "./order-summary";

type Payment = NonNullable<OrderReceiptDto["payment"]>;

/** The order's invoices (one per milestone) with their references, when each falls due, progress and status. */
function InvoiceTable({ invoices }: { invoices: Payment["invoices"] }) {
  return (
    <table className="mt-5 w-full text-sm">
      <caption className="sr-only">Invoices</caption>
      <TableHead columns={INVOICE_COLUMNS} rowClassName="border-b border-slate-200 text-left text-slate-600" />
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.reference} className="border-b border-slate-100" data-testid={`invoice-${invoice.kind}`}>
            <td className="py-2 pr-2">
              {invoice.label} ({dueText(invoice)})
              <span className="block font-mono text-xs text-slate-600">Reference {invoice.reference}</span>
            </td>
            <td className="py-2 text-right whitespace-nowrap">
              {formatAmount(invoice.amount)}
              {invoice.paid > 0 && invoice.outstanding > 0 ? (
                <span
                  className="block text-xs whitespace-normal text-slate-600"
                  data-testid={`invoice-${invoice.kind}-progress`}
                >
                  {formatAmount(invoice.paid)} received, {formatAmount(invoice.outstanding)} left
                </span>
              ) : null}
            </td>
            <td className="py-2 pl-2 text-right sm:pl-3" data-testid={`invoice-${invoice.kind}-status`}>
              {statusLabel(invoice.status)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const INVOICE_COLUMNS = [
  ["Invoice", "py-2 font-medium"],
  ["Amount", "py-2 text-right font-medium"],
  ["Status", "py-2 pl-3 text-right font-medium"],
] as const;

/** The payments recorded or waiting for verification. */
function PaymentsList({ payments }: { payments: Payment["payments"] }) {
  return (
    <>
      <h4 className="mt-5 font-semibold text-slate-900">Payments</h4>
      <ul className="mt-2 space-y-1 text-sm" data-testid="payments-list">
        {payments.map((p) => (
          <li key={p.id} className="flex flex-wrap justify-between gap-2">
            <span>
              {p.receivedAt ? formatDate(p.receivedAt) : formatDate(p.createdAt)} ·{" "}
              {p.method === "usdt" ? "USDT" : "Bank transfer"}
              {p.txHash ? (
                <span className="ml-1 font-mono text-xs break-all text-slate-600">{p.txHash.slice(0, 12)}…</span>
              ) : null}
            </span>
            <span>
              {p.status === "pending_verification" ? "Waiting for verification" : formatAmount(p.amount)}
              {p.flags.includes("partial") ? " (partial)" : ""}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function PaymentPanel({
  receipt,
  email,
  onSubmitted,
}: {
  receipt: OrderReceiptDto;
  /** With the order's e-mail (the order-status page), the customer may submit a USDT transaction hash. */
  email?: string | undefined;
  onSubmitted?: () => void;
}) {
  const payment = receipt.payment;
  if (!payment || payment.invoices.length === 0) return null;
  const toPay = invoiceToPay(payment);
  const wallet = payment.usdtWalletAddress;
  return (
    <TitledSection
      id="payment-title"
      title="Payment"
      heading="h3"
      className="mt-6 rounded-2xl border border-slate-200 p-3 sm:p-6"
      titleClassName="mb-3 text-lg font-bold text-slate-900"
      data-testid="payment-panel"
    >
      <AmountDue
        paymentMethod={receipt.paymentMethod}
        payment={payment}
        stage={receipt.stage}
        depositPercent={receipt.depositPercent}
      />
      <InvoiceTable invoices={payment.invoices} />

      {payment.payments.length > 0 ? <PaymentsList payments={payment.payments} /> : null}
      <p className="mt-4 text-sm font-semibold text-slate-900">
        Paid <span data-testid="payment-paid">{formatAmount(payment.paid)}</span> · Outstanding{" "}
        <span data-testid="payment-outstanding">{formatAmount(payment.outstanding)}</span>
      </p>
      {/* a bank transfer is matched by its reference: the hash form is for USDT orders only */}
      {email && wallet && toPay && receipt.paymentMethod === "usdt" ? (
        <HashForm orderNumber={receipt.orderNumber} email={email} onSubmitted={onSubmitted} />
      ) : null}
    </TitledSection>
  );
}

/** How each answer to a submitted hash looks; the words are the server's `message` for that status. */
const SUBMITTED: Record<SubmitPaymentAnswer["status"], { tone: string; fallback: string }> = {
  recorded: { tone: "bg-green-50 text-green-800", fallback: "Thank you: your payment is recorded." },
  pending_verification: {
    tone: "bg-slate-100 text-slate-800",
    fallback: "We check this transaction again until the network confirms it.",
  },
  in_review: {
    tone: "bg-amber-50 text-amber-900",
    fallback: "This transfer does not match the amount we asked for: our team reviews it and contacts you.",
  },
};

function HashForm({
  orderNumber,
  email,
  onSubmitted,
}: {
  orderNumber: string;
  email: string;
  onSubmitted?: (() => void) | undefined;
}) {
  const { values, field, errors, setErrors, clear } = useFormFields({ txHash: "" });
  const hash = values.txHash;
  const submit = useMutation({
    mutationFn: (txHash: string) =>
      trpcClient.payments.submitHash.mutate({ orderNumber, email, method: "usdt", txHash }),
    onSuccess: () => {
      clear();
      onSubmitted?.();
    },
    onError: (error) =>
      setErrors(formErrors(error, ["txHash"], "We couldn't check that transaction right now. Please try again.")),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!hash.trim()) return setErrors({ fields: { txHash: "Please enter the transaction hash." }, message: null });
    submit.mutate(hash.trim());
  };
  return (
    <form onSubmit={onSubmit} className="mt-5 border-t border-slate-200 pt-4" noValidate>
      <p className="text-sm text-slate-700">
        Paid already, or sent a different amount (an exchange may keep a fee)? Enter the transaction hash and we check
        it on the TRON network.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField label="Transaction hash" {...field("txHash")} autoComplete="off" />
        </div>
        <button type="submit" className={`${buttonClass.primary} sm:mt-6`} disabled={submit.isPending}>
          {submit.isPending ? "Checking..." : "Submit"}
        </button>
      </div>
      <FormMessage message={errors.message} className="mt-2" />
      {submit.data ? (
        <p
          role="status"
          className={`mt-2 rounded-lg p-2 text-sm ${SUBMITTED[submit.data.status].tone}`}
          data-testid="hash-answer"
          data-status={submit.data.status}
        >
          {submit.data.message || SUBMITTED[submit.data.status].fallback}
        </p>
      ) : null}
    </form>
  );
}
