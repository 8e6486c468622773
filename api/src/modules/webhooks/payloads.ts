// The `data` of order.created: ids and figures an integrator needs to act without another call (amounts in
// dollars as written, in the money form for receivers of a version that has it; times in ISO 8601). Every event's shape is stated in contracts/src/webhook-payloads.ts, from
// which the OpenAPI document's `webhooks` section is made.
import { speaksMoneyForm } from "@ch/contracts/api-versions";
import { WEBHOOK_PAYLOADS } from "@ch/contracts/webhook-payloads";
import type { schema } from "@ch/db";
import { moneyPlanOf, toMoneyForm } from "../../lib/money-form";
import type { OrderForMessage } from "../notifications";

/** The order's columns order.created reports: those its messages tell, and its state. */
type OrderColumns = Omit<OrderForMessage, "lines"> &
  Pick<typeof schema.orders.$inferSelect, "stage" | "status" | "paymentStatus" | "depositPercent" | "createdAt">;

export function orderCreatedData(
  order: OrderColumns & {
    lines: { productId: number; productName: string; unitPriceCents: number; quantity: number }[];
  },
) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    stage: order.stage,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    customer: {
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      phone: order.phone,
      city: order.city,
      state: order.state,
    },
    deliveryAddress: {
      address: order.address,
      city: order.city,
      state: order.state,
      zipCode: order.zipCode,
      notes: order.deliveryNotes,
    },
    lines: order.lines.map((l) => ({
      productId: l.productId,
      name: l.productName,
      unitPrice: l.unitPriceCents / 100,
      quantity: l.quantity,
    })),
    subtotal: order.subtotalCents / 100,
    tax: order.taxCents / 100,
    shipping: order.shippingCents / 100,
    total: order.totalCents / 100,
    depositPercent: order.depositPercent,
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * An event's data as a receiver of `version` reads it: money as { amount, currency } from 2026-12-02 on
 * (lib/money-form.ts, by the event's declared payload), the units it was written in before.
 */
export function eventDataIn(version: string, type: string, data: Record<string, unknown>): unknown {
  const payload = WEBHOOK_PAYLOADS[type as keyof typeof WEBHOOK_PAYLOADS];
  const plan = payload && speaksMoneyForm(version) ? moneyPlanOf(payload) : undefined;
  return plan ? toMoneyForm(plan, data) : data;
}
