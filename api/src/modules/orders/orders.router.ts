import { readSnapshot } from "@ch/db";
import { z } from "zod";
import { adminOrderPageInput, orderStatusInput, paymentStatusInput } from "../../contracts/admin";
import { id } from "../../contracts/fields";
import { idempotencyKey, orderInput, orderReceiptInput, orderStatusLookupInput } from "../../contracts/orders";
import { adminProcedure, publicProcedure, rateLimited, router } from "../../trpc/trpc";
import { addNoteProcedure } from "../leads";
import { setOrderStatusByStaff, setPaymentStatusByStaff } from "./order-commands";
import { findOrderByAccessToken, hitReceiptLimit } from "./order-links";
import { placeOrderOnce } from "./orders.rest";
import { findOrderForCustomer, getOrderDetails, pageOrdersForAdmin } from "./orders.service";

export const ordersRouter = router({
  place: rateLimited("orders")
    .input(z.strictObject({ order: orderInput, idempotencyKey: idempotencyKey.optional() }))
    .mutation(async ({ ctx, input }) => {
      const answer = await placeOrderOnce(ctx.deps, input.order, input.order, input.idempotencyKey);
      if (answer.replayed) ctx.reply.header("idempotent-replayed", "true");
      return answer.body as Awaited<ReturnType<typeof findOrderForCustomer>>;
    }),
  lookup: rateLimited("orderLookup")
    .input(orderStatusLookupInput)
    .mutation(({ ctx, input }) => findOrderForCustomer(ctx.deps, input.orderNumber, input.email)),
  /** GET /api/orders/{orderNumber}/receipt?t= : the order's own link (same limit, same 404). */
  receipt: publicProcedure.input(orderReceiptInput).query(async ({ ctx, input }) => {
    ctx.reply.header("cache-control", "no-store");
    await hitReceiptLimit(ctx.deps, ctx.req.ip);
    return findOrderByAccessToken(ctx.deps, input.orderNumber, input.token);
  }),
});

export const adminOrdersRouter = router({
  /** The orders table: `{ items, nextCursor }`, sorted and filtered (contracts/admin.ts adminOrderPageInput). */
  list: adminProcedure
    .input(adminOrderPageInput.optional())
    .query(({ ctx, input }) => pageOrdersForAdmin(ctx.deps.db, input ?? {})),
  details: adminProcedure
    .input(z.strictObject({ id: id() }))
    .query(({ ctx, input }) => readSnapshot(ctx.deps.db, (tx) => getOrderDetails(tx, input.id))),
  setStatus: adminProcedure
    .input(z.strictObject({ id: id(), ...orderStatusInput.shape }))
    .mutation(({ ctx, input: { id, ...body } }) => setOrderStatusByStaff(ctx.deps, ctx.admin, id, body)),
  setPaymentStatus: adminProcedure
    .input(z.strictObject({ id: id(), ...paymentStatusInput.shape }))
    .mutation(({ ctx, input: { id, ...body } }) => setPaymentStatusByStaff(ctx.deps, ctx.admin, id, body)),
  addNote: addNoteProcedure("order"),
});
