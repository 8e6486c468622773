// An order's stage (its one state) as a coloured badge with the stage's own name ("Completed", not the
// derived status "delivered"), and the colours the Analytics tab's chart uses for the same stages.
import { ORDER_STAGE_LABELS, type OrderStage } from "@ch/contracts/stages";
import { badgeClass } from "../../lib/format";

/** The chart's colours, in the hues of the stage badges (lib/format.ts badgeClass). */
export const STAGE_COLOURS: Record<OrderStage, string> = {
  awaiting_deposit: "#ca8a04",
  deposit_received: "#2563eb",
  in_production: "#9333ea",
  quality_check: "#c084fc",
  ready_for_delivery: "#16a34a",
  delivered: "#059669",
  balance_paid: "#34d399",
  completed: "#064e3b",
  cancelled: "#dc2626",
};

export const stageLabel = (stage: string) => ORDER_STAGE_LABELS[stage as OrderStage] ?? stage.replace(/_/g, " ");

export function StageBadge({ stage }: { stage: string }) {
  return (
    <span
      data-stage={stage}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeClass(stage)}`}
    >
      {stageLabel(stage)}
    </span>
  );
}
