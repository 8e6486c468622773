// The customer's own link to an order: /order-confirmation?order=<orderNumber>&t=<accessToken>. The page
// reads the receipt with GET /api/orders/{orderNumber}/receipt?t=<accessToken>, so the thank-you page
// survives a reload, a new tab or another device without the e-mail look-up (10 per 10 minutes).
// The token is the order's random secret (orders.access_token, set when the order is stored); it is
// compared in constant time, and a wrong or missing token answers the same 404 as an unknown order.
import { createHash, timingSafeEqual } from "node:crypto";
import type { OrderReceiptDto } from "@ch/contracts/orders";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { addressKey } from "../../lib/client-address";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { hitRateLimit, type RateRule } from "../../lib/rate-limit";
import { customerReceipt } from "./orders.service";

const { orders } = schema;

/** The one answer for an unknown order, a wrong token and a missing one. */
export const ORDER_LINK_NOT_FOUND = "No order matches this link";

/**
 * Reads per address: generous (a customer reloads the thank-you page, opens it in tabs, follows the
 * e-mail's link), apart from the e-mail look-up's 10 per 10 minutes; scaled by PUBLIC_RATE_LIMIT_SCALE
 * as the public write limits are.
 */
export const ORDER_RECEIPT_RULE: RateRule = { limit: 120, windowSeconds: 600 };

/** The storefront path of an order's confirmation page (for e-mails and answers that link to it). */
export function orderConfirmationPath(orderNumber: string, accessToken: string): string {
  return `/order-confirmation?order=${encodeURIComponent(orderNumber)}&t=${encodeURIComponent(accessToken)}`;
}

/** Counts one receipt read from `ip`; 429 with Retry-After past ORDER_RECEIPT_RULE. */
export async function hitReceiptLimit(deps: Pick<Deps, "db" | "env" | "clock">, ip: string): Promise<void> {
  const limit = Math.max(1, Math.round(ORDER_RECEIPT_RULE.limit * deps.env.PUBLIC_RATE_LIMIT_SCALE));
  await hitRateLimit(
    deps.db,
    `orderReceipt:${addressKey(ip)}`,
    { limit, windowSeconds: ORDER_RECEIPT_RULE.windowSeconds },
    deps.clock.now(),
  );
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
/** Compared when there is no order (or no token), so that the work done does not depend on it. */
const NO_TOKEN = digest("no order: no token");

/** Whether `given` is the order's token: SHA-256 digests (equal lengths) compared in constant time. */
export function sameToken(expected: string | null | undefined, given: string | null | undefined): boolean {
  const a = expected ? digest(expected) : NO_TOKEN;
  const b = digest(given ?? "");
  return timingSafeEqual(a, b) && Boolean(expected) && Boolean(given);
}

/**
 * The receipt of order `orderNumber` when `token` is its access token: lines, figures, the ledger's
 * invoices (what is due now, the exact USDT amount), the build stages, and the token itself. 404, the
 * same for every case, when the order is unknown or the token wrong or missing.
 */
export async function findOrderByAccessToken(
  deps: Pick<Deps, "db" | "env" | "log">,
  orderNumber: string,
  token: string | null | undefined,
): Promise<OrderReceiptDto> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
    .limit(1);
  if (!sameToken(order?.accessToken, token) || !order) throw notFound(ORDER_LINK_NOT_FOUND);
  return { ...(await customerReceipt(deps, order)), accessToken: order.accessToken! };
}
