// The USDT wallet watcher against a fake TronGrid on loopback: a transfer of an invoice's exact amount is
// recorded with nobody pressing anything; every field is checked; paging follows meta.fingerprint; a
// pending hash is looked up by id and recorded once confirmed when it pays its own order's invoice, or
// goes to the unmatched queue; two watchers on one database record a transfer once; an outage changes
// nothing and backs off. (The cursor and the claims' rules: usdt-claims.test.ts.)
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Deps } from "../src/lib/deps";
import { createTronWatcher, WATCHER_NAME } from "../src/modules/payments/tron-watcher";
import { recordUsdtTransfer } from "../src/modules/payments/usdt-transfers";
import { CUSTOMER_WALLET, type FakeTronGrid, SHOP_WALLET, txId, usdtTransfer } from "./fake-trongrid";
import type { TestApps } from "./harness";
import { placeOrderOf, productsInStock } from "./order-fixtures";
import { useAppsWithFakeTronGrid } from "./tron-fixtures";

let apps: TestApps;
let tron: FakeTronGrid;
let deps: Deps;
let product: { id: number; price: number };
let hashes = 5000;

useAppsWithFakeTronGrid({ TRON_API_KEY: "test-key", TRON_TIMEOUT_MS: "10000" }, (started) => {
  ({ apps, tron } = started);
});
beforeAll(async () => {
  deps = { db: apps.db.handle.db, env: apps.env, clock: apps.clock, log: apps.storefront.log };
  product = (await productsInStock(deps.db))[0]!;
}, 120_000);

beforeEach(async () => {
  // each test starts with a free lease and no backoff
  await deps.db.delete(schema.watcherState).where(eq(schema.watcherState.name, WATCHER_NAME));
});

async function placeOrder() {
  const { order, invoices } = await placeOrderOf(apps, product, { paymentMethod: "usdt" });
  // the deposit first, as the ledger settles them (its id is higher when its random USDT tag was taken)
  invoices.sort((a, b) => (a.kind === "deposit" ? 0 : 1) - (b.kind === "deposit" ? 0 : 1));
  return { order, invoices };
}

const paymentsOf = (orderId: number) =>
  deps.db.select().from(schema.payments).where(eq(schema.payments.orderId, orderId));
const stageOf = async (orderId: number) =>
  (await deps.db.select({ stage: schema.orders.stage }).from(schema.orders).where(eq(schema.orders.id, orderId)))[0]!
    .stage;
const at = () => apps.clock.now().getTime() - 60_000;
const nextHash = () => txId(hashes++);

