// What the customer owes and has paid: the order's invoices (deposit now, balance on delivery) with their
// payment references, the exact USDT amount to send (QR code of the wallet, copy buttons), the payments
// recorded or waiting for verification, and (on the order-status page) a form to submit a transaction hash.
import type { OrderReceiptDto } from "@ch/api/contracts/orders";
import type { SubmitPaymentAnswer } from "@ch/api/contracts/payments";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { CheckIcon, CopyIcon } from "../../components/icons";
import { buttonClass, TextField } from "../../components/ui";
import { ApiError, postJson, serverMessage } from "../../lib/api";
import { formatAmount, formatDate } from "../../lib/format";
import { WalletQr } from "../checkout/wallet-qr";
import { statusLabel } from "./order-summary";

function CopyValue({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" onClick={copy} className={`${buttonClass.outline} px-3 py-2`} aria-label={`Copy ${label}`}>
      {copied ? <CheckIcon className="h-4 w-4 text-green-700" /> : <CopyIcon className="h-4 w-4" />}
      {copied ? "Copied" : "Copy"}
    </button>
  );
}

const invoiceLabel = (kind: string) => (kind === "deposit" ? "Deposit (due now)" : "Balance (due on delivery)");

export function PaymentPanel({
  receipt,
  email,
  onSubmitted,
}: {
  receipt: OrderReceiptDto;
  /** With the order's e-mail (the order-status page), the customer may submit a USDT transaction hash. */
  email?: string;
  onSubmitted?: () => void;
}) {
  const payment = receipt.payment;
  if (!payment || payment.invoices.length === 0) return null;
  const usdt = receipt.paymentMethod === "usdt";
  const toPay = payment.invoices.find((i) => i.status !== "paid" && i.status !== "void");
  const wallet = payment.usdtWalletAddress;
  return (
    <section
      aria-labelledby="payment-title"
      className="mt-6 rounded-2xl border border-slate-200 p-6"
      data-testid="payment-panel"
    >
      <h3 id="payment-title" className="text-lg font-bold text-slate-900">
        Payment
      </h3>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Invoices</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 font-medium">
              Invoice
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {payment.invoices.map((invoice) => (
            <tr key={invoice.reference} className="border-b border-slate-100" data-testid={`invoice-${invoice.kind}`}>
              <td className="py-2 pr-2">
                {invoiceLabel(invoice.kind)}
                <span className="block font-mono text-xs text-slate-600">Reference {invoice.reference}</span>
              </td>
              <td className="py-2 text-right whitespace-nowrap">
                {formatAmount(invoice.amount)}
                {invoice.paid > 0 && invoice.outstanding > 0 ? (
                  <span className="block text-xs text-slate-600">{formatAmount(invoice.outstanding)} left</span>
                ) : null}
              </td>
              <td className="py-2 pl-3 text-right" data-testid={`invoice-${invoice.kind}-status`}>
                {statusLabel(invoice.status)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {usdt && toPay?.usdtAmount ? (
        wallet ? (
          <div
            className="mt-5 flex flex-col gap-5 rounded-xl bg-slate-50 p-4 sm:flex-row"
            data-testid="usdt-instructions"
          >
            <WalletQr value={wallet} />
            <div className="min-w-0 flex-1 space-y-3">
              <div>
                <p className="text-sm text-slate-600">
                  Send exactly this amount of USDT (TRC20) for the {toPay.kind === "deposit" ? "deposit" : "balance"}
                </p>
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <span className="font-mono text-2xl font-bold text-slate-900" data-testid="usdt-exact-amount">
                    {toPay.usdtAmount}
                  </span>
                  <span className="font-semibold text-slate-700">USDT</span>
                  <CopyValue value={toPay.usdtAmount} label="USDT amount" />
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  The last digits tell us which order your transfer pays: send the amount exactly and we record it
                  automatically.
                </p>
              </div>
              <div>
                <p className="text-sm text-slate-600">To the wallet</p>
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <code
                    className="min-w-0 rounded-md bg-white px-2 py-1.5 font-mono text-sm break-all ring-1 ring-slate-200"
                    data-testid="usdt-wallet"
                  >
                    {wallet}
                  </code>
                  <CopyValue value={wallet} label="Wallet address" />
                </div>
              </div>
              <p className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900" role="note">
                TRC20 (TRON) network only. Sending on another network may lose the funds.
              </p>
            </div>
          </div>
        ) : (
          <p className="mt-4 text-sm text-slate-700" data-testid="usdt-unavailable">
            USDT payments are unavailable at the moment. Please contact us to pay by bank transfer.
          </p>
        )
      ) : null}
      {!usdt && toPay ? (
        <p className="mt-4 text-sm text-slate-700">
          Pay {formatAmount(toPay.outstanding)} by bank transfer with the reference{" "}
          <strong className="font-mono">{toPay.reference}</strong>; our team e-mails you the bank details.
        </p>
      ) : null}

      {payment.payments.length > 0 ? (
        <>
          <h4 className="mt-5 font-semibold text-slate-900">Payments</h4>
          <ul className="mt-2 space-y-1 text-sm" data-testid="payments-list">
            {payment.payments.map((p) => (
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
      ) : null}
      <p className="mt-4 text-sm font-semibold text-slate-900">
        Paid {formatAmount(payment.paid)} · Outstanding{" "}
        <span data-testid="payment-outstanding">{formatAmount(payment.outstanding)}</span>
      </p>
      {email && wallet && toPay ? (
        <HashForm orderNumber={receipt.orderNumber} email={email} onSubmitted={onSubmitted} />
      ) : null}
    </section>
  );
}

function hashProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return "Too many attempts. Please wait a few minutes.";
  if (error instanceof ApiError && [400, 404, 409, 422].includes(error.status)) {
    return serverMessage(error) ?? "That transaction hash cannot be used for this order.";
  }
  return "We couldn't check that transaction right now. Please try again.";
}

function HashForm({
  orderNumber,
  email,
  onSubmitted,
}: {
  orderNumber: string;
  email: string;
  onSubmitted?: (() => void) | undefined;
}) {
  const [hash, setHash] = useState("");
  const submit = useMutation({
    mutationFn: (txHash: string) =>
      postJson<SubmitPaymentAnswer>(`/api/orders/${encodeURIComponent(orderNumber)}/payments`, {
        email,
        method: "usdt",
        txHash,
      }),
    onSuccess: () => onSubmitted?.(),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (hash.trim()) submit.mutate(hash.trim());
  };
  return (
    <form onSubmit={onSubmit} className="mt-5 border-t border-slate-200 pt-4" noValidate>
      <p className="text-sm text-slate-700">
        Paid already, or sent a different amount (an exchange may keep a fee)? Enter the transaction hash and we check
        it on the TRON network.
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            label="Transaction hash"
            value={hash}
            onChange={(e) => setHash(e.target.value)}
            autoComplete="off"
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={submit.isPending}>
          {submit.isPending ? "Checking..." : "Submit"}
        </button>
      </div>
      {submit.isError ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {hashProblem(submit.error)}
        </p>
      ) : null}
      {submit.data ? (
        <p role="status" className="mt-2 rounded-lg bg-green-50 p-2 text-sm text-green-800">
          {submit.data.status === "recorded"
            ? "Thank you: your payment is recorded."
            : "Thank you: we check this transaction again until the network confirms it."}
        </p>
      ) : null}
    </form>
  );
}
