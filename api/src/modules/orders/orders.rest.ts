// The public order operations (storefront origin): placing an order (with its Idempotency-Key), the
// customer's look-up by number and e-mail, the order's own receipt link. `orderOperations` are also
// ordersRouter's procedures orders.<name> (orders.router.ts); placing and the receipt are REST only here.

import {
  idempotencyKey,
  type OrderReceiptDto,
  orderConflictFields,
  orderInput,
  orderReceiptDto,
  orderReceiptQuery,
  orderStatusLookupInput,
} from "@ch/contracts/orders";
import { orderNumberParams } from "@ch/contracts/payments";
import type { FastifyReply, FastifyRequest } from "fastify";
import { IDEMPOTENCY_HEADER, route, sent } from "../../http/route";
import type { Deps } from "../../lib/deps";
import { idempotencyRecordKey, withIdempotencyKey } from "../../lib/idempotency";
import { countHit, type RateLimitHit } from "../../lib/rate-limit";
import { parseInput } from "../../lib/validate";
import { findOrderByAccessToken, hitReceiptLimit, ORDER_RECEIPT_RULE } from "./order-links";
import { findOrderForCustomer, type ParsedOrder, placeOrder } from "./orders.service";

/**
 * Places an order, honouring an optional Idempotency-Key; shared by REST and tRPC. With `rateLimit`
 * the request is counted here, in the first statement it runs anyway (the order's first statement,
 * or the one that claims the key, so replays count too); without it the caller has counted it (tRPC's
 * rateLimited procedure).
 */
export async function placeOrderOnce(
  deps: Deps,
  order: ParsedOrder,
  rawBody: unknown,
  key: string | undefined,
  rateLimit?: RateLimitHit,
): Promise<{ status: number; body: unknown; replayed: boolean }> {
  if (key === undefined) return { status: 201, body: await placeOrder(deps, order, { rateLimit }), replayed: false };
  let validKey: string;
  try {
    validKey = parseInput(idempotencyKey, key, "Idempotency-Key header");
  } catch (error) {
    if (rateLimit) await countHit(deps.db, rateLimit); // counted as every request is, and 429 before 400
    throw error;
  }
  const recordKey = idempotencyRecordKey("placeOrder", "public", validKey);
  return withIdempotencyKey(
    deps.db,
    recordKey,
    rawBody,
    deps.clock.now(),
    async () => ({ status: 201, body: await placeOrder(deps, order, { idempotencyKey: recordKey }) }),
    rateLimit,
  );
}

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendAnswer(reply: FastifyReply, answer: { status: number; body: unknown; replayed: boolean }) {
  if (answer.replayed) reply.header("idempotent-replayed", "true");
  reply.code(answer.status);
  // a receipt, or (replayed) the receipt the first request stored
  return sent<OrderReceiptDto>(answer.body);
}

/** REST only: it counts its limit and claims its Idempotency-Key itself (orders.place is written by hand). */
const placeOrderRoute = route({
  method: "POST",
  url: "/api/orders",
  access: "public",
  summary: "Place an order; the server prices it and answers with its order number",
  operationId: "placeOrder",
  tags: ["orders"],
  response: orderReceiptDto,
  errors: [409, 422],
  errorFields: { 409: orderConflictFields },
  body: orderInput,
  successStatus: 201,
  rateLimit: "orders",
  // counted in the order's first statement (one round trip less); route() counts an invalid body itself
  rateLimitInHandler: true,
  headers: [IDEMPOTENCY_HEADER],
  answer:
    "201 with { orderNumber, lines, subtotal, tax, shipping, totalAmount, depositPercent, amountDueNow, balanceOnDelivery, ... }; 409 for unknown or out-of-stock products or a total that differs from the server's",
  handler: async ({ deps, body, req, reply, rateLimit }) =>
    sendAnswer(reply, await placeOrderOnce(deps, body, req.body, headerValue(req, "idempotency-key"), rateLimit)),
});

export const orderOperations = {
  lookup: route({
    method: "POST",
    url: "/api/orders/lookup",
    access: "public",
    summary: "A customer's order status by order number and e-mail",
    operationId: "lookUpOrder",
    tags: ["orders"],
    response: orderReceiptDto,
    errors: [404],
    body: orderStatusLookupInput,
    rateLimit: "orderLookup",
    answer: "The order's lines, totals, status and payment status; 404 when the pair does not match",
    handler: ({ deps, body }) => findOrderForCustomer(deps, body.orderNumber, body.email),
  }),
};

/** REST only: it counts its own limit and takes the token as `t` (orders.receipt is written by hand). */
const orderReceiptRoute = route({
  method: "GET",
  url: "/api/orders/:orderNumber/receipt",
  access: "public",
  summary: "The order's receipt by its own link (order number and access token), for the thank-you page",
  operationId: "getOrderReceipt",
  tags: ["orders"],
  response: orderReceiptDto,
  errors: [404, 429],
  params: orderNumberParams,
  query: orderReceiptQuery,
  answer: `The order's lines, figures, invoices (what is due now, the exact USDT amount), stages and accessToken; 404, the same body, for an unknown order or a wrong or missing token. Rate-limited per address (${ORDER_RECEIPT_RULE.limit} per ${ORDER_RECEIPT_RULE.windowSeconds / 60} minutes; 429 with Retry-After), apart from the e-mail look-up's limit.`,
  handler: async ({ deps, params, query, reply, ip }) => {
    // a secret in the address and a customer's details: kept by no cache
    reply.header("cache-control", "no-store");
    await hitReceiptLimit(deps, ip);
    return findOrderByAccessToken(deps, params.orderNumber, query.t);
  },
});

/** The documented paths, in order. */
export const orderRoutes = [placeOrderRoute, orderOperations.lookup, orderReceiptRoute];
