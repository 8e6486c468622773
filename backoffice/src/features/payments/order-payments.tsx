// An order's money in the order details: invoices (the milestone's name and when it falls due, reference,
// exact USDT amount, paid, outstanding), the payment ledger (flags for staff, a pending hash can be
// rejected), the order's timeline of payments and stages, and a form to record a bank transfer received or
// a refund (a negative amount).
import { MILESTONE_DUE_LABELS } from "@ch/contracts/totals";
import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { StatusBadge } from "../../components/badge";
import { LoadError } from "../../components/card";
import { FormMessage, InputField, useApiForm } from "../../components/form";
import { formatDate, formatDateTime, formatUsd, humanize } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";

const today = () => new Date().toISOString().slice(0, 10);

const paymentForm = z.object({
  amount: z.string().refine((raw) => {
    const value = Number(raw);
    return Number.isFinite(value) && value !== 0;
  }, "Enter the amount received (negative for a refund)."),
});
type PaymentValues = { amount: string; receivedAt: string; reference: string; note: string };

function eventText(e: {
  kind: string;
  fromStage: string | null;
  toStage: string | null;
  data: Record<string, unknown>;
}) {
  if (e.toStage)
    return `Stage ${humanize(e.fromStage ?? "")} → ${humanize(e.toStage)}${e.data.reason ? ` (${String(e.data.reason)})` : ""}`;
  const amount = typeof e.data.amount === "number" ? formatUsd(e.data.amount) : "";
  const flags = Array.isArray(e.data.flags) && e.data.flags.length > 0 ? ` [${e.data.flags.join(", ")}]` : "";
  if (e.kind === "payment")
    return `Payment ${amount}${e.data.usdtAmount ? ` (${String(e.data.usdtAmount)} USDT)` : ""}${flags}`;
  if (e.kind === "refund") return `Refund ${amount}`;
  if (e.kind === "payment_submitted") return `Transaction hash submitted ${String(e.data.txHash ?? "").slice(0, 16)}…`;
  if (e.kind === "payment_rejected") return `Submitted hash rejected: ${String(e.data.reason ?? "")}`;
  return humanize(e.kind);
}

