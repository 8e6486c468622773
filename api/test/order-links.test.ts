// The order's own link (issue 21): GET /api/orders/{orderNumber}/receipt?t=<accessToken> answers the
// receipt the thank-you page shows after a reload or in a new tab; a wrong or missing token answers the
// same 404 as an unknown order; reloads are limited apart from (and far above) the e-mail look-up's 10
// per 10 minutes. Run with the real public limits (PUBLIC_RATE_LIMIT_SCALE=1).
import { randomBytes } from "node:crypto";
import type { OrderReceiptDto } from "@ch/contracts/orders";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_WRITE_RULES } from "../src/lib/rate-limit";
import {
  ORDER_LINK_NOT_FOUND,
  ORDER_RECEIPT_RULE,
  orderConfirmationPath,
  sameToken,
} from "../src/modules/orders/order-links";
import { firstProductOnSale, orderBody, signedInCookie, startTestApps, type TestApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";

let apps: TestApps;
let product: { id: number; price: number };
let addresses = 0;
/** Each test its own client address, so that one test's count never reaches another's. */
const nextIp = () => `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

beforeAll(async () => {
  apps = await startTestApps({ env: { PUBLIC_RATE_LIMIT_SCALE: "1" }, apiVersion: LEGACY_API_VERSION });
  product = await firstProductOnSale(apps);
}, 120_000);

afterAll(async () => {
  await apps?.close();
});

const db = () => apps.db.handle.db;

/** Places an order (sent again with the server's total when its prices differ from the harness's). */
async function placeOrder(paymentMethod: "usdt" | "bank-transfer" = "usdt") {
  const ip = nextIp();
  const body = orderBody([{ id: product.id, quantity: 1, price: product.price }], {
    paymentMethod,
    email: "link@example.com",
  });
  let res = await apps.storefront.inject({ method: "POST", url: "/api/orders", payload: body, remoteAddress: ip });
  if (res.statusCode === 409 && typeof res.json().totalAmount === "number") {
    res = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders",
      payload: { ...body, totalAmount: res.json().totalAmount },
      remoteAddress: ip,
    });
  }
  expect(res.statusCode, res.body).toBe(201);
  const receipt = res.json() as OrderReceiptDto;
  const [row] = await db().select().from(schema.orders).where(eq(schema.orders.orderNumber, receipt.orderNumber));
  return { receipt, row: row! };
}

/** An order and its access token (the order core sets it; set here when it has not, so these tests stand alone). */
async function orderWithToken(paymentMethod: "usdt" | "bank-transfer" = "usdt") {
  const { receipt, row } = await placeOrder(paymentMethod);
  let token = row.accessToken;
  if (!token) {
    token = randomBytes(24).toString("base64url");
    await db().update(schema.orders).set({ accessToken: token }).where(eq(schema.orders.id, row.id));
  }
  return { receipt, row, token };
}

const receiptUrl = (orderNumber: string, token?: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/receipt${token === undefined ? "" : `?t=${encodeURIComponent(token)}`}`;

const getReceipt = (orderNumber: string, token?: string, ip = "198.51.100.77") =>
  apps.storefront.inject({ method: "GET", url: receiptUrl(orderNumber, token), remoteAddress: ip });

describe("the order's access token", () => {
  it("is set on every new order and sent in POST /api/orders's 201 answer (the order core's part)", async () => {
    const { receipt, row } = await placeOrder();
    expect(row.accessToken).toBeTruthy();
    expect(row.accessToken!.length).toBeGreaterThanOrEqual(32);
    expect(receipt.accessToken).toBe(row.accessToken);
  });

  it("is compared in constant time on equal-length digests, never equal when missing", () => {
    expect(sameToken("abc", "abc")).toBe(true);
    expect(sameToken("abc", "abd")).toBe(false);
    expect(sameToken("abc", "abcd")).toBe(false);
    expect(sameToken("abc", "")).toBe(false);
    expect(sameToken("abc", undefined)).toBe(false);
    expect(sameToken(null, "")).toBe(false);
    expect(sameToken(null, null)).toBe(false);
    expect(sameToken(undefined, "no order: no token")).toBe(false);
  });

  it("makes the storefront's confirmation link", () => {
    expect(orderConfirmationPath("CH-2026-000123", "a_b-c")).toBe("/order-confirmation?order=CH-2026-000123&t=a_b-c");
  });
});

describe("GET /api/orders/{orderNumber}/receipt", () => {
  it("answers the receipt with the right token: figures, invoices with the exact USDT amount, stages", async () => {
    const { receipt, row, token } = await orderWithToken();
    const res = await getReceipt(receipt.orderNumber, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json() as OrderReceiptDto;
    expect(body.orderNumber).toBe(receipt.orderNumber);
    expect(body.accessToken).toBe(token);
    expect(body.totalAmount).toBe(receipt.totalAmount);
    expect(body.amountDueNow).toBe(receipt.amountDueNow);
    expect(body.email).toBe("link@example.com");
    expect(body.stage).toBe("awaiting_deposit");
    expect(body.payment?.usdtWalletAddress).toBe(apps.env.USDT_WALLET_ADDRESS);
    const [deposit, balance] = body.payment!.invoices;
    expect(deposit).toMatchObject({ kind: "deposit", status: "open", paid: 0, outstanding: deposit!.amount });
    expect(balance).toMatchObject({ kind: "balance", status: "open" });
    expect(deposit!.usdtAmount).toMatch(/^\d+\.\d{6}$/);
    // the same invoices, exact amounts included, as the answer that created the order
    expect(body.payment!.invoices.map((i) => i.usdtAmount)).toEqual(receipt.payment!.invoices.map((i) => i.usdtAmount));
    // the order number as a person may type it
    const lower = await getReceipt(row.orderNumber.toLowerCase(), token);
    expect(lower.statusCode).toBe(200);
  });

  it("answers a bank-transfer order with its payment references and no USDT amount", async () => {
    const { receipt, token } = await orderWithToken("bank-transfer");
    const res = await getReceipt(receipt.orderNumber, token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as OrderReceiptDto;
    expect(body.paymentMethod).toBe("bank-transfer");
    expect(body.payment!.invoices.map((i) => i.reference)).toEqual([
      `${receipt.orderNumber}-D`,
      `${receipt.orderNumber}-B`,
    ]);
    expect(body.payment!.invoices.every((i) => i.usdtAmount === null)).toBe(true);
  });

  it("answers a wrong, missing or another order's token with the same 404 as an unknown order", async () => {
    const { receipt, token } = await orderWithToken();
    const other = await orderWithToken();
    const unknown = await getReceipt("CH-1999-999999", token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: ORDER_LINK_NOT_FOUND, issues: [] });
    const wrongSameLength = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const tries = [
      getReceipt(receipt.orderNumber, wrongSameLength),
      getReceipt(receipt.orderNumber, token.slice(0, -1)),
      getReceipt(receipt.orderNumber, `${token}x`),
      getReceipt(receipt.orderNumber, token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase()),
      getReceipt(receipt.orderNumber, other.token),
      getReceipt(receipt.orderNumber, ""),
      getReceipt(receipt.orderNumber),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body.replace(receipt.orderNumber, "CH-1999-999999")).toBe(unknown.body);
    }
    // an order stored without a token (none of the customer's links can open it)
    await db()
      .update(schema.orders)
      .set({ accessToken: null })
      .where(eq(schema.orders.orderNumber, receipt.orderNumber));
    for (const res of [await getReceipt(receipt.orderNumber, ""), await getReceipt(receipt.orderNumber, token)]) {
      expect(res.statusCode).toBe(404);
      expect(res.body.replace(receipt.orderNumber, "CH-1999-999999")).toBe(unknown.body);
    }
  });

  it("takes 30 reloads in a row (no 429), whatever the e-mail look-up's count", async () => {
    const { receipt, token } = await orderWithToken();
    const ip = nextIp();
    // the e-mail look-up from the same address runs out after its 10
    const lookUp = () =>
      apps.storefront.inject({
        method: "POST",
        url: "/api/orders/lookup",
        payload: { orderNumber: receipt.orderNumber, email: "link@example.com" },
        remoteAddress: ip,
      });
    for (let i = 0; i < PUBLIC_WRITE_RULES.orderLookup.limit; i++) {
      expect((await lookUp()).statusCode).toBe(200);
    }
    expect((await lookUp()).statusCode).toBe(429);
    for (let i = 0; i < 30; i++) {
      const res = await getReceipt(receipt.orderNumber, token, ip);
      expect(res.statusCode, `reload #${i + 1}`).toBe(200);
      expect(res.json().orderNumber).toBe(receipt.orderNumber);
    }
  });

  it("is limited per address past its own, generous limit (429 with Retry-After), another address unaffected", async () => {
    const { receipt, token } = await orderWithToken();
    const ip = nextIp();
    for (let i = 0; i < ORDER_RECEIPT_RULE.limit; i++) {
      const res = await getReceipt(receipt.orderNumber, i % 2 === 0 ? token : "guess", ip);
      expect(res.statusCode, `#${i + 1}`).toBe(i % 2 === 0 ? 200 : 404);
    }
    const over = await getReceipt(receipt.orderNumber, token, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(ORDER_RECEIPT_RULE.windowSeconds);
    expect((await getReceipt(receipt.orderNumber, token, nextIp())).statusCode).toBe(200);
    // a new window opens again
    apps.clock.advance(ORDER_RECEIPT_RULE.windowSeconds * 1000);
    expect((await getReceipt(receipt.orderNumber, token, ip)).statusCode).toBe(200);
  });

  it("shows what the ledger says after a partial payment", async () => {
    const { receipt, row, token } = await orderWithToken("bank-transfer");
    const deposit = receipt.payment!.invoices[0]!;
    const cookie = await signedInCookie(apps);
    const recorded = await apps.backoffice.inject({
      method: "POST",
      url: `/api/admin/orders/${row.id}/payments`,
      headers: { cookie, origin: apps.env.backofficeOrigin },
      payload: { method: "bank-transfer", amount: 100, receivedAt: "2026-01-15", reference: "WIRE-1" },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const body = (await getReceipt(receipt.orderNumber, token)).json() as OrderReceiptDto;
    expect(body.payment!.paid).toBe(100);
    expect(body.payment!.invoices[0]).toMatchObject({
      kind: "deposit",
      paid: 100,
      outstanding: Math.round((deposit.amount - 100) * 100) / 100,
      status: "partially_paid",
    });
  });
  it("reads the stage and the invoices as of one moment while the deposit is recorded", async () => {
    const { receipt, row, token } = await orderWithToken("bank-transfer");
    const deposit = receipt.payment!.invoices[0]!;
    const cookie = await signedInCookie(apps);
    // receipts read before, during and after the payment: none may show the deposit paid and the order
    // still awaiting it (the torn read a customer saw on PostgreSQL), nor the other way round
    const reads = Array.from({ length: 24 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 3)).then(() =>
        getReceipt(receipt.orderNumber, token, `198.51.101.${i + 1}`),
      ),
    );
    const recorded = await apps.backoffice.inject({
      method: "POST",
      url: `/api/admin/orders/${row.id}/payments`,
      headers: { cookie, origin: apps.env.backofficeOrigin },
      payload: { method: "bank-transfer", amount: deposit.amount, receivedAt: "2026-01-15", reference: "WIRE-2" },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const seen = (await Promise.all(reads)).map((res) => {
      const body = res.json() as OrderReceiptDto;
      return `${body.payment!.invoices[0]!.status} ${body.stage}`;
    });
    for (const pair of seen) expect(["open awaiting_deposit", "paid deposit_received"]).toContain(pair);
    const after = (await getReceipt(receipt.orderNumber, token)).json() as OrderReceiptDto;
    expect(`${after.payment!.invoices[0]!.status} ${after.stage}`).toBe("paid deposit_received");
  });
});

describe("tRPC orders.receipt", () => {
  const call = (input: Record<string, unknown>) =>
    apps.storefront.inject({
      method: "GET",
      url: `/api/trpc/orders.receipt?input=${encodeURIComponent(JSON.stringify(input))}`,
      remoteAddress: "198.51.100.78",
    });

  it("answers the same receipt with the right token and 404 otherwise", async () => {
    const { receipt, token } = await orderWithToken();
    const ok = await call({ orderNumber: receipt.orderNumber, token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.data.orderNumber).toBe(receipt.orderNumber);
    expect(ok.json().result.data.accessToken).toBe(token);
    for (const input of [{ orderNumber: receipt.orderNumber, token: "nope" }, { orderNumber: receipt.orderNumber }]) {
      const res = await call(input);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(ORDER_LINK_NOT_FOUND);
    }
  });
});
