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

/** The most of one product or option a proposal holds, over all its lines (the input's per-line cap). */
export const MAX_ITEM_QUANTITY = 100;
/** The figures are stored in 4-byte integer columns (proposal_versions, orders). */
const MAX_CENTS = 2_147_483_647;

/**
 * Refuses a catalog product or option whose lines add up to more than MAX_ITEM_QUANTITY: the per-line
 * cap must not be passed by repeating the line (custom lines name no catalog item and are not merged).
 */
export function refuseRepeatedOverCap(lines: PricingInput["lines"]) {
  const totals = new Map<string, { first: number; lines: number; quantity: number; name: string }>();
  lines.forEach((l, index) => {
    if (l.kind === "custom" || l.refId === null) return;
    const key = `${l.kind}:${l.refId}`;
    const seen = totals.get(key) ?? { first: index, lines: 0, quantity: 0, name: l.name };
    totals.set(key, { ...seen, lines: seen.lines + 1, quantity: seen.quantity + l.quantity });
  });
  for (const t of totals.values()) {
    if (t.lines > 1 && t.quantity > MAX_ITEM_QUANTITY) {
      throw badRequest(`${t.name}: at most ${MAX_ITEM_QUANTITY} over all its lines`, [
        {
          path: ["lines", t.first, "quantity"],
          message: `is on ${t.lines} lines adding up to ${t.quantity}; at most ${MAX_ITEM_QUANTITY}`,
        },
      ]);
    }
  }
}

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
  if (totalCents > MAX_CENTS || subtotalCents > MAX_CENTS) {
    throw badRequest("The proposal total is too large (at most $21,474,836.47)", [
      { path: ["lines"], message: "the lines add up to more than one proposal can hold" },
    ]);
  }
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
