// The sales funnel of the last 30 days: each step's total and its sources (from the server; no figure
// is computed here but the sums of what it returned).
import { useQuery } from "@tanstack/react-query";
import { Card, LoadError } from "../../components/card";
import { humanize } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";

const STEPS = [
  ["visitors", "Visitors"],
  ["leads", "Leads"],
  ["proposalsSent", "Proposals sent"],
  ["accepted", "Accepted"],
  ["depositPaid", "Deposit paid"],
] as const;

export function FunnelCard() {
  const funnel = useQuery(trpc.proposals.funnel.queryOptions({ days: 30 }));
  return (
    <Card title="Sales funnel, last 30 days">
      {funnel.isError ? (
        <LoadError message={errorMessage(funnel.error, "The funnel could not be loaded")} />
      ) : (
        <ol className="grid gap-3 sm:grid-cols-5" data-testid="sales-funnel">
          {STEPS.map(([key, label]) => {
            const rows = funnel.data?.[key] ?? [];
            const total = rows.reduce((n, r) => n + r.count, 0);
            return (
              <li key={key} className="rounded-lg border border-slate-200 p-3">
                <p className="text-sm font-medium text-slate-600">{label}</p>
                <p className="text-2xl font-bold text-slate-900">{funnel.data ? total : "—"}</p>
                <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
                  {rows.slice(0, 4).map((r) => (
                    <li key={r.source} className="flex justify-between gap-2">
                      <span className="truncate">{humanize(r.source)}</span>
                      <span className="tabular-nums">{r.count}</span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
