// Payments through the REST paths: invoices made at checkout (references, unique USDT amounts), staff
// bank transfers and refunds, and the customer's USDT transaction hash checked against a fake TronGrid
// on loopback (recorded, pending, partial, excess, late, wrong recipient or token, reused, outage).

import type { AdminOrderPaymentsDto, SubmitPaymentAnswer } from "@ch/contracts/payments";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_WALLET, type FakeTronGrid, txId, usdtTransfer } from "./fake-trongrid";
import { signedInCookie, type TestApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";
import { placeOrderOf, productsInStock } from "./order-fixtures";
import { useAppsWithFakeTronGrid } from "./tron-fixtures";

let apps: TestApps;
let tron: FakeTronGrid;
let cookie: string;
let product: { id: number; price: number };
let hashes = 100;

// the ledger's rules, read through the figures of the version before the money form (served 12 months)
useAppsWithFakeTronGrid(
  { TRON_TIMEOUT_MS: "2000" },
  (started) => {
    ({ apps, tron } = started);
  },
  { apiVersion: LEGACY_API_VERSION },
);
beforeAll(async () => {
  cookie = await signedInCookie(apps);
  product = (await productsInStock(apps.db.handle.db))[0]!;
}, 120_000);

const db = () => apps.db.handle.db;

const placeOrder = (paymentMethod: "usdt" | "bank-transfer" = "usdt", email = "maria@example.com") =>
  placeOrderOf(apps, product, { paymentMethod, email });

const submit = (orderNumber: string, body: Record<string, unknown>) =>
  apps.storefront.inject({ method: "POST", url: `/api/orders/${orderNumber}/payments`, payload: body });

const adminLedger = async (orderId: number): Promise<AdminOrderPaymentsDto> => {
  const res = await apps.backoffice.inject({
    method: "GET",
    url: `/api/admin/orders/${orderId}/payments`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const record = (orderId: number, payload: Record<string, unknown>) =>
  apps.backoffice.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/payments`,
    headers: { cookie, origin: apps.env.backofficeOrigin },
    payload,
  });

const stageOf = async (orderId: number) =>
  (await db().select({ stage: schema.orders.stage }).from(schema.orders).where(eq(schema.orders.id, orderId)))[0]!
    .stage;

const nextHash = () => txId(hashes++);
const at = () => apps.clock.now().getTime() - 60_000;

describe("invoices at checkout", () => {
  it("makes a deposit and a balance invoice with unique references and exact, unique USDT amounts", async () => {
    const { receipt, order, invoices } = await placeOrder();
    expect(invoices.map((i) => i.kind)).toEqual(["deposit", "balance"]);
    const [deposit, balance] = invoices;
    expect(deposit!.reference).toBe(`${order.orderNumber}-D`);
    expect(balance!.reference).toBe(`${order.orderNumber}-B`);
    // deposit = the order's percentage of the total (half a cent up), balance = the rest
    expect(deposit!.amountCents).toBe(Math.round((order.totalCents * order.depositPercent) / 100));
    expect(deposit!.amountCents + balance!.amountCents).toBe(order.totalCents);
    for (const invoice of invoices) {
      const tag = invoice.usdtAmountMicro! - BigInt(invoice.amountCents) * 10_000n;
      expect(tag > 0n && tag < 10_000n).toBe(true);
    }
    // the receipt's figures are the invoices'
    expect(receipt.amountDueNow).toBe(deposit!.amountCents / 100);
    expect(receipt.balanceOnDelivery).toBe(balance!.amountCents / 100);
    const micro = deposit!.usdtAmountMicro!;
    expect(receipt.payment.invoices[0].usdtAmount).toBe(
      `${micro / 1_000_000n}.${String(micro % 1_000_000n).padStart(6, "0")}`,
    );
    expect(receipt.payment.usdtWalletAddress).toBe(apps.env.USDT_WALLET_ADDRESS);
    // the look-up answers the same invoices
    const lookup = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders/lookup",
      payload: { orderNumber: order.orderNumber, email: "maria@example.com" },
    });
    expect(lookup.json().payment.invoices.map((i: { usdtAmount: string }) => i.usdtAmount)).toEqual(
      receipt.payment.invoices.map((i: { usdtAmount: string }) => i.usdtAmount),
    );
    expect(lookup.json().amountDueNow).toBe(receipt.amountDueNow);
  });

  it("gives many orders of the same total different USDT amounts", async () => {
    const amounts = new Set<bigint>();
    for (let i = 0; i < 8; i++) {
      const { invoices } = await placeOrder();
      for (const invoice of invoices) amounts.add(invoice.usdtAmountMicro!);
    }
    expect(amounts.size).toBe(16);
  });

  it("asks no USDT amount of a bank-transfer order, and its e-mail names the payment reference", async () => {
    const { order, invoices } = await placeOrder("bank-transfer");
    expect(invoices.every((i) => i.usdtAmountMicro === null)).toBe(true);
    const [mail] = await db().select().from(schema.notifications).where(eq(schema.notifications.entityId, order.id));
    expect(mail).toBeTruthy();
    const emails = await db()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, "order-confirmation"));
    const mine = emails.find((m) => m.entityId === order.id)!;
    expect(mine.bodyText).toContain(`${order.orderNumber}-D`);
  });

  it("the USDT order e-mail names the exact amount to send", async () => {
    const { order, invoices } = await placeOrder();
    const emails = await db()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, "order-confirmation"));
    const mine = emails.find((m) => m.entityId === order.id)!;
    const micro = invoices[0]!.usdtAmountMicro!;
    expect(mine.bodyText).toContain(
      `send exactly ${micro / 1_000_000n}.${String(micro % 1_000_000n).padStart(6, "0")} USDT on the TRC20 network`,
    );
  });
});

describe("bank transfers and refunds (staff)", () => {
  it("adds partial payments up over the invoices, moves the stage once the deposit is paid, and takes refunds back", async () => {
    const { order, invoices } = await placeOrder("bank-transfer");
    const [deposit, balance] = invoices;
    const first = Math.round(deposit!.amountCents * 0.4);
    let res = await record(order.id, {
      amount: first / 100,
      receivedAt: "2026-11-20",
      reference: "WIRE-1",
      note: "first part",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amount: first / 100,
      status: "recorded",
      reference: "WIRE-1",
      recordedBy: "owner",
    });
    let ledger = await adminLedger(order.id);
    expect(ledger.invoices.map((i) => i.status)).toEqual(["partially_paid", "open"]);
    expect(ledger.paid).toBe(first / 100);
    expect(await stageOf(order.id)).toBe("awaiting_deposit");

    res = await record(order.id, { amount: (deposit!.amountCents - first) / 100, receivedAt: "2026-11-21" });
    expect(res.statusCode).toBe(201);
    ledger = await adminLedger(order.id);
    expect(ledger.invoices.map((i) => i.status)).toEqual(["paid", "open"]);
    expect(ledger.paid).toBe(deposit!.amountCents / 100);
    expect(ledger.outstanding).toBe(balance!.amountCents / 100);
    expect(await stageOf(order.id)).toBe("deposit_received");

    // a refund of 100.00: the deposit is partly paid again; the stage does not move back
    res = await record(order.id, { amount: -100, receivedAt: "2026-11-22", reason: "Goodwill for a late visit" });
    expect(res.statusCode).toBe(201);
    ledger = await adminLedger(order.id);
    expect(ledger.paid).toBe((deposit!.amountCents - 10_000) / 100);
    expect(ledger.invoices[0]!.status).toBe("partially_paid");
    expect(ledger.invoices[0]!.outstanding).toBe(100);
    expect(await stageOf(order.id)).toBe("deposit_received");
    // every payment on the timeline, with who recorded it
    expect(
      ledger.events.filter((e) => e.kind === "payment" || e.kind === "refund").map((e) => [e.kind, e.actor]),
    ).toEqual([
      ["payment", "owner"],
      ["payment", "owner"],
      ["refund", "owner"],
    ]);
    // and a customer e-mail for each
    const mails = await db().select().from(schema.notifications).where(eq(schema.notifications.entityId, order.id));
    expect(mails.filter((m) => m.kind === "payment-received")).toHaveLength(2);
    expect(mails.filter((m) => m.kind === "payment-refunded")).toHaveLength(1);

    // a refund of more than was paid changes nothing
    const before = await adminLedger(order.id);
    res = await record(order.id, { amount: -1_000_000, receivedAt: "2026-11-22", reason: "Cancelled order" });
    expect(res.statusCode).toBe(409);
    expect(await adminLedger(order.id)).toEqual(before);
  });

  it("refuses bad input with a 400 naming the field, an unknown order with 404, and a visitor with 401", async () => {
    const { order } = await placeOrder("bank-transfer");
    for (const payload of [
      { amount: 0, receivedAt: "2026-11-20" },
      { amount: 10.001, receivedAt: "2026-11-20" },
      { amount: 10, receivedAt: "yesterday" },
      { amount: "10", receivedAt: "2026-11-20" },
      { amount: 10, receivedAt: "2026-11-20", extra: 1 },
    ]) {
      const res = await record(order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues.length).toBeGreaterThan(0);
    }
    const other = await placeOrder("bank-transfer");
    const wrong = await record(order.id, { amount: 10, receivedAt: "2026-11-20", invoiceId: other.invoices[0]!.id });
    expect(wrong.statusCode).toBe(400);
    expect((await record(999_999, { amount: 10, receivedAt: "2026-11-20" })).statusCode).toBe(404);
    const anonymous = await apps.backoffice.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/payments`,
      headers: { origin: apps.env.backofficeOrigin },
      payload: { amount: 10, receivedAt: "2026-11-20" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await adminLedger(order.id)).payments).toHaveLength(0);
  });
});

