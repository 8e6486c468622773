// The pipeline board: orders per build stage with what is still outstanding (invoices − recorded
// payments, from the ledger), and only the moves the stages table allows staff (payment stages move by
// themselves when payments are recorded: the card says so). The move onward is the card's main button; a
// move back is a plain one beside it. Each card links to its order. A cancel asks for the reason.
// A move e-mails the customer only when its undo window is over (the server keeps the e-mail in the
// outbox until then): the card offers Undo with the time left, from the board's answer.
import {
  ORDER_STAGE_LABELS,
  ORDER_STAGES,
  type OrderStage,
  PAYMENT_DRIVEN_STAGES,
  STAGE_MOVES,
} from "@ch/contracts/stages";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LoadError } from "../../components/card";
import { InputField, useApiForm } from "../../components/form";
import { formatDate, formatCents as money } from "../../lib/format";
import { useToast } from "../../lib/toast";
import { errorMessage, queryClient, trpc } from "../../lib/trpc";
import type { RouterOutputs } from "../../lib/types";

type BoardOrder = RouterOutputs["stages"]["board"][number];

export function PipelineScreen() {
  const board = useQuery({ ...trpc.stages.board.queryOptions(), refetchInterval: 30_000 });
  if (board.isError) return <LoadError message={errorMessage(board.error, "The pipeline could not be loaded")} />;
  const orders = board.data ?? [];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Pipeline</h1>
      <p className="text-sm text-slate-600">
        Deposit received and balance paid move by themselves when the payments are recorded. The customer is e-mailed
        about a move only after a short wait, so a slip can be undone first.
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

const rank = (stage: OrderStage) => ORDER_STAGES.indexOf(stage);

/** What moves an order on when staff cannot: the payment stage next in the table, if any. */
function paymentHint(stage: OrderStage): string | null {
  const next = STAGE_MOVES[stage].find((to) => PAYMENT_DRIVEN_STAGES.includes(to));
  if (!next) return null;
  return next === "deposit_received"
    ? "Moves to Deposit received by itself when the deposit is recorded on the order."
    : `Moves to ${ORDER_STAGE_LABELS[next]} by itself when the balance is recorded on the order.`;
}

/** Whole seconds left until `until`, ticking each second (0 once it has passed). */
function useSecondsLeft(until: string | null): number {
  const left = () => (until ? Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `until` only
  useEffect(() => {
    setSeconds(left());
    if (!until) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

const refreshBoard = () =>
  Promise.all([
    queryClient.invalidateQueries(trpc.stages.board.pathFilter()),
    queryClient.invalidateQueries(trpc.orders.pathFilter()),
    queryClient.invalidateQueries(trpc.admin.stats.pathFilter()),
  ]);

function OrderCard({ order }: { order: BoardOrder }) {
  const toast = useToast();
  const [cancelling, setCancelling] = useState(false);
  const secondsLeft = useSecondsLeft(order.undo?.until ?? null);
  const move = useMutation(
    trpc.stages.move.mutationOptions({
      onSuccess: async (answer) => {
        await refreshBoard();
        setCancelling(false);
        toast({
          title: `${order.orderNumber}: ${ORDER_STAGE_LABELS[answer.stage]}`,
          description: answer.undoUntil
            ? `The customer is e-mailed in ${Math.max(1, Math.round((Date.parse(answer.undoUntil) - Date.now()) / 1000))} s: Undo on the card takes the move back before then.`
            : "The customer is e-mailed now.",
        });
      },
      onError: (error) => toast({ title: errorMessage(error, "The order could not be moved"), variant: "destructive" }),
    }),
  );
  const undo = useMutation(
    trpc.stages.undo.mutationOptions({
      onSuccess: async (answer) => {
        await refreshBoard();
        toast({
          title: `${order.orderNumber}: back to ${ORDER_STAGE_LABELS[answer.stage]}`,
          description: "The move was undone; the customer was not e-mailed.",
        });
      },
      onError: async (error) => {
        await refreshBoard();
        toast({ title: errorMessage(error, "The move could not be undone"), variant: "destructive" });
      },
    }),
  );
  const staffMoves = order.moves.filter((to) => to !== "cancelled");
  const onward = staffMoves.filter((to) => rank(to) > rank(order.stage));
  const back = staffMoves.filter((to) => rank(to) < rank(order.stage));
  const hint = onward.length === 0 ? paymentHint(order.stage) : null;
  const busy = move.isPending || undo.isPending;
  const undoOpen = order.undo !== null && secondsLeft > 0;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm" data-order={order.orderNumber}>
      <Link
        to="/admin/dashboard"
        search={{ tab: "orders", order: order.id }}
        className="block rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-700"
      >
        <span className="sr-only">Open order </span>
        <span className="font-mono text-xs text-amber-800 underline">{order.orderNumber}</span>{" "}
        <span className="block font-medium text-slate-900">{order.customer}</span>
      </Link>
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
      {undoOpen && order.undo ? (
        <div
          className="mt-2 flex items-center justify-between gap-2 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900 ring-1 ring-amber-200"
          data-testid="undo-move"
        >
          <span>
            Customer e-mailed in <span className="tabular-nums">{secondsLeft}</span> s
          </span>
          <button
            type="button"
            className="btn-secondary !px-2 !py-1 text-xs"
            disabled={busy}
            onClick={() => undo.mutate({ id: order.id })}
            aria-label={`Undo: back to ${ORDER_STAGE_LABELS[order.undo.back]}`}
          >
            Undo
          </button>
        </div>
      ) : null}
      {hint ? (
        <p className="mt-2 text-xs text-slate-600" data-testid="stage-hint">
          {hint}{" "}
          <Link to="/admin/dashboard" search={{ tab: "orders", order: order.id }} className="text-amber-800 underline">
            Record a payment
          </Link>
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-1">
        {[
          ...onward.map((to) => ({ to, className: "btn-primary", label: `→ ${ORDER_STAGE_LABELS[to]}` })),
          ...back.map((to) => ({ to, className: "btn-ghost", label: `← Back to ${ORDER_STAGE_LABELS[to]}` })),
        ].map(({ to, className, label }) => (
          <button
            key={to}
            type="button"
            className={`${className} !px-2 !py-1 text-xs`}
            disabled={busy}
            onClick={() => move.mutate({ id: order.id, stage: to })}
          >
            {label}
          </button>
        ))}
        {order.moves.includes("cancelled") && !cancelling ? (
          <button type="button" className="btn-ghost !px-2 !py-1 text-xs" onClick={() => setCancelling(true)}>
            Cancel…
          </button>
        ) : null}
      </div>
      {cancelling ? (
        <CancelForm
          id={`reason-${order.id}`}
          busy={busy}
          onCancel={(reason) => move.mutateAsync({ id: order.id, stage: "cancelled", reason })}
          onKeep={() => setCancelling(false)}
        />
      ) : null}
    </li>
  );
}

/** The reason for cancelling an order (the customer is told it), then the cancel itself. */
function CancelForm({
  id,
  busy,
  onCancel,
  onKeep,
}: {
  id: string;
  busy: boolean;
  onCancel: (reason: string) => Promise<unknown>;
  onKeep: () => void;
}) {
  const form = useApiForm<{ reason: string }>({ defaultValues: { reason: "" }, toasted: true });
  const reason = form.watch("reason");
  return (
    <form onSubmit={form.submit((values) => onCancel(values.reason))} className="mt-2 space-y-1">
      <InputField control={form.control} name="reason" id={id} label="Reason for cancelling" required />
      <div className="flex gap-1">
        <button type="submit" className="btn-danger !px-2 !py-1 text-xs" disabled={!reason.trim() || busy}>
          Cancel order
        </button>
        <button type="button" className="btn-ghost !px-2 !py-1 text-xs" onClick={onKeep}>
          Keep
        </button>
      </div>
    </form>
  );
}
