// Proposals (quotes for custom builds): the inputs staff send and the customer's answers, shared with
// the back-office forms and the storefront's proposal page. Every figure is computed by the server
// (the pricing engine, api/src/modules/pricing); the inputs are strict, so a client-sent total is refused.
import { z } from "zod";
import { changeFilters } from "./change-filters";
import { PAYMENT_METHODS } from "./constants";
import { cursorParam, email, id, listLimit, optionalPhone, requiredText, text, usState } from "./fields";
import { asMoney, inCents } from "./money";
import { MILESTONE_DUE, paymentSchedule } from "./payment-schedule";
import { receiptPaymentDto } from "./payments";
import { TAX_CLASSES } from "./pricing";
import { day, instant, int } from "./responses";
import { ORDER_STAGES } from "./stages";

export const PROPOSAL_STATUSES = ["draft", "sent", "changes_requested", "accepted", "declined"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Whole cents, from 0 to $10 million. */
const cents = (label: string) =>
  asMoney(
    z.coerce
      .number()
      .int(`${label} must be in whole cents`)
      .min(0, `${label} cannot be negative`)
      .max(1_000_000_000, `${label} is too large`),
    "cents",
  );
const quantity = () =>
  z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(100, "is at most 100");

/** The proposal line format: a catalog product, a price-list option, or a custom line with its price. */
export const lineInputOf = <Q extends z.ZodType<number>, P extends z.ZodType<number>>(
  quantity: () => Q,
  price: () => P,
) =>
  z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("product"), productId: id(), quantity: quantity() }),
    z.strictObject({ kind: z.literal("option"), optionId: id(), quantity: quantity() }),
    z.strictObject({
      kind: z.literal("custom"),
      name: requiredText(200, "line name"),
      unitPriceCents: price(),
      quantity: quantity(),
    }),
  ]);

export const proposalLineInput = lineInputOf(quantity, () => cents("price"));
export type ProposalLineInput = z.output<typeof proposalLineInput>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "must be a real date");

export const proposalInput = z.strictObject({
  enquiryId: id().nullable().optional(),
  customerName: requiredText(200, "customer name"),
  email: email(),
  phone: optionalPhone(),
  address: text(300).default(""),
  city: text(100).default(""),
  state: usState(),
  /** The delivery ZIP: its distance from the yard picks the delivery band unless deliveryBandId is given. */
  zipCode: text(10).default(""),
  lines: z.array(proposalLineInput).min(1, "add at least one line").max(50, "at most 50 lines"),
  /** Staff's choice of band; absent or null: the band of the ZIP's distance (no delivery without a ZIP). */
  deliveryBandId: id().nullable().optional(),
  discountCents: cents("discount").default(0),
  /** The state whose sales tax applies; the delivery state when absent. */
  taxState: usState().optional(),
  validUntil: isoDate,
  /** Percent of the total due as the deposit; the business settings' when absent. */
  depositPercent: z.coerce.number().int().min(0).max(100).optional(),
  /**
   * This proposal's own payment schedule (e.g. 30 / 40 / 30 on acceptance, at production start and on
   * delivery); absent or null: the business settings' (or, with depositPercent, that deposit and the rest
   * on delivery). When given, its first milestone's percent is the deposit.
   */
  paymentSchedule: paymentSchedule.nullable().optional(),
  terms: text(4000).default(""),
  note: text(2000).nullable().optional(),
});
export type ProposalInput = z.input<typeof proposalInput>;

/**
 * The editor's running total before saving: the fields that price a proposal (the lines may be none
 * yet). Priced by the same engine and rules as a saved version.
 */
export const proposalPreviewInput = proposalInput
  .pick({
    state: true,
    zipCode: true,
    deliveryBandId: true,
    discountCents: true,
    taxState: true,
    depositPercent: true,
    paymentSchedule: true,
  })
  .extend({ lines: z.array(proposalLineInput).max(50, "at most 50 lines") });
export type ProposalPreviewInput = z.input<typeof proposalPreviewInput>;

export const tokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, "is not a proposal link"),
});

/** The 6-digit code e-mailed by POST …/signing-code, that a signature carries. */
export const signingCode = z
  .string({ error: "type the 6-digit code we e-mailed you" })
  .trim()
  .regex(/^\d{6}$/, "type the 6-digit code we e-mailed you");

/** 202: the code is on its way (the address masked: d•••@example.com). */
export const signingCodeAnswer = z.object({ ok: z.literal(true), sentTo: z.string(), message: z.string() });
export type SigningCodeAnswer = z.infer<typeof signingCodeAnswer>;

export const acceptProposalInput = z.strictObject({
  fullName: requiredText(200, "full name").pipe(z.string().min(3, "type your full name")),
  agree: z.literal(true, "you must agree to the terms"),
  consent: z.literal(true, "you must consent to sign electronically"),
  code: signingCode,
  /** The version the customer read and accepts (required); another current version makes it stale (409). */
  version: z.coerce.number({ error: "say which version you accept" }).int().min(1),
  paymentMethod: z.enum(PAYMENT_METHODS).default("bank-transfer"),
});

export const changeRequestInput = z.strictObject({
  message: requiredText(4000, "message").pipe(z.string().min(5, "say what you would like changed")),
});

