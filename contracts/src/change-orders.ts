// Change orders (issue 26): a change to the build after the contract, in the proposal line format, signed
// by the customer as the contract was.
import { z } from "zod";
import { id, requiredText } from "./fields";
import { asMoney, inCents } from "./money";
import { acceptProposalInput, lineInputOf, proposalLineDto } from "./proposals";
import { instant, int } from "./responses";

/** −100 to 100, never 0: a negative quantity takes that many off the order. */
const signedQuantity = () =>
  z.coerce
    .number()
    .int("must be a whole number")
    .min(-100, "is at least -100")
    .max(100, "is at most 100")
    .refine((q) => q !== 0, "must not be 0 (negative removes, positive adds)");

/** Whole cents, −$10 million to $10 million: a negative price is a credit. */
const signedCents = (label: string) =>
  asMoney(
    z.coerce
      .number()
      .int(`${label} must be in whole cents`)
      .min(-1_000_000_000, `${label} is too large a credit`)
      .max(1_000_000_000, `${label} is too large`),
    "cents",
  );

/** A change order's line: the proposal line format, where a negative quantity or a credit line removes. */
export const changeOrderLineInput = lineInputOf(signedQuantity, () => signedCents("price"));

export const changeOrderInput = z.strictObject({
  lines: z.array(changeOrderLineInput).min(1, "add at least one line").max(50, "at most 50 lines"),
  note: requiredText(2000, "note"),
});

export const CHANGE_ORDER_STATUSES = ["pending", "signed", "withdrawn"] as const;

export const changeOrderDto = z.object({
  id: int(),
  orderId: int(),
  orderNumber: z.string(),
  number: int(),
  status: z.enum(CHANGE_ORDER_STATUSES),
  note: z.string(),
  /** Priced as a proposal's lines are (a negative quantity or price takes off). */
  lines: z.array(proposalLineDto),
  subtotalDeltaCents: inCents(),
  taxDeltaCents: inCents(),
  totalDeltaCents: inCents(),
  /** While it waits for a signature: the order's total now and once signed (null after). */
  orderTotalCents: inCents().nullable(),
  newOrderTotalCents: inCents().nullable(),
  /** Its effect on the invoices: each one's amount now and once signed (the same once it is signed). */
  schedule: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      when: z.string(),
      amountCents: inCents(),
      newAmountCents: inCents(),
    }),
  ),
  createdBy: z.string(),
  createdAt: instant(),
  signedName: z.string().nullable(),
  signedAt: instant().nullable(),
  withdrawnAt: instant().nullable(),
  /** The signed change order's PDF (in the project's documents). */
  documentId: int().nullable(),
});
export type ChangeOrderDto = z.infer<typeof changeOrderDto>;

export const changeOrdersDto = z.object({ changeOrders: z.array(changeOrderDto) });

export const orderChangeOrderParams = z.strictObject({ id: id(), changeOrderId: id() });
export const changeOrderParams = z.strictObject({ id: id() });

/** POST /api/portal/change-orders/{id}/sign: as the contract is signed. */
export const signChangeOrderInput = acceptProposalInput
  .pick({ fullName: true, consent: true, code: true })
  .extend({ agree: z.literal(true, "you must agree to the change") });
