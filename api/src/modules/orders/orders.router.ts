// tRPC procedures of orders: those of the declared operations (orders.rest.ts, orders-admin.rest.ts), and
// by hand placing an order (its Idempotency-Key is an input field), the receipt link (`token`, not `t`),
// and the back office's list (`{ items, nextCursor }`) and details (without the ledger that GET
// /api/admin/orders/{id} adds).

import { adminOrderPageInput, idParams } from "@ch/contracts/admin";
import { idempotencyKey, orderInput, orderReceiptInput } from "@ch/contracts/orders";
import { readSnapshot } from "@ch/db";
import { z } from "zod";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, publicProcedure, rateLimited, router } from "../../trpc/trpc";
import { findOrderByAccessToken, hitReceiptLimit } from "./order-links";
import { orderOperations, placeOrderOnce } from "./orders.rest";
import { type findOrderForCustomer, getOrderDetails, pageOrdersForAdmin } from "./orders.service";
import { adminOrderOperations } from "./orders-admin.rest";

export const ordersRouter = router({
  ...proceduresOf(orderOperations),
  place: rateLimited("orders")
    .input(z.strictObject({ order: orderInput, idempotencyKey: idempotencyKey.optional() }))
    .mutation(async ({ ctx, input }) => {
      const answer = await placeOrderOnce(ctx.deps, input.order, input.order, input.idempotencyKey);
      if (answer.replayed) ctx.reply.header("idempotent-replayed", "true");
      return answer.body as Awaited<ReturnType<typeof findOrderForCustomer>>;
    }),
  /** GET /api/orders/{orderNumber}/receipt?t= : the order's own link (same limit, same 404). */
  receipt: publicProcedure.input(orderReceiptInput).query(async ({ ctx, input }) => {
    ctx.reply.header("cache-control", "no-store");
    await hitReceiptLimit(ctx.deps, ctx.req.ip);
    return findOrderByAccessToken(ctx.deps, input.orderNumber, input.token);
  }),
});

export const adminOrdersRouter = router({
  ...proceduresOf(adminOrderOperations),
  /** The orders table: `{ items, nextCursor }`, sorted and filtered (contracts/admin.ts adminOrderPageInput). */
  list: adminProcedure
    .input(adminOrderPageInput.optional())
    .query(({ ctx, input }) => pageOrdersForAdmin(ctx.deps.db, input ?? {})),
  details: adminProcedure
    .input(idParams)
    .query(({ ctx, input }) => readSnapshot(ctx.deps.db, (tx) => getOrderDetails(tx, input.id))),
});