describe("the USDT watcher", () => {
  it("records a confirmed transfer of an open invoice's exact amount by itself, once", async () => {
    const { order, invoices } = await placeOrder();
    const hash = nextHash();
    tron.transfers = [usdtTransfer(hash, invoices[0]!.usdtAmountMicro!, at())];
    const watcher = createTronWatcher(deps, { owner: "a" });
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 1 });
    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({
      status: "recorded",
      txHash: hash,
      method: "usdt",
      amountCents: invoices[0]!.amountCents,
      usdtAmountMicro: invoices[0]!.usdtAmountMicro,
      invoiceId: invoices[0]!.id,
      recordedBy: "watcher",
      flags: [],
    });
    expect(await stageOf(order.id)).toBe("deposit_received");
    const events = await deps.db.select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, order.id));
    expect(events.some((e) => e.kind === "payment" && e.actor === "watcher")).toBe(true);
    // kept among the seen transfers, credited with its payment; the credit audited as the watcher's
    const [seen] = await deps.db.select().from(schema.usdtTransfers).where(eq(schema.usdtTransfers.txHash, hash));
    expect(seen).toMatchObject({ status: "credited", paymentId: payment!.id, claimedByOrderId: null });
    const audit = await deps.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "usdt-transfer.credit"));
    expect(audit.find((a) => a.detail.txHash === hash)).toMatchObject({
      adminName: "watcher",
      entityId: String(order.id),
    });
    const mails = await deps.db.select().from(schema.notifications).where(eq(schema.notifications.entityId, order.id));
    expect(mails.some((m) => m.kind === "payment-received")).toBe(true);

    // the query it sent: the documented path and filters, the API key header
    const request = tron.requests[0]!;
    expect(request.path).toBe(`/v1/accounts/${SHOP_WALLET}/transactions/trc20`);
    expect(Object.fromEntries(request.query)).toMatchObject({
      only_confirmed: "true",
      only_to: "true",
      contract_address: apps.env.USDT_CONTRACT_ADDRESS,
      limit: "200",
      order_by: "block_timestamp,asc",
    });
    expect(request.apiKey).toBe("test-key");

    // read again: nothing recorded twice
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 0 });
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it("follows meta.fingerprint through every page", async () => {
    const orders = [await placeOrder(), await placeOrder(), await placeOrder()];
    tron.pageSize = 2;
    tron.transfers = orders.map((o, i) => usdtTransfer(nextHash(), o.invoices[0]!.usdtAmountMicro!, at() - i * 1000));
    const watcher = createTronWatcher(deps, { owner: "a" });
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 3 });
    expect(tron.requests.filter((r) => r.path.includes("/accounts/")).map((r) => r.query.get("fingerprint"))).toEqual([
      null,
      "2",
    ]);
    for (const o of orders) expect(await stageOf(o.order.id)).toBe("deposit_received");
  });

  it("records nothing that fails a check: another wallet, another token, decimals, type, value, unconfirmed", async () => {
    const { order, invoices } = await placeOrder();
    const amount = invoices[0]!.usdtAmountMicro!;
    tron.honorFilters = false; // a TronGrid that ignored every filter
    const bad = [
      usdtTransfer(nextHash(), amount, at(), CUSTOMER_WALLET),
      {
        ...usdtTransfer(nextHash(), amount, at()),
        token_info: { symbol: "USDT", address: CUSTOMER_WALLET, decimals: 6, name: "Fake" },
      },
      {
        ...usdtTransfer(nextHash(), amount, at()),
        token_info: { symbol: "USDT", address: apps.env.USDT_CONTRACT_ADDRESS, decimals: 18, name: "x" },
      },
      { ...usdtTransfer(nextHash(), amount, at()), type: "Approval" },
      { ...usdtTransfer(nextHash(), amount, at()), value: `${amount}.5` },
      { ...usdtTransfer(nextHash(), amount, at()), confirmed: false },
    ];
    tron.transfers = bad;
    const watcher = createTronWatcher(deps, { owner: "a" });
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 0, rejected: bad.length });
    expect(await paymentsOf(order.id)).toHaveLength(0);
    expect(await stageOf(order.id)).toBe("awaiting_deposit");
  });

  it("records a customer's pending hash once TronGrid shows it confirmed, when it pays that order's invoice", async () => {
    const { order, invoices } = await placeOrder();
    const hash = nextHash();
    const amount = invoices[0]!.usdtAmountMicro!;
    tron.transfers = [{ ...usdtTransfer(hash, amount, at()), confirmed: false }];
    const submitted = await apps.storefront.inject({
      method: "POST",
      url: `/api/orders/${order.orderNumber}/payments`,
      payload: { email: "maria@example.com", method: "usdt", txHash: hash },
    });
    expect(submitted.statusCode).toBe(202);
    expect(submitted.json().status).toBe("pending_verification");
    const watcher = createTronWatcher(deps, { owner: "a" });
    // looked up by its id (not found among the confirmed events), and the wallet's new transfers read
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 0, claimsChecked: 1 });
    expect(tron.eventReads).toContain(hash);
    const [pending] = await paymentsOf(order.id);
    expect(pending).toMatchObject({ status: "pending_verification", checkAttempts: 1 });

    tron.transfers = [usdtTransfer(hash, amount, at())]; // now confirmed
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 1 });
    const [recorded] = await paymentsOf(order.id);
    expect(recorded).toMatchObject({
      id: pending!.id,
      status: "recorded",
      amountCents: invoices[0]!.amountCents,
      recordedBy: "customer",
      flags: [],
    });
    expect(await stageOf(order.id)).toBe("deposit_received");
  });

  it("puts a pending hash whose transfer matches no invoice exactly in the unmatched queue, claimed by its order", async () => {
    const { order, invoices } = await placeOrder();
    const hash = nextHash();
    const sent = BigInt(invoices[0]!.amountCents) * 10_000n; // without the tag: matches no invoice by amount
    const submitted = await apps.storefront.inject({
      method: "POST",
      url: `/api/orders/${order.orderNumber}/payments`,
      payload: { email: "maria@example.com", method: "usdt", txHash: hash },
    });
    expect(submitted.statusCode).toBe(202);
    tron.transfers = [usdtTransfer(hash, sent, at())];
    const watcher = createTronWatcher(deps, { owner: "a" });
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 0, unmatched: 1 });
    expect((await paymentsOf(order.id)).filter((p) => p.status === "recorded")).toHaveLength(0);
    expect(await stageOf(order.id)).toBe("awaiting_deposit");
    const [queued] = await deps.db.select().from(schema.usdtTransfers).where(eq(schema.usdtTransfers.txHash, hash));
    expect(queued).toMatchObject({
      status: "unmatched",
      claimedByOrderId: order.id,
      valueMicro: sent,
      paymentId: null,
    });
    // the claim is closed (its hash freed for the ledger), and the customer and the owner are told
    const [claim] = await paymentsOf(order.id);
    expect(claim).toMatchObject({ status: "rejected", txHash: null, reason: expect.stringContaining(hash) });
    const messages = await deps.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.entityId, order.id));
    expect(messages.some((m) => m.kind === "usdt-transfer-in-review")).toBe(true);
    const telegram = await deps.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, "usdt-transfer-unmatched"));
    expect(telegram.some((m) => m.bodyText.includes(hash))).toBe(true);
  });

  it("two watchers on one database: one holds the lease, and a transfer is recorded once even if both try", async () => {
    const { order, invoices } = await placeOrder();
    const transfer = usdtTransfer(nextHash(), invoices[0]!.usdtAmountMicro!, at());
    tron.transfers = [transfer];
    const a = createTronWatcher(deps, { owner: "process-a" });
    const b = createTronWatcher(deps, { owner: "process-b" });
    const results = await Promise.all([a.tick(), b.tick()]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(results.filter((r) => !r.ran)).toEqual([{ ran: false, reason: "lease-held" }]);
    expect(await paymentsOf(order.id)).toHaveLength(1);

    // the ledger itself refuses a second recording: both record the same transfer at once
    const other = await placeOrder();
    const checked = {
      txId: nextHash(),
      from: CUSTOMER_WALLET,
      to: SHOP_WALLET,
      valueMicro: other.invoices[0]!.usdtAmountMicro!,
      blockTimestamp: at(),
    };
    const outcomes = await Promise.all([recordUsdtTransfer(deps, checked), recordUsdtTransfer(deps, checked)]);
    expect(outcomes.sort()).toEqual(["duplicate", "recorded"]);
    expect(await paymentsOf(other.order.id)).toHaveLength(1);
  });

  it("a stopped watcher lets another take over at once", async () => {
    await placeOrder();
    const a = createTronWatcher(deps, { owner: "process-a", pollMs: 60_000 });
    const b = createTronWatcher(deps, { owner: "process-b" });
    a.start();
    await new Promise<void>((resolve) => a.events.once("tick", () => resolve()));
    expect(await b.tick()).toEqual({ ran: false, reason: "lease-held" });
    await a.stop();
    expect(await b.tick()).toMatchObject({ ran: true });
  });

  it("changes nothing when TronGrid is down or answers garbage, and backs off", async () => {
    const { order, invoices } = await placeOrder();
    tron.transfers = [usdtTransfer(nextHash(), invoices[0]!.usdtAmountMicro!, at())];
    const watcher = createTronWatcher(deps, { owner: "a", retryBaseMs: 1000, retryMaxMs: 60_000, random: () => 0.5 });
    tron.mode = "down";
    expect(await watcher.tick()).toMatchObject({ ran: true, error: "TronGrid answered 503", retryInMs: 750 });
    expect(await watcher.tick()).toEqual({ ran: false, reason: "backoff" });
    apps.clock.advance(1000);
    tron.mode = "garbage";
    expect(await watcher.tick()).toMatchObject({ ran: true, retryInMs: 1500 });
    const [state] = await deps.db.select().from(schema.watcherState).where(eq(schema.watcherState.name, WATCHER_NAME));
    expect(state).toMatchObject({ failures: 2, lastError: expect.stringMatching(/not valid JSON/) });
    expect(await paymentsOf(order.id)).toHaveLength(0);
    apps.clock.advance(2000);
    tron.mode = "ok";
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 1 });
    const [after] = await deps.db.select().from(schema.watcherState).where(eq(schema.watcherState.name, WATCHER_NAME));
    expect(after).toMatchObject({ failures: 0, nextRunAt: null, lastError: null });
  });

  it("does nothing while no USDT invoice is open", async () => {
    await deps.db.update(schema.invoices).set({ status: "paid" });
    await deps.db
      .update(schema.payments)
      .set({ status: "rejected" })
      .where(eq(schema.payments.status, "pending_verification"));
    const watcher = createTronWatcher(deps, { owner: "a" });
    expect(await watcher.tick()).toEqual({ ran: false, reason: "idle" });
    expect(tron.requests).toHaveLength(0);
  });
});
