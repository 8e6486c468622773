// The `data` of each webhook event: ids and figures an integrator needs to act without another call
// (amounts in dollars, times in ISO 8601). One builder per event type, called by the service that
// makes the change; the shapes are documented in docs/decisions/0015-webhooks.md.

export function orderCreatedData(order: {
  id: number;
  orderNumber: string;
  stage: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  depositPercent: number;
  createdAt: Date;
  lines: { productId: number; productName: string; unitPriceCents: number; quantity: number }[];
}) {
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
