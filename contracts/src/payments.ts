// Invoices, the payment ledger and the order timeline, as the apps see them; and the inputs that record
// a payment (staff: bank transfer or refund) or submit a USDT transaction hash (the customer).
import { z } from "zod";
import { cursorParam, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, pageOf } from "./admin";
import { changeFilters } from "./change-filters";
import { email, id, optionalText, requiredText } from "./fields";
import { asMoney, inDollars, inUsdt } from "./money";
import { instant, int } from "./responses";
import { MILESTONE_DUE } from "./totals";

/** deposit: the schedule's first milestone; milestone: one between; balance: the last. */
export const INVOICE_KINDS = ["deposit", "milestone", "balance"] as const;
export const INVOICE_STATUSES = ["open", "partially_paid", "paid", "void"] as const;
/** expired: a submitted hash TronGrid did not show within USDT_CLAIM_TTL_MS (resubmitting it answers 422). */
export const PAYMENT_LEDGER_STATUSES = ["pending_verification", "recorded", "rejected", "expired"] as const;
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
/**
 * A payment staff record: a bank transfer (amount in dollars), a refund (a negative amount, with its
 * reason), or a USDT transfer (its hash: the amount is the chain's, checked on TronGrid like a customer's).
 */
export const recordPaymentInput = z
  .strictObject({
    method: z.enum(LEDGER_METHODS).default("bank-transfer"),
    amount: asMoney(
      z
        .number()
        .min(-100_000_000, "must be at least -100,000,000")
        .max(100_000_000, "must be at most 100,000,000")
        .refine((v) => v !== 0, "must not be zero (a refund is a negative amount)")
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "must be in whole cents"),
      "dollars",
    ).optional(),
    /** A USDT payment's transaction hash (required for method usdt). */
    txHash: txHash().optional(),
    /** Why: required for a refund. */
    reason: optionalText(500),
    /** The day the money arrived (or left), YYYY-MM-DD, or a full ISO time. */
    receivedAt: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
    reference: optionalText(120),
    note: optionalText(1000),
    /** The invoice it pays; by default the first one with something left to pay. */
    invoiceId: id().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method === "usdt") {
      if (!v.txHash)
        ctx.addIssue({ code: "custom", path: ["txHash"], message: "a USDT payment needs its transaction hash" });
      return;
    }
    if (v.receivedAt === undefined)
      ctx.addIssue({ code: "custom", path: ["receivedAt"], message: "say when the money arrived (YYYY-MM-DD)" });
    if (v.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: "the amount is required" });
    else if (v.amount < 0 && !v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "a refund needs its reason" });
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
  /** The milestone's name ("Deposit", "Production start", "Balance"). */
  label: z.string(),
  /** When it falls due: on acceptance or when the build reaches this stage. */
  dueOn: z.enum(MILESTONE_DUE),
  /** When it fell due; null while its stage is still ahead. */
  dueAt: instant().nullable(),
  /** US dollars. */
  amount: inDollars().describe("US dollars"),
  paid: inDollars(),
  outstanding: inDollars(),
  /** The exact USDT amount to send ("21558.004217"), for USDT orders; null otherwise. */
  usdtAmount: inUsdt().nullable().describe('The exact USDT amount to send ("21558.004217"), for USDT orders'),
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
  amount: inDollars().describe("Negative for a refund; 0 while a submitted hash waits for verification"),
  usdtAmount: inUsdt().nullable(),
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
  /** A refund's (or a hand-attached transfer's) reason. */
  reason: z.string().nullable(),
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

/** The shop's bank account for transfers (the business settings); a transfer names its invoice's reference. */
export const bankAccountDto = z.object({
  bankName: z.string(),
  accountName: z.string(),
  routingNumber: z.string().describe("ABA routing number (9 digits)"),
  accountNumber: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountDto>;

/**
 * What the customer sees of the money: invoices, the ledger, the wallet to pay to (null when USDT is
 * unavailable) and the bank account (null until the owner has given it: the details follow by e-mail).
 */
export const receiptPaymentDto = z.object({
  invoices: z.array(invoiceDto.partial({ id: true })),
  payments: z.array(paymentDto),
  paid: inDollars(),
  /** Everything still to pay, due or not. */
  outstanding: inDollars(),
  /** What is owed now: the unpaid part of the invoices that have fallen due. */
  dueNow: inDollars(),
  usdtWalletAddress: z.string().nullable(),
  bankAccount: bankAccountDto.nullable(),
});
export type ReceiptPaymentDto = z.infer<typeof receiptPaymentDto>;

export interface OrderPaymentsDto extends ReceiptPaymentDto {
  invoices: InvoiceDto[];
  payments: PaymentDto[];
  paid: number;
  outstanding: number;
  dueNow: number;
  usdtWalletAddress: string | null;
  bankAccount: BankAccount | null;
}

export const adminOrderPaymentsDto = z.object({
  invoices: z.array(invoiceDto),
  payments: z.array(adminPaymentDto),
  events: z.array(orderEventDto),
  paid: inDollars(),
  outstanding: inDollars(),
  dueNow: inDollars(),
});
export type AdminOrderPaymentsDto = z.infer<typeof adminOrderPaymentsDto>;

/**
 * The answer to a submitted hash: 201 recorded (it pays this order's invoice: its exact current USDT amount);
 * 202 pending_verification (TronGrid does not show it confirmed yet: checked again, and it expires after
 * USDT_CLAIM_TTL_MS); 202 in_review (a USDT transfer to the shop's wallet that matches no open invoice's
 * exact amount: more, less, or an amount already paid; staff match it by hand and the customer hears from them).
 */
export const submitPaymentAnswer = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("recorded"),
    payment: paymentDto,
    message: z.string(),
  }),
  z.object({
    status: z.literal("pending_verification"),
    payment: paymentDto,
    message: z.string(),
  }),
  z.object({
    status: z.literal("in_review"),
    /** The transfer as seen on chain (no payment is recorded until staff attach it to an invoice). */
    transfer: z.object({
      txHash: z.string(),
      usdtAmount: inUsdt().describe('The exact USDT amount the transfer carried ("21558.004217")'),
      receivedAt: instant(),
    }),
    message: z.string(),
  }),
]);
export type SubmitPaymentAnswer = z.infer<typeof submitPaymentAnswer>;

