// The order's own link: /order-confirmation?order=<orderNumber>&t=<accessToken>. The receipt behind it is
// read with orders.receipt (REST GET /api/orders/{orderNumber}/receipt?t=; no e-mail look-up, generous limit), so
// the thank-you page survives a reload, a new tab or another device.
import type { OrderReceiptDto } from "@ch/contracts/orders";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { invoiceToPay } from "./amount-due";

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
    ...trpc.orders.receipt.queryOptions({ orderNumber: orderNumber ?? "", token: token ?? "" }),
    enabled: Boolean(orderNumber && token),
    placeholderData: placeholder,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => {
      const receipt = query.state.data;
      return receipt?.paymentMethod === "usdt" && invoiceToPay(receipt.payment) ? USDT_RECHECK_MS : false;
    },
  });
}
