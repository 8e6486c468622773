// The proposal page's formats (money in cents, rates in basis points, dates) and the acceptance's answer.
import type { ReceiptPaymentDto } from "@ch/contracts/payments";
import { formatAmount } from "../../lib/format";

export const money = (cents: number) => formatAmount(cents / 100);
export const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(basisPoints % 100 === 0 ? 0 : 2)}%`;
export const longDate = (isoDate: string) =>
  new Date(`${isoDate.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * 201 of POST /api/proposals/{token}/accept: the order it created, and (order core) the receipt's
 * `payment` (invoices with the deposit's exact USDT amount, the wallet) and the order's access token.
 */
export interface AcceptAnswer {
  orderNumber: string;
  email: string;
  depositCents: number;
  balanceCents: number;
  payment?: ReceiptPaymentDto;
  accessToken?: string;
}

export type PaymentMethod = "bank-transfer" | "usdt";