export const proposalOptionInput = z.strictObject({
  name: requiredText(200, "name"),
  description: text(1000).default(""),
  priceCents: cents("price"),
  active: z.boolean().default(true),
  sortOrder: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const deliveryBandInput = z.strictObject({
  label: requiredText(200, "label"),
  maxMiles: z.coerce.number().int().min(1).max(10_000).nullable().default(null),
  feeCents: cents("fee"),
  perUnit: z.boolean().default(false),
  sortOrder: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** One rate of the tax table: a state and a tax class (general when absent). */
export const taxRateKey = z.strictObject({
  state: usState(),
  taxClass: z.enum(TAX_CLASSES).default("general"),
});

export const taxRateInput = taxRateKey.extend({
  /** Basis points: 625 = 6.25 %. */
  rateBasisPoints: z.coerce.number().int("must be whole basis points").min(0).max(2000, "is at most 20 %"),
});

export const stageMoveInput = z.strictObject({
  stage: z.enum(ORDER_STAGES),
  reason: text(1000).optional(),
});

/** One priced line as stored and shown. */
export const proposalLineDto = z.object({
  kind: z.enum(["product", "option", "custom"]),
  refId: int().nullable(),
  name: z.string(),
  unitPriceCents: inCents(),
  quantity: int(),
  lineTotalCents: inCents(),
  /** The line's tax class (absent on versions priced before tax classes: general). */
  taxClass: z.enum(TAX_CLASSES).optional(),
});
export type ProposalLineDto = z.infer<typeof proposalLineDto>;

/** One tax class's part of the tax, in cents, its rate named ("TX sales tax (6.25 %)"). */
export const taxLineCentsDto = z.object({
  taxClass: z.string(),
  label: z.string(),
  rateBasisPoints: int(),
  taxableCents: inCents(),
  taxCents: inCents(),
});

export const proposalFiguresDto = z.object({
  subtotalCents: inCents(),
  discountCents: inCents(),
  deliveryCents: inCents(),
  taxState: z.string(),
  /** The general class's rate; taxLines has the rate of each class. */
  taxRateBasisPoints: int(),
  taxLines: z.array(taxLineCentsDto),
  taxCents: inCents(),
  totalCents: inCents(),
  depositPercent: z.number(),
  depositCents: inCents(),
  balanceCents: inCents(),
  /** The payment schedule with each milestone's amount (they add up to the total; the first is the deposit). */
  paymentSchedule: z.array(
    z.object({ label: z.string(), percent: int(), dueOn: z.enum(MILESTONE_DUE), amountCents: inCents() }),
  ),
});
export type ProposalFiguresDto = z.infer<typeof proposalFiguresDto>;

/** The running total: the figures a saved version would get, with its priced lines and delivery. */
export const proposalPreviewDto = proposalFiguresDto.extend({
  lines: z.array(proposalLineDto),
  deliveryLabel: z.string(),
});

/** What the customer's page shows. state: open | expired | accepted. */
export const publicProposalDto = proposalFiguresDto.extend({
  state: z.enum(["open", "expired", "accepted"]),
  version: int(),
  customerName: z.string(),
  deliverTo: z.string(),
  lines: z.array(proposalLineDto),
  deliveryLabel: z.string(),
  validUntil: day(),
  terms: z.string(),
  sentAt: instant().nullable(),
  acceptedAt: instant().nullable(),
  acceptedBy: z.string().nullable(),
  orderNumber: z.string().nullable(),
  company: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
});
export type PublicProposalDto = z.infer<typeof publicProposalDto>;

/** 201: the order the acceptance created, with its deposit and balance (cents). */
export const acceptProposalAnswer = z.object({
  orderNumber: z.string(),
  email: z.string(),
  totalCents: inCents(),
  depositCents: inCents(),
  balanceCents: inCents(),
  /** The secret of the order's own page: /order-confirmation?order=<orderNumber>&t=<accessToken>. */
  accessToken: z.string(),
  /** The order's invoices with their exact USDT amounts, and the wallet: what to pay now, at once. */
  payment: receiptPaymentDto,
});
export const changeRequestAnswer = z.object({ ok: z.literal(true), status: z.literal("changes_requested") });

/**
 * GET /api/admin/proposals: the change filters every admin list takes, and a cursor from the
 * `Link: <…>; rel="next"` header of the previous page (the body stays a plain array). Without `limit`,
 * 500 rows a page.
 */
export const proposalListQuery = z.strictObject({
  cursor: cursorParam.optional(),
  limit: listLimit(),
  ...changeFilters,
});

export const proposalSummaryList = z.array(
  z.object({
    id: int(),
    customerName: z.string(),
    email: z.string(),
    state: z.string(),
    status: z.string(),
    currentVersion: int(),
    enquiryId: int().nullable(),
    orderId: int().nullable(),
    totalCents: inCents(),
    validUntil: day(),
    createdAt: instant(),
    updatedAt: instant(),
  }),
);

/** A proposal with every version (figures computed by the server), the change requests and the acceptance. */
export const proposalDetailDto = z.object({
  id: int(),
  token: z.string(),
  enquiryId: int().nullable(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  status: z.string(),
  currentVersion: int(),
  orderId: int().nullable(),
  orderNumber: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: instant(),
  updatedAt: instant(),
  versions: z.array(
    z.object({
      version: int(),
      lines: z.array(proposalLineDto),
      deliveryBandId: int().nullable(),
      deliveryLabel: z.string(),
      /** The ZIP the delivery was priced for (null: staff chose the band, or no delivery). */
      deliveryZip: z.string().nullable(),
      ...proposalFiguresDto.omit({ depositCents: true, balanceCents: true }).shape,
      validUntil: day(),
      terms: z.string(),
      note: z.string().nullable(),
      sentAt: instant().nullable(),
      createdBy: z.string().nullable(),
      createdAt: instant(),
    }),
  ),
  changeRequests: z.array(z.object({ id: int(), version: int(), message: z.string(), createdAt: instant() })),
  acceptance: z
    .object({
      version: int(),
      fullName: z.string(),
      ipAddress: z.string().nullable(),
      /** The e-mailed signing code was verified, and the customer consented to sign electronically. */
      codeVerified: z.boolean(),
      consented: z.boolean(),
      acceptedAt: instant(),
    })
    .nullable(),
});
