// What the customer is to pay next, read from the ledger's invoices (the receipt's `payment`): the first
// invoice neither paid nor void, with its outstanding amount; for USDT the exact amount that pays it now
// (after a partial payment the ledger tags the remaining amount) with the wallet, copy buttons and a QR
// code of that amount; for a bank transfer the shop's account (the business settings) and the invoice's
// payment reference. A paid invoice is never "due"; a paid order shows no amount to send and no QR code.
// One component for the confirmation page, the order-status page and a proposal's acceptance.
import type { BankAccount, ReceiptPaymentDto } from "@ch/contracts/payments";
import { MILESTONE_DUE_LABELS } from "@ch/contracts/totals";
import { CopyButton, WalletAddress } from "../../components/copy-button";
import { CheckIcon } from "../../components/icons";
import { DetailRow } from "../../components/ui";
import { formatAmount } from "../../lib/format";
import { WalletQr } from "../checkout/wallet-qr";

export type ReceiptPayment = ReceiptPaymentDto;
type Invoice = ReceiptPayment["invoices"][number];

const settled = (invoice: Invoice) => invoice.status === "paid" || invoice.status === "void";

/** The invoice to pay next: the first one neither paid nor void with money left on it. */
export function invoiceToPay(payment: ReceiptPayment | undefined): Invoice | undefined {
  return payment?.invoices.find((i) => !settled(i) && i.outstanding > 0);
}

/** Every invoice paid (or void, at least one paid): nothing left to send. */
export function paidInFull(payment: ReceiptPayment | undefined): boolean {
  if (!payment || payment.invoices.length === 0) return false;
  return !invoiceToPay(payment) && payment.invoices.some((i) => i.status === "paid");
}

/** When an invoice falls due, in words ("on delivery", "at production start"). */
export const dueText = (invoice: Pick<Invoice, "dueOn">) => MILESTONE_DUE_LABELS[invoice.dueOn];

/**
 * What a wallet app reads from the QR code: the wallet and the exact amount (`tron:` payment URI).
 * The address and the amount are also shown with copy buttons for wallets that read addresses only.
 */
export const usdtPaymentUri = (wallet: string, usdtAmount: string) =>
  `tron:${wallet}?amount=${encodeURIComponent(usdtAmount)}`;

/**
 * How to pay by bank transfer: the shop's account (the business settings) with the invoice's reference and
 * amount, or, while the owner has not given the account, the reference and a word that the details follow
 * by e-mail (never empty fields).
 */
function BankTransfer({ amount, reference, bank }: { amount: number; reference: string; bank: BankAccount | null }) {
  const matching =
    "Include the reference with your transfer: we match it to your order and e-mail you when it is recorded.";
  if (!bank) {
    return (
      <p className="mt-3 text-sm text-slate-700" data-testid="bank-details-pending">
        Pay {formatAmount(amount)} by bank transfer with the reference{" "}
        <strong className="font-mono" data-testid="bank-reference">
          {reference}
        </strong>
        . We will e-mail you our bank details. {matching}
      </p>
    );
  }
  // [label, value, test id, a number the customer copies into their bank's form]
  const rows: [string, string, string, boolean][] = [
    ["Bank", bank.bankName, "bank-name", false],
    ["Account name", bank.accountName, "bank-account-name", false],
    ["Routing number (ABA)", bank.routingNumber, "bank-routing-number", true],
    ["Account number", bank.accountNumber, "bank-account-number", true],
  ];
  return (
    <div className="mt-4 text-sm" data-testid="bank-account">
      <p className="text-slate-800">Pay {formatAmount(amount)} by bank transfer to:</p>
      <dl className="mt-2 space-y-2">
        {rows.map(([label, value, id, number]) => (
          <DetailRow
            key={id}
            term={label}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1"
            valueClassName="flex min-w-0 items-center gap-2"
          >
            <span className={`font-semibold break-all text-slate-900 ${number ? "font-mono" : ""}`} data-testid={id}>
              {value}
            </span>
            {number ? <CopyButton value={value} label={label} /> : null}
          </DetailRow>
        ))}
        <DetailRow
          term="Reference"
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1"
          valueClassName="flex min-w-0 items-center gap-2"
        >
          <strong className="font-mono break-all text-slate-900" data-testid="bank-reference">
            {reference}
          </strong>
          <CopyButton value={reference} label="Payment reference" />
        </DetailRow>
      </dl>
      <p className="mt-3 text-slate-700">{matching}</p>
    </div>
  );
}

