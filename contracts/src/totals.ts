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