// ---- the unmatched USDT transfers queue (staff) -------------------------------------------------------

/** credited: on the ledger by its exact amount; unmatched: in the staff queue; attached: staff put it on an invoice. */
export const USDT_TRANSFER_STATUSES = ["credited", "unmatched", "attached"] as const;
export type UsdtTransferStatus = (typeof USDT_TRANSFER_STATUSES)[number];

/** An open USDT invoice a transfer may belong to (near its amount, or of the order that claimed it). */
export const usdtInvoiceCandidateDto = z.object({
  invoiceId: int(),
  orderId: int(),
  orderNumber: z.string(),
  kind: z.enum(INVOICE_KINDS),
  reference: z.string(),
  usdtAmount: inUsdt().nullable(),
  /** US dollars still due on the invoice. */
  outstanding: inDollars(),
  status: z.string(),
});
export type UsdtInvoiceCandidateDto = z.infer<typeof usdtInvoiceCandidateDto>;

export const usdtTransferDto = z.object({
  txHash: z.string(),
  fromAddress: z.string(),
  /** The exact USDT amount ("21558.004217"). */
  usdtAmount: inUsdt(),
  /** The same in US dollars, whole cents rounded down (what recording it would credit). */
  amount: inDollars(),
  /** The block's time. */
  receivedAt: instant(),
  status: z.enum(USDT_TRANSFER_STATUSES),
  paymentId: int().nullable(),
  /** The order the transfer is on the ledger of (credited or attached). */
  order: z.object({ id: int(), orderNumber: z.string() }).nullable(),
  /** The order whose customer (or staff) submitted the hash, when someone did. */
  claimedBy: z.object({ id: int(), orderNumber: z.string() }).nullable(),
  /** Staff's reason when attached; the trail of other claims while unmatched. */
  note: z.string().nullable(),
  /** For an unmatched transfer: open invoices it may belong to (the five nearest amounts and the claiming order's), nearest first. */
  candidates: z.array(usdtInvoiceCandidateDto),
  createdAt: instant(),
  updatedAt: instant(),
});
export type UsdtTransferDto = z.infer<typeof usdtTransferDto>;

/** GET /api/admin/usdt-transfers: `status` (default unmatched, `all` for every one), newest block first. */
export const usdtTransferListQuery = z.strictObject({
  status: z.enum([...USDT_TRANSFER_STATUSES, "all"]).default("unmatched"),
  cursor: cursorParam.optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  ...changeFilters,
});
export type UsdtTransferListQuery = z.output<typeof usdtTransferListQuery>;

export const usdtTransferPage = pageOf(usdtTransferDto);

/**
 * The path's transaction hash: any short text here, so that the session is checked first (401/403 before
 * 400); the handler then reads it with usdtTransferHash (400 naming txHash).
 */
export const usdtTransferParams = z.strictObject({
  txHash: z.string().max(200).describe("The transfer's transaction hash: 64 hexadecimal characters"),
});
export const usdtTransferHash = z.strictObject({ txHash: txHash() });

/** Staff put an unmatched transfer on an invoice, saying why. */
export const attachUsdtTransferInput = z.strictObject({
  invoiceId: id(),
  reason: requiredText(500, "reason"),
});
export type AttachUsdtTransferInput = z.output<typeof attachUsdtTransferInput>;

export const attachUsdtTransferAnswer = z.object({
  transfer: usdtTransferDto,
  payment: adminPaymentDto,
});
export type AttachUsdtTransferAnswer = z.infer<typeof attachUsdtTransferAnswer>;

/** Staff record a USDT payment by its hash: verified on chain like a customer's. */
export const staffUsdtPaymentInput = z.strictObject({
  txHash: txHash(),
  note: optionalText(1000),
});
