// The sales funnel over a chosen period (a preset number of days ending now, or a range of whole days):
// each step's total and its sources, from the server; no figure is computed here but the sums of what it
// returned. The range is checked with the API's own schema before it is asked for.
import { FUNNEL_PRESET_DAYS, type FunnelPeriodInput, funnelPeriodInput } from "@ch/contracts/funnel";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Card, LoadError } from "../../components/card";
import { type FieldErrors, InputBox, issuesOf, SelectBox } from "../../components/form-field";
import { humanize } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";

const STEPS = [
  ["visitors", "Visitors"],
  ["leads", "Leads"],
  ["proposalsSent", "Proposals sent"],
  ["accepted", "Accepted"],
  ["depositPaid", "Deposit paid"],
] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The server's days are UTC days: the period is shown in UTC too. */
const utcDay = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

export function FunnelCard() {
  const [preset, setPreset] = useState<string>("30");
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const wanted: FunnelPeriodInput = preset === "custom" ? { from, to } : { days: Number(preset) };
  const checked = funnelPeriodInput.safeParse(wanted);
  const errors: FieldErrors = checked.success ? {} : issuesOf(checked.error);
  const funnel = useQuery({
    ...trpc.proposals.funnel.queryOptions(checked.success ? checked.data : {}),
    enabled: checked.success,
    placeholderData: keepPreviousData,
  });
  const period = funnel.data
    ? `${utcDay(Date.parse(funnel.data.from))} – ${utcDay(Date.parse(funnel.data.to) - 1)} (UTC)`
    : "";
  return (
    <Card title="Sales funnel">
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        aria-label="Funnel period"
        onSubmit={(e) => e.preventDefault()}
        noValidate
      >
        <SelectBox label="Period" value={preset} onChange={setPreset}>
          {FUNNEL_PRESET_DAYS.map((d) => (
            <option key={d} value={String(d)}>
              Last {d} days
            </option>
          ))}
          <option value="custom">Custom range</option>
        </SelectBox>
        {preset === "custom" ? (
          <>
            <InputBox label="From" error={errors.from} type="date" value={from} onChange={setFrom} />
            <InputBox label="To" error={errors.to ?? errors.days} type="date" value={to} onChange={setTo} />
          </>
        ) : null}
        {period ? (
          <p className="pb-2 text-sm text-slate-600" data-testid="funnel-period">
            {period}
          </p>
        ) : null}
      </form>
      {funnel.isError ? (
        <LoadError message={errorMessage(funnel.error, "The funnel could not be loaded")} />
      ) : (
        <ol className="grid gap-3 sm:grid-cols-5" data-testid="sales-funnel" aria-busy={funnel.isFetching}>
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