describe("the customer's USDT transaction hash", () => {
  it("answers a wrong order number / e-mail pair with the look-up's 404", async () => {
    const { order } = await placeOrder();
    const lookup = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders/lookup",
      payload: { orderNumber: order.orderNumber, email: "someone@example.com" },
    });
    const wrongEmail = await submit(order.orderNumber, {
      email: "someone@example.com",
      method: "usdt",
      txHash: nextHash(),
    });
    const wrongNumber = await submit("CH-2026-999999", {
      email: "maria@example.com",
      method: "usdt",
      txHash: nextHash(),
    });
    expect(lookup.statusCode).toBe(404);
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongNumber.statusCode).toBe(404);
    expect(wrongEmail.json().message).toBe(lookup.json().message);
    expect(wrongNumber.json().message).toBe(lookup.json().message);
  });

  it("refuses a malformed hash or method with 400", async () => {
    const { order } = await placeOrder();
    for (const body of [
      { email: "maria@example.com", method: "usdt", txHash: "abc" },
      { email: "maria@example.com", method: "usdt", txHash: "z".repeat(64) },
      { email: "maria@example.com", method: "bank-transfer", txHash: nextHash() },
      { email: "maria@example.com", method: "usdt" },
    ]) {
      expect((await submit(order.orderNumber, body)).statusCode).toBe(400);
    }
  });

  it("records a confirmed transfer of the exact amount (201), moves the order to deposit received, e-mails the customer", async () => {
    const { order, invoices } = await placeOrder();
    const hash = nextHash();
    tron.transfers = [usdtTransfer(hash, invoices[0]!.usdtAmountMicro!, at())];
    const res = await submit(order.orderNumber, {
      email: "MARIA@example.com",
      method: "usdt",
      txHash: `0x${hash.toUpperCase()}`,
    });
    expect(res.statusCode).toBe(201);
    const body: SubmitPaymentAnswer = res.json();
    expect(body.status).toBe("recorded");
    expect(body.status === "recorded" && body.payment).toMatchObject({
      txHash: hash,
      amount: invoices[0]!.amountCents / 100,
      flags: [],
      method: "usdt",
    });
    expect(await stageOf(order.id)).toBe("deposit_received");
    const ledger = await adminLedger(order.id);
    expect(ledger.invoices.map((i) => i.status)).toEqual(["paid", "open"]);
    expect(ledger.payments[0]).toMatchObject({ fromAddress: CUSTOMER_WALLET, recordedBy: "customer" });
    expect(ledger.events.filter((e) => e.kind === "payment").map((e) => e.actor)).toEqual(["customer"]);
    const mails = await db().select().from(schema.notifications).where(eq(schema.notifications.entityId, order.id));
    expect(mails.some((m) => m.kind === "payment-received" && m.recipient === "maria@example.com")).toBe(true);

    // the same hash again, for this order or another: 409, nothing changes
    const again = await submit(order.orderNumber, { email: "maria@example.com", method: "usdt", txHash: hash });
    expect(again.statusCode).toBe(409);
    const other = await placeOrder();
    const elsewhere = await submit(other.order.orderNumber, {
      email: "maria@example.com",
      method: "usdt",
      txHash: hash,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toMatch(/another order/);
    expect((await adminLedger(other.order.id)).payments).toHaveLength(0);
    expect((await adminLedger(order.id)).payments).toHaveLength(1);
  });

  it("sends a smaller or larger transfer to staff (202 in_review); attached with a reason, it is flagged partial or excess", async () => {
    const attach = (hash: string, invoiceId: number) =>
      apps.backoffice.inject({
        method: "POST",
        url: `/api/admin/usdt-transfers/${hash}/attach`,
        headers: { cookie, origin: apps.env.backofficeOrigin },
        payload: { invoiceId, reason: "The customer's exchange kept a fee" },
      });
    const small = await placeOrder();
    const hash1 = nextHash();
    const short = BigInt(small.invoices[0]!.amountCents - 2500) * 10_000n; // an exchange kept 25.00
    tron.transfers = [usdtTransfer(hash1, short, at())];
    const res1 = await submit(small.order.orderNumber, { email: "maria@example.com", method: "usdt", txHash: hash1 });
    expect(res1.statusCode).toBe(202);
    expect(res1.json()).toMatchObject({ status: "in_review", transfer: { txHash: hash1 } });
    expect((await adminLedger(small.order.id)).payments).toHaveLength(0);
    const attached1 = await attach(hash1, small.invoices[0]!.id);
    expect(attached1.statusCode).toBe(201);
    expect(attached1.json().payment.flags).toEqual(["partial"]);
    const ledger1 = await adminLedger(small.order.id);
    expect(ledger1.invoices[0]).toMatchObject({ status: "partially_paid", outstanding: 25 });
    expect(await stageOf(small.order.id)).toBe("awaiting_deposit");

    const big = await placeOrder();
    const hash2 = nextHash();
    tron.transfers = [usdtTransfer(hash2, BigInt(big.invoices[0]!.amountCents + 10_000) * 10_000n, at())];
    const res2 = await submit(big.order.orderNumber, { email: "maria@example.com", method: "usdt", txHash: hash2 });
    expect(res2.statusCode).toBe(202);
    expect(res2.json().status).toBe("in_review");
    const attached2 = await attach(hash2, big.invoices[0]!.id);
    expect(attached2.statusCode).toBe(201);
    expect(attached2.json().payment.flags).toEqual(["excess"]);
    expect(await stageOf(big.order.id)).toBe("deposit_received");
    const flagged = await db()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, "payment-flagged"));
    expect(flagged.some((n) => n.entityId === big.order.id)).toBe(true);
  });

  it("flags a transfer made after the invoice's validity as late, and still records it", async () => {
    const { order, invoices } = await placeOrder();
    const hash = nextHash();
    const after = invoices[0]!.validUntil!.getTime() + 3_600_000;
    tron.transfers = [usdtTransfer(hash, invoices[0]!.usdtAmountMicro!, after)];
    const res = await submit(order.orderNumber, { email: "maria@example.com", method: "usdt", txHash: hash });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment.flags).toEqual(["late"]);
    expect(await stageOf(order.id)).toBe("deposit_received");
  });

  it("keeps a hash TronGrid does not show yet as pending verification (202)", async () => {
    const { order } = await placeOrder();
    const hash = nextHash();
    const res = await submit(order.orderNumber, { email: "maria@example.com", method: "usdt", txHash: hash });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: "pending_verification", payment: { txHash: hash, amount: 0 } });
    expect(await stageOf(order.id)).toBe("awaiting_deposit");
    // submitted twice: 409
    expect(
      (await submit(order.orderNumber, { email: "maria@example.com", method: "usdt", txHash: hash })).statusCode,
    ).toBe(409);
    // the customer sees it pending on the order's page
    const lookup = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders/lookup",
      payload: { orderNumber: order.orderNumber, email: "maria@example.com" },
    });
    expect(lookup.json().payment.payments).toEqual([
      expect.objectContaining({ status: "pending_verification", txHash: hash }),
    ]);
    // staff reject it
    const ledger = await adminLedger(order.id);
    const reject = await apps.backoffice.inject({
      method: "POST",
      url: `/api/admin/payments/${ledger.payments[0]!.id}/reject`,
      headers: { cookie, origin: apps.env.backofficeOrigin },
      payload: { reason: "Not found on chain after a week" },
    });
    expect(reject.statusCode).toBe(200);
    expect(reject.json().status).toBe("rejected");
  });

  it("refuses a transfer to another wallet or of another token (422) and stores nothing", async () => {
    const { order, invoices } = await placeOrder();
    tron.honorFilters = false; // as if TronGrid ignored only_to and contract_address
    const toOther = nextHash();
    const otherToken = nextHash();
    const token = usdtTransfer(otherToken, invoices[0]!.usdtAmountMicro!, at());
    token.token_info = { ...token.token_info, address: CUSTOMER_WALLET, symbol: "USDT" };
    tron.transfers = [usdtTransfer(toOther, invoices[0]!.usdtAmountMicro!, at(), CUSTOMER_WALLET), token];
    const res1 = await submit(order.orderNumber, { email: "maria@example.com", method: "usdt", txHash: toOther });
    expect(res1.statusCode).toBe(422);
    expect(res1.json().message).toMatch(/shop's wallet/);
    const res2 = await submit(order.orderNumber, { email: "maria@example.com", method: "usdt", txHash: otherToken });
    expect(res2.statusCode).toBe(422);
    expect(res2.json().message).toMatch(/USDT/);
    expect((await adminLedger(order.id)).payments).toHaveLength(0);
    expect(await stageOf(order.id)).toBe("awaiting_deposit");
  });

  it("keeps the hash pending when TronGrid is down, answers garbage or times out (no 500)", async () => {
    for (const mode of ["down", "garbage", "hang"] as const) {
      const { order } = await placeOrder();
      tron.mode = mode;
      const res = await submit(order.orderNumber, { email: "maria@example.com", method: "usdt", txHash: nextHash() });
      expect(res.statusCode, mode).toBe(202);
      expect(res.json().status).toBe("pending_verification");
      expect(await stageOf(order.id)).toBe("awaiting_deposit");
    }
  });
});