/** The exact USDT amount to send, its QR code and the wallet, each with a copy button. */
function UsdtInstructions({ usdtAmount, wallet, partial }: { usdtAmount: string; wallet: string; partial: boolean }) {
  return (
    <div className="mt-4 flex flex-col gap-5 sm:flex-row" data-testid="usdt-instructions">
      {/* a new code for each amount: the remaining amount after a partial payment gets its own */}
      <WalletQr
        key={usdtPaymentUri(wallet, usdtAmount)}
        value={usdtPaymentUri(wallet, usdtAmount)}
        label={`QR code: send ${usdtAmount} USDT (TRC20) to ${wallet}`}
      />
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <p className="text-slate-800" data-testid="usdt-send-exactly">
            Send exactly{" "}
            <span className="font-mono text-xl font-bold text-slate-900 sm:text-2xl" data-testid="usdt-exact-amount">
              {usdtAmount}
            </span>{" "}
            <span className="font-semibold">USDT</span>
            <span className="sr-only"> (TRC20)</span>
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <CopyButton value={usdtAmount} label="USDT amount" />
            <span className="text-xs text-slate-600">
              {partial ? "The remaining amount, to the last digit" : "To the last digit"}: it tells us which order your
              transfer pays, so we record it automatically.
            </span>
          </div>
        </div>
        <div>
          <p className="text-sm text-slate-600">To the wallet (TRC20)</p>
          <WalletAddress address={wallet} testId="usdt-wallet" />
        </div>
        <p className="rounded-lg border border-amber-300 bg-white p-2 text-xs text-amber-900" role="note">
          TRC20 (TRON) network only. Sending on another network may lose the funds.
        </p>
      </div>
    </div>
  );
}

export function AmountDue({
  paymentMethod,
  payment,
  stage,
  depositPercent,
}: {
  paymentMethod: string;
  payment: ReceiptPayment | undefined;
  /** The order's build stage, when known (a cancelled order asks for nothing). */
  stage?: string | undefined;
  depositPercent?: number | undefined;
}) {
  if (!payment || payment.invoices.length === 0 || stage === "cancelled") return null;
  if (paidInFull(payment)) {
    return (
      <p
        className="flex items-center gap-2 rounded-xl bg-green-50 p-4 font-semibold text-green-900"
        role="status"
        data-testid="paid-in-full"
      >
        <CheckIcon className="h-5 w-5 shrink-0" />
        Paid in full: thank you. Nothing more is due on this order.
      </p>
    );
  }
  const invoice = invoiceToPay(payment);
  if (!invoice) return null;
  const deposit = invoice.kind === "deposit";
  // the ledger says when an invoice fell due: its milestone's stage was reached
  const dueNow = invoice.dueAt !== null;
  const what = deposit ? `Deposit${depositPercent ? ` (${depositPercent}%)` : ""}` : invoice.label;
  const noun = deposit ? "deposit" : invoice.kind === "balance" ? "balance" : "payment";
  const partial = invoice.paid > 0;
  const usdt = paymentMethod === "usdt";
  const wallet = payment.usdtWalletAddress;
  return (
    <div
      className={`rounded-xl border p-3 sm:p-5 ${dueNow ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-slate-50"}`}
      data-testid="amount-due"
      data-invoice={invoice.kind}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-slate-900">
          <span data-testid="amount-due-label">{dueNow ? "Due now" : `Due ${dueText(invoice)}`}</span>
          <span className="font-normal text-slate-700"> · {what}</span>
        </p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="order-due-now">
          {formatAmount(invoice.outstanding)}
        </p>
      </div>
      {partial ? (
        <p className="mt-1 text-sm text-slate-800" data-testid="amount-due-progress">
          We have received {formatAmount(invoice.paid)} of this {formatAmount(invoice.amount)} {noun}:{" "}
          {formatAmount(invoice.outstanding)} remains.
        </p>
      ) : !dueNow ? (
        <p className="mt-1 text-sm text-slate-700">
          {invoice.kind === "balance" && invoice.dueOn === "delivered"
            ? "Your deposit is paid. The balance is due when your home is delivered; you may pay it earlier."
            : `Everything due so far is paid. This payment is due ${dueText(invoice)}; you may pay it earlier.`}
        </p>
      ) : null}

      {usdt && invoice.usdtAmount && wallet ? (
        <UsdtInstructions usdtAmount={invoice.usdtAmount} wallet={wallet} partial={partial} />
      ) : null}
      {usdt && invoice.usdtAmount && !wallet ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="usdt-unavailable">
          USDT payments are unavailable at the moment. Please contact us to pay by bank transfer.
        </p>
      ) : null}
      {!usdt ? (
        <BankTransfer amount={invoice.outstanding} reference={invoice.reference} bank={payment.bankAccount ?? null} />
      ) : null}
    </div>
  );
}
