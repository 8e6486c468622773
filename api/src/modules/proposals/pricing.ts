// The arithmetic of a proposal, in whole cents, as one pure function (unit-tested against hand-computed
// figures). Order of operations: subtotal of the lines − discount + delivery = taxable amount (Texas taxes
// a seller's delivery charge with the goods); tax = taxable × rate, rounded half up to the cent;
// total = taxable + tax; deposit = total × percent (splitDeposit), balance = the rest.
import type { ProposalFiguresDto, ProposalLineDto } from "../../contracts/proposals";
import { splitDeposit } from "../../contracts/totals";
import { badRequest } from "../../lib/errors";

export interface PricingInput {
  lines: Omit<ProposalLineDto, "lineTotalCents">[];
  delivery: { feeCents: number; perUnit: boolean } | null;
  discountCents: number;
  taxState: string;
  taxRateBasisPoints: number;
  depositPercent: number;
}

export interface PricedProposal extends ProposalFiguresDto {
  lines: ProposalLineDto[];
}

/** Units a per-unit delivery fee multiplies by: the homes (product lines) on the proposal, at least one. */
export const deliveryUnits = (lines: { kind: string; quantity: number }[]) =>
  Math.max(
    1,
    lines.filter((l) => l.kind === "product").reduce((n, l) => n + l.quantity, 0),
  );

export function priceProposal(input: PricingInput): PricedProposal {
  const lines = input.lines.map((l) => ({ ...l, lineTotalCents: l.unitPriceCents * l.quantity }));
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  if (input.discountCents > subtotalCents) {
    throw badRequest("The discount is larger than the subtotal", [
      { path: ["discountCents"], message: "cannot be larger than the subtotal of the lines" },
    ]);
  }
  const deliveryCents = input.delivery
    ? input.delivery.perUnit
      ? input.delivery.feeCents * deliveryUnits(lines)
      : input.delivery.feeCents
    : 0;
  const taxable = subtotalCents - input.discountCents + deliveryCents;
  // integer half-up rounding: (taxable × bp + 5000) / 10000, floored
  const taxCents = Math.floor((taxable * input.taxRateBasisPoints + 5000) / 10_000);
  const totalCents = taxable + taxCents;
  const split = splitDeposit(totalCents, input.depositPercent);
  return {
    lines,
    subtotalCents,
    discountCents: input.discountCents,
    deliveryCents,
    taxState: input.taxState,
    taxRateBasisPoints: input.taxRateBasisPoints,
    taxCents,
    totalCents,
    depositPercent: split.depositPercent,
    depositCents: split.depositCents,
    balanceCents: split.balanceCents,
  };
}
