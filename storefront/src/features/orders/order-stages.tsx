// The order's build stages on the order-status page: each stage of the usual path with the date it was
// reached (from the order's timeline), the current one marked; a cancelled order says so.
import { ORDER_STAGE_LABELS, ORDER_STAGES, type OrderStage } from "@ch/contracts/stages";
import { CheckIcon } from "../../components/icons";
import { formatDate } from "../../lib/format";

const PATH: readonly OrderStage[] = ORDER_STAGES.filter((s) => s !== "cancelled");

export function OrderStages({ stage, stages }: { stage: string; stages: { stage: string | null; at: string }[] }) {
  const reached = new Map<string, string>();
  for (const s of stages) if (s.stage) reached.set(s.stage, s.at);
  const current = (ORDER_STAGES as readonly string[]).includes(stage) ? (stage as OrderStage) : null;
  const currentIndex = current ? PATH.indexOf(current) : -1;
  return (
    <section aria-labelledby="stages-title" className="mt-6" data-testid="order-stages">
      <h3 id="stages-title" className="text-lg font-semibold text-slate-900">
        Build progress
      </h3>
      {current === "cancelled" ? (
        <p className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          This order was cancelled{reached.get("cancelled") ? ` on ${formatDate(reached.get("cancelled")!)}` : ""}.
        </p>
      ) : null}
      <ol className="mt-3 grid gap-2 sm:grid-cols-2">
        {PATH.map((s, i) => {
          const at = reached.get(s);
          const done = currentIndex >= i;
          return (
            <li
              key={s}
              aria-current={s === current ? "step" : undefined}
              className={`flex items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm ${
                s === current
                  ? "border-amber-500 bg-amber-50 font-semibold text-slate-900"
                  : done
                    ? "border-slate-200 text-slate-800"
                    : "border-dashed border-slate-200 text-slate-500"
              }`}
            >
              {/* the tick is an icon, not a "✓" character: a glyph's contrast is text contrast that the
                  checkers (axe, pa11y) cannot establish; the stage's own words carry the meaning */}
              <span className="inline-flex items-center gap-1.5">
                {done ? <CheckIcon className="h-4 w-4 shrink-0" /> : null}
                {ORDER_STAGE_LABELS[s]}
              </span>
              <span className="tabular-nums">{at ? formatDate(at) : ""}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
