// The order's change orders (a change to the build after the contract): each with its lines, the change to
// the total and, while it waits for the customer's signature, the total before and after and what it does to
// the invoices; who signed it and when (the signed PDF is in Documents); a form to propose one (custom lines
// priced in dollars, a negative quantity or price a credit, or an option from the price list), and Withdraw
// on one not signed yet. The customer signs in their portal; nothing changes on the order until then.
import type { ChangeOrderDto } from "@ch/contracts/change-orders";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { StatusBadge } from "../../components/badge";
import { LoadError } from "../../components/card";
import { ConfirmDialog } from "../../components/dialog";
import { FormMessage, TextareaField, useApiForm } from "../../components/form";
import { SubmitButton } from "../../components/submit-button";
import { formatDateTime, humanize, formatCents as usd } from "../../lib/format";
import { useFailureToast, useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import { LineFields } from "../proposals/line-choice";
import { draftField, type LineDraft, lineDraftsSchema, toLineInput } from "../proposals/proposal-draft";

const CLOSED_STAGES = ["completed", "cancelled"];

/** A change in dollars with its sign: +$1,062.50, -$250.00. */
const signedUsd = (cents: number) => (cents > 0 ? `+${usd(cents)}` : usd(cents));

interface ChangeValues {
  note: string;
  lines: LineDraft[];
}

const changeForm = z.object({
  note: z.string().trim().min(1, "Say what changes and why: the customer reads it before signing."),
  lines: lineDraftsSchema({ needed: "Add at least one line.", credits: true }),
});

const customLine = (): LineDraft => ({ kind: "custom", refId: "", name: "", unitPrice: "", quantity: "1" });

export function OrderChangeOrders({ orderId, stage }: { orderId: number; stage: string }) {
  const list = useQuery(trpc.changeOrders.list.queryOptions({ id: orderId }));
  const changeOrders = list.data?.changeOrders ?? [];
  const closed = CLOSED_STAGES.includes(stage);
  return (
    <section aria-labelledby="order-change-orders-title" className="space-y-3">
      <h3 id="order-change-orders-title" className="font-semibold text-slate-900">
        Change orders
      </h3>
      {list.error ? <LoadError message={errorMessage(list.error, "The change orders could not be loaded.")} /> : null}
      {list.isPending ? <p className="text-slate-600">Loading change orders…</p> : null}
      {list.data && changeOrders.length === 0 ? <p className="text-slate-600">No change orders yet.</p> : null}
      {changeOrders.length > 0 ? (
        <ul className="space-y-3" aria-label="Change orders" data-testid="order-change-orders">
          {changeOrders.map((c) => (
            <ChangeOrder key={c.id} orderId={orderId} change={c} />
          ))}
        </ul>
      ) : null}
      {closed ? (
        <p className="text-slate-600">The order is {humanize(stage)}: no change order can be proposed.</p>
      ) : (
        <NewChangeOrder orderId={orderId} />
      )}
    </section>
  );
}

function ChangeOrder({ orderId, change: c }: { orderId: number; change: ChangeOrderDto }) {
  const pending = c.status === "pending";
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid={`change-order-${c.number}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h4 className="font-semibold text-slate-900">Change order {c.number}</h4>
        <StatusBadge value={c.status} />
        <span className="text-xs text-slate-600">
          {c.createdBy} · {formatDateTime(c.createdAt)}
        </span>
      </div>
      <p className="whitespace-pre-wrap">{c.note}</p>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-100 tabular-nums" aria-label="Lines">
        {c.lines.map((l, i) => (
          <li key={`${i}-${l.name}`} className="flex flex-wrap justify-between gap-x-4 px-2 py-1">
            <span>
              {l.name} <span className="text-slate-600">× {l.quantity}</span>{" "}
              <span className="text-slate-600">at {usd(l.unitPriceCents)}</span>
            </span>
            <span>{signedUsd(l.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <p className="tabular-nums">
        Change to the total <strong data-testid="change-order-delta">{signedUsd(c.totalDeltaCents)}</strong>{" "}
        <span className="text-slate-600">
          (subtotal {signedUsd(c.subtotalDeltaCents)}, tax {signedUsd(c.taxDeltaCents)})
        </span>
      </p>
      {pending && c.orderTotalCents !== null && c.newOrderTotalCents !== null ? (
        <div className="rounded-md bg-amber-50 p-2 text-sm tabular-nums ring-1 ring-amber-200 ring-inset">
          <p data-testid="change-order-totals">
            Once signed, the order&apos;s total goes from {usd(c.orderTotalCents)} to{" "}
            <strong>{usd(c.newOrderTotalCents)}</strong>.
          </p>
          <ul aria-label="Effect on the invoices">
            {c.schedule.map((s) => (
              <li key={`${s.label}-${s.when}`}>
                {s.label} invoice:{" "}
                {s.amountCents === s.newAmountCents
                  ? `${usd(s.amountCents)}, unchanged`
                  : `${usd(s.amountCents)} → ${usd(s.newAmountCents)}`}{" "}
                <span className="text-slate-700">(due {s.when})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {c.status === "signed" && c.signedAt ? (
        <p className="text-sm text-slate-700">
          Signed by {c.signedName ?? "the customer"} on {formatDateTime(c.signedAt)}; the signed PDF is in the
          documents.
        </p>
      ) : null}
      {c.status === "withdrawn" && c.withdrawnAt ? (
        <p className="text-sm text-slate-600">Withdrawn on {formatDateTime(c.withdrawnAt)}.</p>
      ) : null}
      {pending ? <Withdraw orderId={orderId} change={c} /> : null}
    </li>
  );
}

function Withdraw({ orderId, change }: { orderId: number; change: ChangeOrderDto }) {
  const toast = useToast();
  const failed = useFailureToast();
  const [asking, setAsking] = useState(false);
  const withdraw = useMutation(
    trpc.changeOrders.withdraw.mutationOptions({
      onSuccess: async () => {
        setAsking(false);
        await queryClient.invalidateQueries(trpc.changeOrders.list.pathFilter());
        toast({ title: "Change Order Withdrawn", description: "The customer can no longer sign it." });
      },
      onError: (error) => {
        setAsking(false);
        failed("Not Withdrawn", "The change order was not withdrawn")(error);
      },
    }),
  );
  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
        Withdraw
      </button>
      <ConfirmDialog
        open={asking}
        title={`Withdraw change order ${change.number}?`}
        message="The customer will no longer be able to sign it. The order stays as it is."
        confirmLabel="Withdraw Change Order"
        pending={withdraw.isPending}
        pendingLabel="Withdrawing..."
        onConfirm={() => withdraw.mutate({ id: orderId, changeOrderId: change.id })}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

function NewChangeOrder({ orderId }: { orderId: number }) {
  const toast = useToast();
  const failed = useFailureToast();
  const empty: ChangeValues = { note: "", lines: [customLine()] };
  const form = useApiForm<ChangeValues>({
    schema: changeForm,
    defaultValues: empty,
    toField: draftField,
    toasted: true,
  });
  const { control } = form;
  const options = form.watch("lines").some((l) => l.kind === "option");
  const lists = useQuery({ ...trpc.proposals.priceLists.queryOptions(), enabled: options });
  const create = useMutation(
    trpc.changeOrders.create.mutationOptions({
      onSuccess: async (created) => {
        form.reset(empty);
        await queryClient.invalidateQueries(trpc.changeOrders.list.pathFilter());
        toast({
          title: "Change Order Created",
          description: `Change order ${created.number} (${signedUsd(created.totalDeltaCents)}) waits for the customer's signature.`,
        });
      },
      onError: failed("Not Created", "The change order was not created"),
    }),
  );
  const submit = form.submit(({ note, lines: drafts }) =>
    create.mutateAsync({ id: orderId, note: note.trim(), lines: drafts.map(toLineInput) }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Propose a change order"
      className="space-y-3 rounded-lg border border-slate-200 p-3"
    >
      <h4 className="font-semibold text-slate-900">Propose a change order</h4>
      <TextareaField
        control={control}
        name="note"
        label="What changes"
        hint="The customer reads it before signing."
        rows={2}
        maxLength={2000}
      />
      <LineFields
        control={control}
        lists={lists.data}
        kinds={["custom", "option"]}
        idPrefix="change-order"
        legendClassName="text-sm font-semibold text-slate-900"
        description={
          <p className="mb-2 text-sm text-slate-600">A negative price or quantity is a credit or a removal.</p>
        }
      />
      <FormMessage message={form.message} />
      <SubmitButton pending={create.isPending} label="Create Change Order" pendingLabel="Creating..." />
    </form>
  );
}
