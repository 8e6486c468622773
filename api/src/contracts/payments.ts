// Invoices, the payment ledger and the order timeline, as the apps see them; and the inputs that record
// a payment (staff: bank transfer or refund) or submit a USDT transaction hash (the customer).
import { z } from "zod";
import { email, id, optionalText, requiredText } from "./fields";
import { instant, int } from "./responses";

export const INVOICE_KINDS = ["deposit", "balance"] as const;
export const INVOICE_STATUSES = ["open", "partially_paid", "paid", "void"] as const;
export const PAYMENT_LEDGER_STATUSES = ["pending_verification", "recorded", "rejected"] as const;
/** late: after the invoice's validity; excess: more than was due; partial: less than was due. */
export const PAYMENT_FLAGS = ["late", "excess", "partial"] as const;
export const LEDGER_METHODS = ["bank-transfer", "usdt"] as const;

/** A TRON transaction id: 64 hex characters (a leading 0x is dropped); stored in lower case. */
export const txHash = () =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/^0x/i, "").toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{64}$/, "must be a transaction hash: 64 hexadecimal characters"));

/** Staff record money received (a positive amount) or refunded (negative), in US dollars to the cent. */
export const recordPaymentInput = z.strictObject({
  method: z.enum(LEDGER_METHODS).default("bank-transfer"),
  amount: z
    .number()
    .min(-100_000_000, "must be at least -100,000,000")
    .max(100_000_000, "must be at most 100,000,000")
    .refine((v) => v !== 0, "must not be zero (a refund is a negative amount)")
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "must be in whole cents"),
  /** The day the money arrived (or left), YYYY-MM-DD, or a full ISO time. */
  receivedAt: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
  reference: optionalText(120),
  note: optionalText(1000),
  /** The invoice it pays; by default the first one with something left to pay. */
  invoiceId: id().optional(),
});
export type RecordPaymentInput = z.input<typeof recordPaymentInput>;

export const rejectPaymentInput = z.strictObject({ reason: requiredText(500, "reason") });

/** The customer's USDT transaction hash, with the order's e-mail (the same pair as the order look-up). */
export const submitPaymentInput = z.strictObject({
  email: email(),
  method: z.literal("usdt"),
  txHash: txHash(),
});
export const orderNumberParams = z.strictObject({ orderNumber: requiredText(40, "order number") });

export const invoiceDto = z.object({
  id: int(),
  kind: z.enum(INVOICE_KINDS),
  reference: z.string(),
  /** US dollars. */
  amount: z.number().describe("US dollars"),
  paid: z.number(),
  outstanding: z.number(),
  /** The exact USDT amount to send ("21558.004217"), for USDT orders; null otherwise. */
  usdtAmount: z.string().nullable().describe('The exact USDT amount to send ("21558.004217"), for USDT orders'),
  status: z.string(),
  validUntil: instant().nullable(),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

export const paymentDto = z.object({
  id: int(),
  invoiceId: int().nullable(),
  method: z.string(),
  status: z.string(),
  /** US dollars; negative for a refund; 0 while a submitted hash waits for verification. */
  amount: z.number().describe("US dollars; negative for a refund; 0 while a submitted hash waits for verification"),
  usdtAmount: z.string().nullable(),
  txHash: z.string().nullable(),
  reference: z.string().nullable(),
  flags: z.array(z.string()),
  receivedAt: instant().nullable(),
  createdAt: instant(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

/** The staff view adds who recorded it and the internal note. */
export const adminPaymentDto = paymentDto.extend({
  note: z.string().nullable(),
  recordedBy: z.string().nullable(),
  fromAddress: z.string().nullable(),
});
export type AdminPaymentDto = z.infer<typeof adminPaymentDto>;

export const orderEventDto = z.object({
  id: int(),
  kind: z.string(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  actor: z.string(),
  createdAt: instant(),
});
export type OrderEventDto = z.infer<typeof orderEventDto>;

/** What the customer sees of the money: invoices, the ledger, the wallet to pay to (null when USDT is unavailable). */
export const receiptPaymentDto = z.object({
  invoices: z.array(invoiceDto.partial({ id: true })),
  payments: z.array(paymentDto),
  paid: z.number(),
  outstanding: z.number(),
  usdtWalletAddress: z.string().nullable(),
});
export type ReceiptPaymentDto = z.infer<typeof receiptPaymentDto>;

export interface OrderPaymentsDto extends ReceiptPaymentDto {
  invoices: InvoiceDto[];
  payments: PaymentDto[];
  paid: number;
  outstanding: number;
  usdtWalletAddress: string | null;
}

export const adminOrderPaymentsDto = z.object({
  invoices: z.array(invoiceDto),
  payments: z.array(adminPaymentDto),
  events: z.array(orderEventDto),
  paid: z.number(),
  outstanding: z.number(),
});
export type AdminOrderPaymentsDto = z.infer<typeof adminOrderPaymentsDto>;

/** The answer to a submitted hash: 201 recorded, 202 pending verification. */
export const submitPaymentAnswer = z.object({
  status: z.enum(["recorded", "pending_verification"]),
  payment: paymentDto,
});
export type SubmitPaymentAnswer = z.infer<typeof submitPaymentAnswer>;
