// tRPC procedures of payments: those of the declared operations (payments.rest.ts, usdt-transfers.rest.ts),
// and by hand the unmatched transfers list, read as an infinite query (`{ items, nextCursor }`).
import { infiniteDirection } from "@ch/contracts/admin";
import { usdtTransferListQuery } from "@ch/contracts/payments";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, router } from "../../trpc/trpc";
import { adminPaymentOperations, paymentOperations } from "./payments.rest";
import { listUsdtTransfers } from "./usdt-transfers";
import { usdtTransferOperations } from "./usdt-transfers.rest";

export const paymentsRouter = router(proceduresOf(paymentOperations));

export const adminPaymentsRouter = router({
  ...proceduresOf(adminPaymentOperations, { record: { bodyAs: "payment" } }),
  ...proceduresOf(usdtTransferOperations),
  /** The unmatched USDT transfers queue (GET /api/admin/usdt-transfers): `{ items, nextCursor }`. */
  usdtTransfers: adminProcedure
    // the screen reads it as an infinite query, which adds its direction to the REST query's fields
    .input(usdtTransferListQuery.extend({ direction: infiniteDirection }))
    .query(({ ctx, input }) => listUsdtTransfers(ctx.deps.db, input)),
});
