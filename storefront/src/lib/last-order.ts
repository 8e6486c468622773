// The order just placed, kept for the confirmation page under the spec's key, then deleted there.
import type { OrderInput, OrderReceiptDto } from "@ch/contracts/orders";

export const LAST_ORDER_KEY = "lastOrderDetails";

export type LastOrder = OrderInput & { receipt: OrderReceiptDto };

export function saveLastOrder(order: LastOrder): void {
  try {
    localStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  } catch {
    // storage full or blocked: the confirmation page then links to the order-status look-up
  }
}

export function readLastOrder(): LastOrder | null {
  try {
    const raw = localStorage.getItem(LAST_ORDER_KEY);
    const data = raw ? (JSON.parse(raw) as LastOrder) : null;
    return data?.receipt?.orderNumber ? data : null;
  } catch {
    return null;
  }
}

export function deleteLastOrder(): void {
  try {
    localStorage.removeItem(LAST_ORDER_KEY);
  } catch {
    // nothing to do
  }
}
