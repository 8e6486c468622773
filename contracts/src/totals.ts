// The deposit split, shared by the server and both browser apps (no imports: the apps bundle this file).
// Orders and proposals are priced by the pricing engine (api/src/modules/pricing/engine.ts).

export interface DepositSplit {
  /** Percent of the total paid when the order is placed. */
  depositPercent: number;
  /** Paid now: the percent of the total, rounded to the cent (half a cent up). */
  depositCents: number;
  /** Paid on delivery: the rest, so deposit + balance is always the total. */
  balanceCents: number;
}

/** Splits an order total (integer cents) into the deposit due now and the balance due on delivery. */
export function splitDeposit(totalCents: number, depositPercent: number): DepositSplit {
  const percent = Math.min(100, Math.max(0, depositPercent));
  const depositCents = Math.round((totalCents * percent) / 100);
  return { depositPercent: percent, depositCents, balanceCents: totalCents - depositCents };
}

/** When a milestone of a payment schedule falls due: on acceptance (the order's creation) or at a build stage. */
export const MILESTONE_DUE = [
  "acceptance",
  "in_production",
  "quality_check",
  "ready_for_delivery",
  "delivered",
] as const;
export type MilestoneDue = (typeof MILESTONE_DUE)[number];

export const MILESTONE_DUE_LABELS: Record<MilestoneDue, string> = {
  acceptance: "on acceptance",
  in_production: "at production start",
  quality_check: "at quality check",
  ready_for_delivery: "when ready for delivery",
  delivered: "on delivery",
};

export interface PaymentMilestone {
  label: string;
  /** Whole percent of the total. */
  percent: number;
  dueOn: MilestoneDue;
}

/** The schedule when none is set: the deposit on acceptance, the rest on delivery (a 0 % part is left out later). */
export function defaultMilestones(depositPercent: number): PaymentMilestone[] {
  return [
    { label: "Deposit", percent: depositPercent, dueOn: "acceptance" },
    { label: "Balance", percent: 100 - depositPercent, dueOn: "delivered" },
  ];
}

/**
 * Each milestone's amount in cents: the running percent of the total, rounded to the cent (half a cent
 * up), less what the milestones before it took. So the amounts always add up to the total, and a
 * two-part schedule splits exactly as splitDeposit does.
 */
export function splitMilestones(
  totalCents: number,
  milestones: readonly Pick<PaymentMilestone, "percent">[],
): number[] {
  let running = 0;
  let taken = 0;
  return milestones.map((m, i) => {
    running += m.percent;
    const upTo = i === milestones.length - 1 ? totalCents : Math.round((totalCents * running) / 100);
    const amount = upTo - taken;
    taken = upTo;
    return amount;
  });
}
