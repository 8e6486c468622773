import { z } from "zod";
import { adminOrderDto, auditEntryResponse, noteResponse } from "./admin";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, PAYMENT_METHODS } from "./constants";
import { email, id, optionalText, phone, requiredText, text, usState, zipCode } from "./fields";
import { inDollars, moneyAmount, moneyDto } from "./money";
import { adminOrderPaymentsDto, receiptPaymentDto } from "./payments";
import { instant, int } from "./responses";

/** A cart line as the storefront keeps it; only id and quantity are trusted by the server. */
export const cartItem = z.strictObject({
  id: id(),
  name: text(200).optional(),
  price: z.number().min(0).max(100_000_000).optional(),
  image: text(500).optional(),
  category: text(60).optional(),
  quantity: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
});

type CartLine = { id: number; quantity: number };

/**
 * One line per product, in the order each product first appears, with the quantities of its lines
 * added together: the per-product cap (MAX_LINE_QUANTITY) applies to that sum, so 20 lines of the same
 * product count as one line of 20 times the quantity.
 */
export function mergeCartLines<T extends CartLine>(items: readonly T[]): T[] {
  const merged = new Map<number, T>();
  for (const item of items) {
    const seen = merged.get(item.id);
    merged.set(item.id, seen ? { ...seen, quantity: seen.quantity + item.quantity } : { ...item });
  }
  return [...merged.values()];
}

/** Refuses a product whose lines add up to more than MAX_LINE_QUANTITY (on its first line's quantity). */
function refineMergedQuantities(items: readonly CartLine[], ctx: z.RefinementCtx) {
  const totals = new Map<number, { first: number; lines: number; quantity: number }>();
  items.forEach((item, index) => {
    if (!Number.isInteger(item.quantity)) return; // the line's own issue says why
    const seen = totals.get(item.id) ?? { first: index, lines: 0, quantity: 0 };
    totals.set(item.id, { ...seen, lines: seen.lines + 1, quantity: seen.quantity + item.quantity });
  });
  for (const [id, t] of totals) {
    if (t.lines > 1 && t.quantity > MAX_LINE_QUANTITY) {
      ctx.addIssue({
        code: "custom",
        path: [t.first, "quantity"],
        message: `product ${id} is on ${t.lines} lines adding up to ${t.quantity}; at most ${MAX_LINE_QUANTITY} of one product`,
      });
    }
  }
}

