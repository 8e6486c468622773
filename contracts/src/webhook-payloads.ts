// The `data` of every webhook event (and of the events feed), as the OpenAPI document's `webhooks` section
// states them. Loose objects: fields may be added within a version, so a receiver reads the ones it knows.
// Amounts are marked with the unit the services hold them in; receivers get them in the money form of their
// endpoint's API version (contracts/money.ts). The admin order's `totalAmount` is `total` here.
import { z } from "zod";
import { adminContactDto } from "./admin";
import { adminProductDto } from "./catalog";
import { inDollars, inUsdt } from "./money";
import { instant, int } from "./responses";
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from "./webhook-events";

const nullableText = () => z.string().nullable();

const orderCreated = z.looseObject({
  id: int(),
  orderNumber: z.string(),
  stage: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  customer: z.looseObject({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    city: z.string(),
    state: z.string(),
  }),
  deliveryAddress: z.looseObject({
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    notes: nullableText(),
  }),
  lines: z.array(z.looseObject({ productId: int(), name: z.string(), unitPrice: inDollars(), quantity: int() })),
  subtotal: inDollars(),
  tax: inDollars(),
  shipping: inDollars(),
  total: inDollars(),
  depositPercent: int(),
  createdAt: instant(),
});

const stageChanged = z.looseObject({
  orderId: int(),
  orderNumber: z.string(),
  from: z.string(),
  to: z.string(),
  reason: nullableText(),
  by: z.string(),
  changedAt: instant(),
});

const orderChanged = z.looseObject({
  orderId: int(),
  orderNumber: z.string(),
  changeOrderId: int(),
  number: int(),
  totalDelta: inDollars().describe("What the change adds (negative: takes off), tax included"),
  total: inDollars().describe("The order's total after the change"),
  signedAt: instant(),
});

const orderMessage = z.looseObject({
  orderId: int(),
  orderNumber: z.string(),
  messageId: int(),
  author: z.enum(["customer", "staff"]),
  /** Not the text: a receiver reads it in the back office (the customer's words stay in the product). */
  attachments: int().describe("How many files it carries"),
  createdAt: instant(),
});

const documentAdded = z.looseObject({
  orderId: int(),
  orderNumber: z.string(),
  documentId: int(),
  kind: z.string(),
  title: z.string(),
  sha256: z.string(),
});

const photoAdded = z.looseObject({
  orderId: int(),
  orderNumber: z.string(),
  photoId: int(),
  stage: z.string(),
  caption: z.string(),
  url: z.string().describe("/media/<file>.webp, with AVIF and WebP variants"),
});

const warrantyClaim = z.looseObject({
  claimId: int(),
  orderId: int(),
  orderNumber: z.string(),
  status: z.string(),
});

const payment = z.looseObject({
  paymentId: int(),
  orderId: int(),
  orderNumber: z.string(),
  amount: inDollars().describe("Negative for a refund"),
  paidTotal: inDollars(),
  balanceDue: inDollars(),
  receivedAt: instant().nullable(),
  method: z.string(),
  flags: z.array(z.string()),
  // present when they apply: the USDT amount and hash, the bank reference, a refund's reason
  usdtAmount: inUsdt().optional(),
  ...Object.fromEntries(["txHash", "reference", "reason"].map((name) => [name, z.string().optional()])),
});

const unmatchedTransfer = z.looseObject({
  txHash: z.string(),
  fromAddress: z.string(),
  usdtAmount: inUsdt(),
  blockTimestamp: instant(),
  claimedByOrderId: int().nullable(),
  claimedByOrderNumber: nullableText(),
});

/** Every proposal event names the proposal, the version it is about and the lead it came from. */
const proposalEvent = z.looseObject({ proposalId: int(), version: int(), enquiryId: int().nullable() });
const proposalSent = proposalEvent.extend({
  customerName: z.string(),
  email: z.string(),
  total: inDollars(),
  validUntil: z.string(),
  sentAt: instant(),
});
const proposalAccepted = proposalEvent.extend({
  acceptedBy: z.string(),
  acceptedAt: instant(),
  orderId: int(),
  orderNumber: z.string(),
  total: inDollars(),
});
const proposalChanges = proposalEvent.extend({ message: z.string(), requestedAt: instant() });

const lead = z.looseObject({ ...adminContactDto.shape, productName: nullableText().optional() });
const product = z.looseObject({ ...adminProductDto.shape });

/** Each event type's data, with what it is for the document. */
export const WEBHOOK_PAYLOADS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType> = {
  "order.created": orderCreated,
  "order.stage_changed": stageChanged,
  "order.changed": orderChanged,
  "order.message": orderMessage,
  "order.document_added": documentAdded,
  "order.photo_added": photoAdded,
  "warranty_claim.opened": warrantyClaim.extend({ openedAt: instant() }),
  "warranty_claim.updated": warrantyClaim.extend({ from: z.string(), updatedAt: instant() }),
  "payment.recorded": payment,
  "payment.refunded": payment,
  "usdt_transfer.unmatched": unmatchedTransfer,
  "proposal.sent": proposalSent,
  "proposal.accepted": proposalAccepted,
  "proposal.changes_requested": proposalChanges,
  "lead.created": lead,
  "lead.status_changed": lead.extend({ from: z.string().describe("The status before") }),
  "product.created": product,
  "product.updated": product,
  "product.deleted": z.looseObject({ id: int(), deletedAt: instant() }),
  [WEBHOOK_TEST_EVENT]: z.looseObject({ endpointId: int(), message: z.string() }),
};

/** The body of every delivery (Standard Webhooks): the event's type, when it happened, and its data. */
export const webhookEnvelope = (type: string, data: z.ZodType) =>
  z.object({ type: z.literal(type), timestamp: instant(), data });