export function OrderPayments({ orderId }: { orderId: number }) {
  const failed = useFailureToast();
  const ledger = useQuery(trpc.payments.forOrder.queryOptions({ id: orderId }));
  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.payments.forOrder.pathFilter());
    await queryClient.invalidateQueries(trpc.orders.pathFilter());
  };
  const reject = useMutation(
    trpc.payments.reject.mutationOptions({
      onSuccess: refresh,
      onError: failed("Not Rejected", "The payment was not rejected"),
    }),
  );

  if (ledger.error) return <LoadError message={errorMessage(ledger.error, "The payments could not be loaded.")} />;
  const l = ledger.data;
  if (!l) return <p className="text-sm text-slate-600">Loading payments…</p>;

  return (
    <div className="space-y-4" data-testid="order-payments">
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">Invoices</h3>
        {/* lists, not tables: the dialog's one table is the order's items */}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Invoices">
          {l.invoices.map((i) => (
            <li
              key={i.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 p-2 tabular-nums"
              data-testid={`admin-invoice-${i.kind}`}
            >
              <span className="font-semibold">{i.label}</span>
              <span className="text-slate-600">due {MILESTONE_DUE_LABELS[i.dueOn]}</span>
              <span className="font-mono">{i.reference}</span>
              <span>{formatUsd(i.amount)}</span>
              {i.usdtAmount ? <span className="font-mono">{i.usdtAmount} USDT</span> : null}
              <span>paid {formatUsd(i.paid)}</span>
              <span>outstanding {formatUsd(i.outstanding)}</span>
              <StatusBadge value={i.status} />
            </li>
          ))}
        </ul>
        <p className="mt-2 tabular-nums">
          Paid <strong data-testid="ledger-paid">{formatUsd(l.paid)}</strong> · Outstanding{" "}
          <strong data-testid="ledger-outstanding">{formatUsd(l.outstanding)}</strong>
        </p>
      </div>
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">Payments</h3>
        {l.payments.length === 0 ? (
          <p className="text-slate-600">No payments yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Payments">
            {l.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-2">
                <span>{p.receivedAt ? formatDate(p.receivedAt) : "—"}</span>
                <span>{p.method === "usdt" ? "USDT" : "Bank transfer"}</span>
                <span className="font-semibold tabular-nums">
                  {formatUsd(p.amount)}
                  {p.usdtAmount ? <span className="ml-1 font-normal text-slate-600">({p.usdtAmount} USDT)</span> : null}
                </span>
                <span className="max-w-64 font-mono text-xs break-all">{p.txHash ?? p.reference ?? ""}</span>
                <StatusBadge value={p.status} />
                {p.flags.map((f) => (
                  <span key={f} className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                    {f}
                  </span>
                ))}
                <span className="text-slate-600">by {p.recordedBy ?? "—"}</span>
                {p.note ? <span className="w-full text-slate-600">{p.note}</span> : null}
                {p.status === "pending_verification" ? (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={reject.isPending}
                    onClick={() => {
                      const reason = window.prompt("Why is this transaction rejected?");
                      if (reason?.trim()) reject.mutate({ id: p.id, reason: reason.trim() });
                    }}
                  >
                    Reject
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <RecordPayment orderId={orderId} onRecorded={refresh} />
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">Order timeline</h3>
        {l.events.length === 0 ? (
          <p className="text-slate-600">Nothing yet.</p>
        ) : (
          <ol className="space-y-1" data-testid="order-events">
            {l.events.map((e) => (
              <li key={e.id}>
                <span className="text-slate-600">{formatDateTime(e.createdAt)}</span> · {eventText(e)}{" "}
                <span className="text-slate-600">by {e.actor}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

/** A bank transfer received, or a refund (a negative amount), recorded on the order's ledger. */
function RecordPayment({ orderId, onRecorded }: { orderId: number; onRecorded: () => Promise<void> }) {
  const toast = useToast();
  const failed = useFailureToast();
  const form = useApiForm<PaymentValues>({
    schema: paymentForm,
    defaultValues: { amount: "", receivedAt: today(), reference: "", note: "" },
    toField: (path) => path.replace(/^payment\./, ""),
    toasted: true,
  });
  const record = useMutation(
    trpc.payments.record.mutationOptions({
      onSuccess: async () => {
        await onRecorded();
        toast({ title: "Payment Recorded", description: "The ledger and invoices are updated." });
      },
      onError: failed("Not Recorded", "The payment was not recorded"),
    }),
  );
  const submit = form.submit(
    async ({ amount, receivedAt, reference, note }) => {
      await record.mutateAsync({
        id: orderId,
        payment: {
          method: "bank-transfer",
          amount: Number(amount),
          receivedAt,
          reference: reference || null,
          note: note || null,
        },
      });
      form.reset({ amount: "", receivedAt, reference: "", note: "" });
    },
    {
      invalid: (errors) =>
        errors.amount &&
        toast({ title: "Amount Needed", description: errors.amount.message ?? "", variant: "destructive" }),
    },
  );
  const { control } = form;
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
      aria-label="Record a payment"
    >
      <h3 className="font-semibold text-slate-900 sm:col-span-2">Record a bank transfer or refund</h3>
      <InputField
        control={control}
        name="amount"
        label="Amount (USD; negative for a refund)"
        inputMode="decimal"
        required
      />
      <InputField control={control} name="receivedAt" label="Date received" type="date" required />
      <InputField control={control} name="reference" label="Bank reference" />
      <InputField control={control} name="note" label="Note" />
      <FormMessage message={form.message} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={record.isPending}>
          {record.isPending ? "Recording…" : "Record payment"}
        </button>
      </div>
    </form>
  );
}
