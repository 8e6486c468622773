import { z } from "zod";
import { infiniteDirection } from "../../contracts/admin";
import { id, requiredText } from "../../contracts/fields";
import {
  attachUsdtTransferInput,
  recordPaymentInput,
  rejectPaymentInput,
  submitPaymentInput,
  txHash,
  usdtTransferListQuery,
} from "../../contracts/payments";
import { adminProcedure, rateLimited, router } from "../../trpc/trpc";
import { getAdminOrderPayments } from "../ledger";
import { rejectPendingPayment } from "./payments.service";
import { recordStaffPayment } from "./staff-payments";
import { attachUsdtTransfer, listUsdtTransfers, submitTransactionHash } from "./usdt-transfers";

export const paymentsRouter = router({
  /** The customer's USDT transaction hash; the answer says recorded or pending_verification. */
  submitHash: rateLimited("orderLookup")
    .input(z.strictObject({ orderNumber: requiredText(40, "order number"), ...submitPaymentInput.shape }))
    .mutation(async ({ ctx, input }) => {
      const answer = await submitTransactionHash(ctx.deps, input.orderNumber, input.email, input.txHash);
      return answer.body;
    }),
});

export const adminPaymentsRouter = router({
  forOrder: adminProcedure
    .input(z.strictObject({ id: id() }))
    .query(({ ctx, input }) => getAdminOrderPayments(ctx.deps.db, input.id)),
  record: adminProcedure
    .input(z.strictObject({ id: id(), payment: recordPaymentInput }))
    .mutation(({ ctx, input }) => recordStaffPayment(ctx.deps, ctx.admin, input.id, input.payment)),
  reject: adminProcedure
    .input(z.strictObject({ paymentId: id(), ...rejectPaymentInput.shape }))
    .mutation(({ ctx, input }) => rejectPendingPayment(ctx.deps, ctx.admin, input.paymentId, input.reason)),
  /** The unmatched USDT transfers queue (GET /api/admin/usdt-transfers): `{ items, nextCursor }`. */
  usdtTransfers: adminProcedure
    // the screen reads it as an infinite query, which adds its direction to the REST query's fields
    .input(usdtTransferListQuery.extend({ direction: infiniteDirection }))
    .query(({ ctx, input }) => listUsdtTransfers(ctx.deps.db, input)),
  /** Attach an unmatched transfer to an invoice with a reason (POST /api/admin/usdt-transfers/{txHash}/attach). */
  attachUsdtTransfer: adminProcedure
    .input(z.strictObject({ txHash: txHash(), ...attachUsdtTransferInput.shape }))
    .mutation(({ ctx, input }) =>
      attachUsdtTransfer(ctx.deps, ctx.admin, input.txHash, { invoiceId: input.invoiceId, reason: input.reason }),
    ),
});
