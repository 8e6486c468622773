// Unmatched USDT transfers (sales and owner): transfers seen at the shop's wallet that no open invoice's
// exact amount names (more, less, an amount already paid), with the order whose customer submitted the
// hash, if any. Staff attach one to an invoice with a reason: the server records it on the ledger, audits it
// and tells the customer and the owner (payments.usdtTransfers / payments.attachUsdtTransfer; issue 21).
import type { UsdtTransferDto } from "@ch/contracts/payments";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { StatusBadge } from "../../components/badge";
import { Card, LoadError } from "../../components/card";
import { type Column, DataTable } from "../../components/data-table";
import { InputField, TextareaField, useApiForm } from "../../components/form";
import { FormDialog } from "../../components/form-dialog";
import { formatDateTime, formatUsd } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";

const FILTERS = [
  { value: "unmatched", label: "Unmatched" },
  { value: "attached", label: "Attached by staff" },
  { value: "credited", label: "Credited by amount" },
  { value: "all", label: "All seen" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

export function UnmatchedTransfersScreen() {
  const [status, setStatus] = useState<Filter>("unmatched");
  const [attaching, setAttaching] = useState<UsdtTransferDto | null>(null);
  const list = useInfiniteQuery(
    trpc.payments.usdtTransfers.infiniteQueryOptions(
      { status, limit: 50 },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  const columns: Column<UsdtTransferDto>[] = [
    { header: "Received", cell: (t) => <span className="whitespace-nowrap">{formatDateTime(t.receivedAt)}</span> },
    {
      header: "Amount",
      numeric: true,
      cell: (t) => (
        <div>
          <span className="font-mono font-semibold">{t.usdtAmount} USDT</span>
          <p className="text-xs text-slate-600">{formatUsd(t.amount)}</p>
        </div>
      ),
    },
    {
      header: "Transaction",
      cell: (t) => (
        <div className="text-xs">
          <a
            className="font-mono text-sky-800 underline"
            href={`https://tronscan.org/#/transaction/${t.txHash}`}
            target="_blank"
            rel="noreferrer noopener"
            title={t.txHash}
          >
            {shortHash(t.txHash)}
          </a>
          <p className="font-mono text-slate-600" title={t.fromAddress}>
            from {t.fromAddress || "—"}
          </p>
        </div>
      ),
    },
    {
      header: "Claimed by",
      cell: (t) =>
        t.claimedBy ? (
          <span className="font-mono">{t.claimedBy.orderNumber}</span>
        ) : (
          <span className="text-slate-600">nobody</span>
        ),
    },
    {
      header: "Status",
      cell: (t) => (
        <div className="space-y-1">
          <StatusBadge value={t.status} />
          {t.order ? <p className="font-mono text-xs">on {t.order.orderNumber}</p> : null}
          {t.note ? <p className="max-w-64 text-xs whitespace-pre-line text-slate-600">{t.note}</p> : null}
        </div>
      ),
    },
    {
      header: "Action",
      cell: (t) =>
        t.status === "unmatched" ? (
          <button type="button" className="btn-secondary" onClick={() => setAttaching(t)}>
            Attach…
          </button>
        ) : null,
    },
  ];

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Unmatched USDT transfers</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          A transfer is credited by itself only when it carries an open invoice's exact USDT amount. The ones below
          reached the shop's wallet with another amount (more, less, or an invoice already paid). Check with the
          customer, then attach the transfer to the invoice it pays, saying why.
        </p>
      </div>
      <Card
        actions={
          <label className="flex items-center gap-2 text-sm">
            <span>Show</span>
            <select
              className="field-input"
              value={status}
              onChange={(e) => setStatus(e.target.value as Filter)}
              aria-label="Which transfers"
            >
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
        }
        title="Transfers"
      >
        {list.error ? (
          <LoadError message={errorMessage(list.error, "The transfers could not be loaded.")} />
        ) : list.isPending ? (
          <p className="text-sm text-slate-600">Loading transfers…</p>
        ) : (
          <>
            <DataTable
              columns={columns}
              rows={rows}
              rowKey={(t) => t.txHash}
              label="USDT transfers"
              empty={status === "unmatched" ? "No transfer waits to be matched." : "No transfers."}
            />
            {list.hasNextPage ? (
              <div className="mt-4 text-center">
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? "Loading…" : "Load more"}
                </button>
              </div>
            ) : null}
          </>
        )}
      </Card>
      {attaching ? <AttachDialog transfer={attaching} onClose={() => setAttaching(null)} /> : null}
    </div>
  );
}

const attachForm = z.object({
  invoiceId: z.string().refine((raw) => Number.isInteger(Number(raw)) && Number(raw) >= 1, {
    message: "Choose the invoice this transfer pays.",
  }),
  reason: z.string().trim().min(1, "Say why this transfer belongs to that invoice."),
});
type AttachValues = z.input<typeof attachForm>;

function AttachDialog({ transfer, onClose }: { transfer: UsdtTransferDto; onClose: () => void }) {
  const toast = useToast();
  const failed = useFailureToast();
  const form = useApiForm<AttachValues>({
    schema: attachForm,
    defaultValues: { invoiceId: String(transfer.candidates[0]?.invoiceId ?? ""), reason: "" },
    toasted: true,
  });
  const attach = useMutation(
    trpc.payments.attachUsdtTransfer.mutationOptions({
      onSuccess: async (answer) => {
        toast({
          title: "Transfer Attached",
          description: `${answer.transfer.usdtAmount} USDT recorded on ${answer.transfer.order?.orderNumber ?? "the order"}${
            answer.payment.flags.length ? ` (${answer.payment.flags.join(", ")})` : ""
          }.`,
        });
        await queryClient.invalidateQueries(trpc.payments.pathFilter());
        await queryClient.invalidateQueries(trpc.orders.pathFilter());
        onClose();
      },
      onError: failed("Not Attached", "The transfer was not attached"),
    }),
  );
  const invoiceId = form.watch("invoiceId");
  const submit = form.submit(({ invoiceId, reason }) =>
    attach.mutateAsync({ txHash: transfer.txHash, invoiceId: Number(invoiceId), reason: reason.trim() }),
  );
  return (
    <FormDialog
      onClose={onClose}
      title="Attach a transfer to an invoice"
      wide
      onSubmit={submit}
      noValidate
      form={form}
      button={["Attach and record", "Attaching…"]}
    >
      <p className="text-sm text-slate-700">
        <span className="font-mono font-semibold">{transfer.usdtAmount} USDT</span> ({formatUsd(transfer.amount)}),
        received {formatDateTime(transfer.receivedAt)}
        {transfer.claimedBy ? (
          <>
            , submitted for order <span className="font-mono">{transfer.claimedBy.orderNumber}</span>
          </>
        ) : null}
        . Anyone can copy a transfer's hash: make sure the customer really sent it.
      </p>
      <InvoiceChoices
        transfer={transfer}
        chosen={invoiceId}
        onChoose={(id) => form.setValue("invoiceId", id, { shouldValidate: form.formState.isSubmitted })}
      />
      <InputField
        control={form.control}
        name="invoiceId"
        label="Invoice id"
        hint="Or type the id of another invoice."
        inputMode="numeric"
        parse={(raw) => raw.trim()}
      />
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason"
        hint="Kept with the payment and in the activity log."
        rows={3}
        maxLength={500}
      />
    </FormDialog>
  );
}

/** The open invoices whose amount is near the transfer's: one click fills the invoice id. */
function InvoiceChoices({
  transfer,
  chosen,
  onChoose,
}: {
  transfer: UsdtTransferDto;
  chosen: string;
  onChoose: (invoiceId: string) => void;
}) {
  if (transfer.candidates.length === 0) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">Open invoices near this amount</legend>
      {transfer.candidates.map((c) => (
        <label key={c.invoiceId} className="flex items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm">
          <input
            type="radio"
            name="invoice"
            value={c.invoiceId}
            checked={chosen === String(c.invoiceId)}
            onChange={() => onChoose(String(c.invoiceId))}
          />
          <span>
            <span className="font-mono">{c.reference}</span> · order <span className="font-mono">{c.orderNumber}</span>{" "}
            · asks <span className="font-mono">{c.usdtAmount ?? "—"} USDT</span> · outstanding{" "}
            {formatUsd(c.outstanding)}
            {transfer.claimedBy?.id === c.orderId ? (
              <span className="ml-1 text-xs font-semibold text-amber-900">(the claiming order)</span>
            ) : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
