// The one arithmetic of an order's money, in whole cents, for the cart (its quote and the order) and for
// proposals: a pure function, no database (pricing.service.ts reads what it needs and maps each channel's
// lines to its input). Order of operations:
//   subtotal = Σ unit × quantity
//   the discount is shared out over the tax classes pro rata to their lines (largest remainder)
//   delivery = the band's fee (× the homes when per unit), taxed in its own class, "delivery"
//   tax = Σ over the classes of (class subtotal − its discount share [+ delivery]) × the class's rate,
//         each rounded half up to the cent
//   total = subtotal − discount + delivery + tax; deposit = total × percent (splitDeposit), balance = the rest
// Amounts that could pass 2^53 when multiplied (a share of the discount, a tax) are computed with BigInt.

import { TAX_CLASSES, type TaxClass, taxLineLabel } from "@ch/contracts/pricing";
import { splitDeposit } from "@ch/contracts/totals";
import type { TaxLineRecord } from "@ch/db";
import { badRequest } from "../../lib/errors";

export interface PricingLine {
  kind: "product" | "option" | "custom";
  refId: number | null;
  name: string;
  unitPriceCents: number;
  quantity: number;
  taxClass: TaxClass;
}

export interface PricingDelivery {
  label: string;
  feeCents: number;
  perUnit: boolean;
}

export interface PricingInput {
  lines: PricingLine[];
  discountCents: number;
  delivery: PricingDelivery | null;
  taxState: string;
  /** Basis points per class for taxState (625 = 6.25 %); a missing class is taxed at 0. */
  rates: Partial<Record<TaxClass, number>>;
  depositPercent: number;
}

export type PricedLine = PricingLine & { lineTotalCents: number };

export interface PricedFigures {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  deliveryLabel: string;
  taxState: string;
  /** One per tax class the order has (in TAX_CLASSES order), each with its named rate. */
  taxLines: TaxLineRecord[];
  taxCents: number;
  totalCents: number;
  /** The general class's rate (kept for the documented proposal payload). */
  taxRateBasisPoints: number;
  depositPercent: number;
  depositCents: number;
  balanceCents: number;
}

export interface PriceOptions {
  /** The input field a refusal names: "lines" (proposals, the default) or "cartItems" (the cart). */
  linesField?: "lines" | "cartItems";
}

/** $10 billion: more than any order or proposal can be; the figures stay exact far beyond it. */
export const MAX_TOTAL_CENTS = 1_000_000_000_000;

/** Units a per-unit delivery fee multiplies by: the homes (product lines) on the order, at least one. */
export const deliveryUnits = (lines: readonly { kind: string; quantity: number }[]) =>
  Math.max(
    1,
    lines.filter((l) => l.kind === "product").reduce((n, l) => n + l.quantity, 0),
  );

/** The most of one product or option a proposal holds, over all its lines (the input's per-line cap). */
export const MAX_ITEM_QUANTITY = 100;

/**
 * Refuses a catalog product or option whose lines add up to more than MAX_ITEM_QUANTITY: the per-line
 * cap must not be passed by repeating the line (custom lines name no catalog item and are not merged).
 */
export function refuseRepeatedOverCap(lines: readonly Pick<PricingLine, "kind" | "refId" | "name" | "quantity">[]) {
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

/** a × b ÷ c rounded half up, exactly (a, b ≥ 0; c > 0). */
function mulDivHalfUp(a: number, b: number, c: number): number {
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));
}

/**
 * The discount's share of each class, pro rata to the classes' line totals: the floor of each exact share,
 * then the cents left over one each to the largest remainders (ties: TAX_CLASSES order). The shares add up
 * to the discount and none is larger than its class's lines.
 */
