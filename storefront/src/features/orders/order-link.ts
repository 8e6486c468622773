// The order's own link: /order-confirmation?order=<orderNumber>&t=<accessToken>. The receipt behind it is
// read with GET /api/orders/{orderNumber}/receipt?t=<accessToken> (no e-mail look-up, generous limit), so
// the thank-you page survives a reload, a new tab or another device.
import type { OrderReceiptDto } from "@ch/contracts/orders";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../lib/api";
import { invoiceToPay } from "./amount-due";

export const receiptPath = (orderNumber: string, token: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/receipt?t=${encodeURIComponent(token)}`;

/** Checked again while USDT is to be sent, so the page shows the payment once the chain has it. */
const USDT_RECHECK_MS = 30_000;

/**
 * The receipt of the order behind a link (disabled without both parts). `placeholder` (the answer kept
 * from checkout) is shown until the server answers.
 */
export function useOrderReceipt(
  orderNumber: string | undefined,
  token: string | undefined,
  placeholder?: OrderReceiptDto,
) {
  return useQuery({
    queryKey: ["order-receipt", orderNumber ?? "", token ?? ""],
    queryFn: () => getJson<OrderReceiptDto>(receiptPath(orderNumber!, token!)),
    enabled: Boolean(orderNumber && token),
    placeholderData: placeholder,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => {
      const receipt = query.state.data;
      return receipt?.paymentMethod === "usdt" && invoiceToPay(receipt.payment) ? USDT_RECHECK_MS : false;
    },
  });
}