export const orderInput = z.strictObject({
  firstName: requiredText(80, "first name"),
  lastName: requiredText(80, "last name"),
  email: email(),
  phone: phone(),
  address: requiredText(200, "address"),
  city: requiredText(100, "city"),
  state: usState(),
  zipCode: zipCode(),
  deliveryNotes: optionalText(1000),
  paymentMethod: z.enum(PAYMENT_METHODS),
  cartItems: z
    .array(cartItem)
    .min(1, "the cart is empty")
    .max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`)
    .superRefine(refineMergedQuantities)
    .transform(mergeCartLines),
  totalAmount: z.number().min(0).max(1_000_000_000),
  orderDate: z.iso.datetime({ offset: true }).optional(),
});
export type OrderInput = z.input<typeof orderInput>;

export const idempotencyKey = z
  .string()
  .min(16, "must be 16 to 255 characters")
  .max(255, "must be 16 to 255 characters")
  .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces");

export const orderStatusLookupInput = z.strictObject({
  orderNumber: requiredText(40, "order number"),
  email: email(),
});

/**
 * The order's own link (GET /api/orders/{orderNumber}/receipt?t=…): `t` is the order's access token. A
 * missing or wrong one answers the same 404 as an unknown order, so it is optional here.
 */
export const orderReceiptQuery = z.strictObject({
  t: text(200).optional().describe("The order's access token, from the link after checkout or in the e-mail"),
});
export const orderReceiptInput = z.strictObject({
  orderNumber: requiredText(40, "order number"),
  token: text(200).optional(),
});

export const orderLineDto = z.object({
  productId: int(),
  name: z.string(),
  unitPrice: inDollars(),
  quantity: int(),
  lineTotal: inDollars(),
});
export type OrderLineDto = z.infer<typeof orderLineDto>;

/** The answer to POST /api/orders and to the customer's order-status look-up. Amounts in US dollars. */
/**
 * What a 409 from POST /api/orders adds to the Error shape: the server's own figures when the sent total
 * differs from current prices (a client can show them and send the order again), or which products are
 * unknown or out of stock.
 */
export const orderConflictFields = z.looseObject({
  subtotal: inDollars().optional(),
  tax: inDollars().optional(),
  shipping: inDollars().optional(),
  totalAmount: inDollars().optional().describe("The server's total when the sent one differs from current prices"),
  unknownProductIds: z.array(z.number().int()).optional(),
  outOfStock: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
});

export const orderReceiptDto = z.object({
  id: int(),
  orderNumber: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  lines: z.array(orderLineDto),
  /** An accepted proposal's discount, taken from the subtotal (the lines' sum). Absent when there is none. */
  discount: inDollars().optional().describe("An accepted proposal's discount; absent when there is none"),
  /** The lines' sum before any discount; subtotal − discount + shipping + tax = totalAmount. */
  subtotal: inDollars(),
  tax: inDollars(),
  /** The tax per tax class, each with its named rate (the pricing engine's tax table). */
  taxLines: z
    .array(
      z.object({
        taxClass: z.string(),
        label: z.string().describe('The rate named, e.g. "TX sales tax (6.25 %)"'),
        rateBasisPoints: int(),
        taxable: inDollars(),
        tax: inDollars(),
      }),
    )
    .optional(),
  shipping: inDollars(),
  /** What the delivery fee is for: the distance band of the delivery ZIP. */
  deliveryLabel: z.string().optional(),
  totalAmount: inDollars(),
  /**
   * The secret of the customer's own links (/order-confirmation?order=…&t=…): in the answer that creates
   * the order and in the answer read with it, never in a look-up by e-mail.
   */
  accessToken: z.string().optional(),
  /** Percent of the total due when the order is placed (the business settings at that time). */
  depositPercent: z.number().describe("Percent of the total due when the order is placed"),
  /** The deposit: what the customer pays now. */
  amountDueNow: inDollars().describe("The deposit: what the customer pays now"),
  /** What is left to pay on delivery; amountDueNow + balanceOnDelivery = totalAmount. */
  balanceOnDelivery: inDollars(),
  /** The invoices (deposit, balance: reference, exact USDT amount), what is paid, and the wallet to pay to. */
  payment: receiptPaymentDto.optional(),
  createdAt: instant(),
  estimatedDelivery: z.string(),
  /** The build stage (contracts/src/stages.ts) and when each stage was reached, oldest first. */
  stage: z.string().optional(),
  stages: z.array(z.object({ stage: z.string().nullable(), at: instant() })).optional(),
});
export type OrderReceiptDto = z.infer<typeof orderReceiptDto>;

export const orderIdParams = z.strictObject({ id: id() });

// ---- admin REST: one order (GET /api/admin/orders/:id) ----------------------------------------------

/**
 * The order as staff and integrators read it: the receipt's lines and figures, the admin summary, the
 * delivery address, the build stage, staff notes, the audit timeline, and the ledger (invoices,
 * payments, payment events, paid, outstanding).
 */
export const adminOrderRecordResponse = orderReceiptDto
  .omit({ payment: true, stages: true })
  .extend(adminOrderDto.shape)
  .extend({
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    deliveryNotes: z.string().nullable(),
    stage: z.string(),
    stageChangedAt: instant(),
    notes: z.array(noteResponse),
    timeline: z.array(auditEntryResponse),
  })
  .extend(adminOrderPaymentsDto.shape);

// ---- the cart's quote (POST /api/orders/quote, pricing.quote): the pricing engine's figures --------------

/** The cart as the storefront keeps it (only id and quantity are read), and where it goes. */
export const orderQuoteInput = z.strictObject({
  cartItems: orderInput.shape.cartItems,
  state: usState(),
  zipCode: zipCode(),
});
export type OrderQuoteInput = z.input<typeof orderQuoteInput>;

/** One tax class's part of the tax, its rate named ("TX sales tax (6.25 %)"); amounts in US dollars. */
export const taxLineDto = z.object({
  taxClass: z.string(),
  label: z.string().describe('The rate named, e.g. "TX sales tax (6.25 %)"'),
  rateBasisPoints: int().describe("625 = 6.25 %"),
  taxable: inDollars(),
  tax: inDollars(),
});

/** What the cart costs delivered to that ZIP, as POST /api/orders would price it now. Amounts in US dollars. */
export const orderQuoteDto = z.object({
  lines: z.array(orderLineDto.extend({ taxClass: z.string() })),
  subtotal: inDollars(),
  tax: inDollars(),
  taxLines: z.array(taxLineDto),
  shipping: inDollars().describe("The delivery fee of the ZIP's distance band"),
  deliveryLabel: z.string().describe("The delivery band, e.g. 'Up to 100 miles'"),
  miles: int().nullable().describe("Miles from our yard to the ZIP code's centre, in a straight line"),
  taxState: z.string(),
  totalAmount: inDollars().describe("Send this as totalAmount with POST /api/orders"),
  depositPercent: z.number(),
  amountDueNow: inDollars(),
  balanceOnDelivery: inDollars(),
});
export type OrderQuoteDto = z.infer<typeof orderQuoteDto>;

/** POST /api/admin/orders: an order an integrator places for a customer; the server prices it. */
export const adminOrderCreateInput = z.strictObject({
  customer: z.strictObject({
    firstName: requiredText(80, "first name"),
    lastName: requiredText(80, "last name"),
    email: email(),
    phone: phone(),
  }),
  deliveryAddress: z.strictObject({
    address: requiredText(200, "address"),
    city: requiredText(100, "city"),
    state: usState(),
    zipCode: zipCode(),
    notes: optionalText(1000),
  }),
  lines: z
    .array(
      z.strictObject({
        productId: id(),
        quantity: z
          .number()
          .int("must be a whole number")
          .min(1, "must be at least 1")
          .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
      }),
    )
    .min(1, "at least one line")
    .max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`),
  paymentMethod: z.enum(PAYMENT_METHODS),
  expectedTotal: moneyAmount
    .optional()
    .describe("The total the integrator expects; 409 with the server's figures only when it differs"),
  notifyCustomer: z.boolean().default(true).describe("E-mail the customer their order confirmation (default true)"),
});
export type AdminOrderCreateInput = z.output<typeof adminOrderCreateInput>;

/** The 409 of POST /api/admin/orders when `expectedTotal` differs: the server's figures in the money form. */
export const adminOrderTotalConflict = z.looseObject(
  Object.fromEntries(["subtotal", "discount", "tax", "shipping", "total"].map((name) => [name, moneyDto.optional()])),
);