function shareDiscount(discountCents: number, bases: Map<TaxClass, number>, subtotalCents: number) {
  const shares = new Map<TaxClass, number>();
  if (discountCents === 0 || subtotalCents === 0) {
    for (const taxClass of bases.keys()) shares.set(taxClass, 0);
    return shares;
  }
  const total = BigInt(subtotalCents);
  const parts = [...bases].map(([taxClass, base]) => {
    const exact = BigInt(discountCents) * BigInt(base);
    return { taxClass, floor: Number(exact / total), remainder: exact % total };
  });
  let left = discountCents - parts.reduce((sum, p) => sum + p.floor, 0);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder
      ? TAX_CLASSES.indexOf(a.taxClass) - TAX_CLASSES.indexOf(b.taxClass)
      : a.remainder > b.remainder
        ? -1
        : 1,
  );
  for (const p of byRemainder) {
    const extra = left > 0 ? 1 : 0;
    left -= extra;
    shares.set(p.taxClass, p.floor + extra);
  }
  return shares;
}

export function priceOrder(input: PricingInput, options: PriceOptions = {}): PricedFigures {
  const linesField = options.linesField ?? "lines";
  const tooLarge = () =>
    badRequest("The total is too large (at most $10,000,000,000.00); please contact us for a quote", [
      { path: [linesField], message: "the lines add up to more than one order can hold" },
    ]);
  const lines = input.lines.map((l) => ({ ...l, lineTotalCents: l.unitPriceCents * l.quantity }));
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  if (input.discountCents < 0 || input.discountCents > subtotalCents) {
    throw badRequest("The discount is larger than the subtotal", [
      { path: ["discountCents"], message: "cannot be larger than the subtotal of the lines" },
    ]);
  }
  if (subtotalCents > MAX_TOTAL_CENTS) throw tooLarge();
  const deliveryCents = input.delivery
    ? input.delivery.perUnit
      ? input.delivery.feeCents * deliveryUnits(lines)
      : input.delivery.feeCents
    : 0;
  if (deliveryCents > MAX_TOTAL_CENTS) throw tooLarge();

  // the goods' classes (in TAX_CLASSES order), then the delivery charge in its own class
  const bases = new Map<TaxClass, number>();
  for (const taxClass of TAX_CLASSES) {
    const classLines = lines.filter((l) => l.taxClass === taxClass);
    if (classLines.length > 0)
      bases.set(
        taxClass,
        classLines.reduce((sum, l) => sum + l.lineTotalCents, 0),
      );
  }
  const shares = shareDiscount(input.discountCents, bases, subtotalCents);
  const taxLines: TaxLineRecord[] = [];
  for (const taxClass of TAX_CLASSES) {
    const goods = bases.get(taxClass);
    const delivery = taxClass === "delivery" ? deliveryCents : 0;
    if (goods === undefined && delivery === 0) continue;
    const taxableCents = (goods ?? 0) - (shares.get(taxClass) ?? 0) + delivery;
    const rateBasisPoints = input.rates[taxClass] ?? 0;
    taxLines.push({
      taxClass,
      label: taxLineLabel(input.taxState, taxClass, rateBasisPoints),
      rateBasisPoints,
      taxableCents,
      taxCents: mulDivHalfUp(taxableCents, rateBasisPoints, 10_000),
    });
  }
  const taxCents = taxLines.reduce((sum, t) => sum + t.taxCents, 0);
  const totalCents = subtotalCents - input.discountCents + deliveryCents + taxCents;
  if (totalCents > MAX_TOTAL_CENTS) throw tooLarge();
  const split = splitDeposit(totalCents, input.depositPercent);
  return {
    lines,
    subtotalCents,
    discountCents: input.discountCents,
    deliveryCents,
    deliveryLabel: input.delivery?.label ?? "",
    taxState: input.taxState,
    taxLines,
    taxCents,
    totalCents,
    taxRateBasisPoints: input.rates.general ?? 0,
    depositPercent: split.depositPercent,
    depositCents: split.depositCents,
    balanceCents: split.balanceCents,
  };
}
