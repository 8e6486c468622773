import { SHIPPING_FEE, TAX_RATE } from "./constants";

export interface PricedLine {
  /** Unit price in cents. */
  unitPriceCents: number;
  quantity: number;
}

export interface OrderTotalsCents {
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

/** Subtotal, 8% tax on the subtotal, flat 2500 USD shipping when the cart is not empty. All integer cents. */
export function computeTotals(lines: PricedLine[]): OrderTotalsCents {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const taxCents = Math.round(subtotalCents * TAX_RATE);
  const shippingCents = lines.length > 0 ? SHIPPING_FEE * 100 : 0;
  return { subtotalCents, taxCents, shippingCents, totalCents: subtotalCents + taxCents + shippingCents };
}

export const centsToDollars = (cents: number): number => cents / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

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
