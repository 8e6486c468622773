// The pipeline board: orders per build stage with what is still outstanding (invoices − recorded
// payments, from the ledger), and only the moves the stages table allows staff (payment stages move by
// themselves when payments are recorded). A cancel asks for the reason.
import { ORDER_STAGE_LABELS, ORDER_STAGES, type OrderStage } from "@ch/api/contracts/stages";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { LoadError } from "../../components/card";
import { formatDate, formatUsd } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";

const money = (cents: number) => formatUsd(cents / 100);

export function PipelineScreen() {
  const board = useQuery({ ...trpc.stages.board.queryOptions(), refetchInterval: 30_000 });
  if (board.isError) return <LoadError message={errorMessage(board.error, "The pipeline could not be loaded")} />;
  const orders = board.data ?? [];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Pipeline</h1>
      <p className="text-sm text-slate-600">
        Deposit received and balance paid move by themselves when the payments are recorded.
      </p>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-3" data-testid="pipeline-board">
        {ORDER_STAGES.map((stage) => {
          const inStage = orders.filter((o) => o.stage === stage);
          const outstanding = inStage.reduce((sum, o) => sum + o.outstandingCents, 0);
          return (
            <section
              key={stage}
              aria-labelledby={`stage-${stage}`}
              className="min-h-24 rounded-xl border border-slate-200 bg-slate-50 p-3"
              data-stage={stage}
            >
              <h2
                id={`stage-${stage}`}
                className="flex items-baseline justify-between text-sm font-semibold text-slate-900"
              >
                <span>{ORDER_STAGE_LABELS[stage]}</span>
                <span className="text-slate-500">{inStage.length}</span>
              </h2>
              {inStage.length > 0 ? (
                <p className="mt-1 text-xs text-slate-600">Outstanding {money(outstanding)}</p>
              ) : null}
              <ul className="mt-3 space-y-2">
                {inStage.map((o) => (
                  <OrderCard key={o.id} order={o} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}

type BoardOrder = {
  id: number;
  orderNumber: string;
  customer: string;
  stage: OrderStage;
  stageChangedAt: string;
  totalCents: number;
  paidCents: number;
  outstandingCents: number;
  cancelReason: string | null;
  moves: OrderStage[];
};

function OrderCard({ order }: { order: BoardOrder }) {
  const toast = useToast();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState("");
  const move = useMutation(
    trpc.stages.move.mutationOptions({
      onSuccess: (answer) => {
        void queryClient.invalidateQueries({ queryKey: trpc.stages.board.queryKey() });
        setCancelling(false);
        toast({ title: `${order.orderNumber}: ${ORDER_STAGE_LABELS[answer.stage]}` });
      },
      onError: (error) => toast({ title: errorMessage(error, "The order could not be moved"), variant: "destructive" }),
    }),
  );
  const submitCancel = (e: FormEvent) => {
    e.preventDefault();
    move.mutate({ id: order.id, stage: "cancelled", reason });
  };
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm" data-order={order.orderNumber}>
      <p className="font-mono text-xs text-slate-500">{order.orderNumber}</p>
      <p className="font-medium text-slate-900">{order.customer}</p>
      <dl className="mt-1 grid grid-cols-2 gap-x-2 text-xs">
        <dt className="text-slate-500">Total</dt>
        <dd className="text-right tabular-nums">{money(order.totalCents)}</dd>
        <dt className="text-slate-500">Outstanding</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="outstanding">
          {money(order.outstandingCents)}
        </dd>
        <dt className="text-slate-500">Since</dt>
        <dd className="text-right">{formatDate(order.stageChangedAt)}</dd>
      </dl>
      {order.cancelReason ? <p className="mt-1 text-xs text-red-700">Reason: {order.cancelReason}</p> : null}
      <div className="mt-2 flex flex-wrap gap-1">
        {order.moves
          .filter((to) => to !== "cancelled")
          .map((to) => (
            <button
              key={to}
              type="button"
              className="btn-secondary !px-2 !py-1 text-xs"
              disabled={move.isPending}
              onClick={() => move.mutate({ id: order.id, stage: to })}
            >
              → {ORDER_STAGE_LABELS[to]}
            </button>
          ))}
        {order.moves.includes("cancelled") && !cancelling ? (
          <button type="button" className="btn-ghost !px-2 !py-1 text-xs" onClick={() => setCancelling(true)}>
            Cancel…
          </button>
        ) : null}
      </div>
      {cancelling ? (
        <form onSubmit={submitCancel} className="mt-2 space-y-1">
          <label className="field-label" htmlFor={`reason-${order.id}`}>
            Reason for cancelling
          </label>
          <input
            id={`reason-${order.id}`}
            className="field-input"
            value={reason}
            required
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex gap-1">
            <button
              type="submit"
              className="btn-danger !px-2 !py-1 text-xs"
              disabled={!reason.trim() || move.isPending}
            >
              Cancel order
            </button>
            <button type="button" className="btn-ghost !px-2 !py-1 text-xs" onClick={() => setCancelling(false)}>
              Keep
            </button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
