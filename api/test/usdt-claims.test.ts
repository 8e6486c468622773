// Issue 21: a USDT transfer belongs to the invoice whose exact amount it carries, whoever submits its hash.
// The shop's incoming transfers are public, so an attacker with a same-priced order may submit a victim's
// hash: confirmed, unconfirmed (claimed first, confirmed later), one micro-unit off, overpaid. Each time the
// attacker's order gets nothing (409, or 202 in_review for a transfer no invoice names), the victim's
// invoice is credited (or the transfer waits in the unmatched queue, where staff attach it with a reason,
// audited). Also: a random hash expires (202, then 422 after USDT_CLAIM_TTL_MS); another token's or another
// wallet's hash is 422 at once; the watcher reads the wallet only from its cursor; staff-recorded USDT
// payments follow the same rules. Against a fake TronGrid on loopback (test/fake-trongrid.ts).

import { usdtMinorUnits } from "@ch/contracts/money";
import type { UsdtTransferDto } from "@ch/contracts/payments";
import { schema } from "@ch/db";
import { and, asc, desc, eq, inArray, isNotNull, min } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Deps } from "../src/lib/deps";
import { AppError } from "../src/lib/errors";
import { formatUsdt } from "../src/lib/usdt";
import { createTronWatcher, WATCHER_NAME } from "../src/modules/payments/tron-watcher";
import { recordStaffUsdtPayment } from "../src/modules/payments/usdt-transfers";
import { pendingResetMails } from "../src/modules/staff/staff.service";
import {
  CUSTOMER_WALLET,
  eventAddress,
  type FakeTronGrid,
  SHOP_WALLET,
  transferEvent,
  txId,
  usdtTransfer,
} from "./fake-trongrid";
import { firstProductOnSale, signedInCookie, type TestApps } from "./harness";
import { placeOrderOf } from "./order-fixtures";
import { useAppsWithFakeTronGrid } from "./tron-fixtures";

let apps: TestApps;
let tron: FakeTronGrid;
let deps: Deps;
let ownerCookie: string;
let salesCookie: string;
let product: { id: number; price: number };
let hashes = 0x21000;

const VICTIM = "victim@example.com";
const ATTACKER = "mallory@example.com";
const TTL_MS = 30 * 60_000;

useAppsWithFakeTronGrid({ TRON_TIMEOUT_MS: "5000" }, (started) => {
  ({ apps, tron } = started);
});
beforeAll(async () => {
  deps = { db: apps.db.handle.db, env: apps.env, clock: apps.clock, log: apps.storefront.log };
  ownerCookie = await signedInCookie(apps);
  salesCookie = await salesAccount();
  product = await firstProductOnSale(apps);
}, 120_000);

beforeEach(async () => {
  tron.pageSize = 50;
  await deps.db.delete(schema.watcherState).where(eq(schema.watcherState.name, WATCHER_NAME));
});

/** A sales account (invited by the owner), signed in. */
async function salesAccount(): Promise<string> {
  const invited = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/staff/invites",
    headers: { cookie: ownerCookie, origin: apps.env.backofficeOrigin },
    payload: { email: "sam@example.com", role: "sales" },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  await Promise.all(pendingResetMails);
  const [mail] = await deps.db
    .select({ body: schema.notifications.bodyText })
    .from(schema.notifications)
    .where(eq(schema.notifications.recipient, "sam@example.com"))
    .orderBy(desc(schema.notifications.id))
    .limit(1);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? "")?.[1];
  const password = "Sales-Person-Long-1";
  const accepted = await apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/invites/accept",
    payload: { token, username: "sam", password },
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  return signedInCookie(apps, "sam", password);
}

/** After the clock jumps past the sessions' idle time: both accounts sign in again. */
async function signInAgain() {
  ownerCookie = await signedInCookie(apps);
  salesCookie = await signedInCookie(apps, "sam", "Sales-Person-Long-1");
}

async function placeOrder(email: string) {
  const { order, invoices } = await placeOrderOf(apps, product, { paymentMethod: "usdt", email });
  return { order, invoices, email };
}
type Placed = Awaited<ReturnType<typeof placeOrder>>;

/** A victim and an attacker with a same-priced order (different USDT tags). */
async function victimAndAttacker() {
  const victim = await placeOrder(VICTIM);
  const attacker = await placeOrder(ATTACKER);
  expect(attacker.invoices[0]!.amountCents).toBe(victim.invoices[0]!.amountCents);
  expect(attacker.invoices[0]!.usdtAmountMicro).not.toBe(victim.invoices[0]!.usdtAmountMicro);
  return { victim, attacker, deposit: victim.invoices[0]!.usdtAmountMicro! };
}

const submit = (who: Placed, hash: string) =>
  apps.storefront.inject({
    method: "POST",
    url: `/api/orders/${who.order.orderNumber}/payments`,
    payload: { email: who.email, method: "usdt", txHash: hash },
  });

const staff = (method: "GET" | "POST", url: string, cookie = salesCookie, payload?: unknown) =>
  apps.backoffice.inject({
    method,
    url,
    headers: { cookie, ...(method === "GET" ? {} : { origin: apps.env.backofficeOrigin }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const attach = (hash: string, invoiceId: number, reason: string, cookie = salesCookie) =>
  staff("POST", `/api/admin/usdt-transfers/${hash}/attach`, cookie, { invoiceId, reason });

async function unmatchedQueue(): Promise<UsdtTransferDto[]> {
  const items: UsdtTransferDto[] = [];
  let url: string | null = "/api/admin/usdt-transfers?status=unmatched&limit=2";
  while (url) {
    const res = await staff("GET", url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: UsdtTransferDto[]; next: string | null };
    items.push(...page.items);
    url = page.next;
  }
  return items;
}

const paymentsOf = (orderId: number) =>
  deps.db.select().from(schema.payments).where(eq(schema.payments.orderId, orderId)).orderBy(asc(schema.payments.id));
const recordedOf = async (orderId: number) => (await paymentsOf(orderId)).filter((p) => p.status === "recorded");
const stageOf = async (orderId: number) =>
  (await deps.db.select({ stage: schema.orders.stage }).from(schema.orders).where(eq(schema.orders.id, orderId)))[0]!
    .stage;
const transferOf = async (hash: string) =>
  (await deps.db.select().from(schema.usdtTransfers).where(eq(schema.usdtTransfers.txHash, hash)))[0];
const auditOf = (action: string) =>
  deps.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(asc(schema.auditLog.id));
const at = () => apps.clock.now().getTime() - 60_000;
const nextHash = () => txId(hashes++);

/** Nothing on the order: no money recorded, its invoices open, still awaiting its deposit. */
async function expectNothingOn(who: Placed) {
  expect(await recordedOf(who.order.id)).toEqual([]);
  const invoices = await deps.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, who.order.id));
  expect(invoices.map((i) => i.status)).toEqual(["open", "open"]);
  expect(await stageOf(who.order.id)).toBe("awaiting_deposit");
}

/** An amount no invoice asks for, `delta` micro-units from `base` (the next free one further out). */
async function amountNoInvoiceAsks(base: bigint, delta: bigint): Promise<bigint> {
  for (let value = base + delta; ; value += delta > 0n ? 1n : -1n) {
    const [taken] = await deps.db
      .select({ id: schema.invoices.id })
      .from(schema.invoices)
      .where(eq(schema.invoices.usdtAmountMicro, value));
    if (!taken) return value;
  }
}

describe("a victim's USDT transfer submitted by an attacker's same-priced order", () => {
  it("confirmed: the attacker gets 409 and nothing; the victim's invoice is credited at once", async () => {
    const { victim, attacker, deposit } = await victimAndAttacker();
    const hash = nextHash();
    tron.transfers = [usdtTransfer(hash, deposit, at())];

    const res = await submit(attacker, hash);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/another order/);
    await expectNothingOn(attacker);
    expect(await paymentsOf(attacker.order.id)).toEqual([]);

    // the real invoice got it: by its amount, as the watcher would have
    expect(await stageOf(victim.order.id)).toBe("deposit_received");
    expect(await recordedOf(victim.order.id)).toEqual([
      expect.objectContaining({ txHash: hash, invoiceId: victim.invoices[0]!.id, recordedBy: "watcher", flags: [] }),
    ]);
    expect(await transferOf(hash)).toMatchObject({ status: "credited", claimedByOrderId: attacker.order.id });

    // trying again changes nothing; the victim's own submission says it is already recorded
    expect((await submit(attacker, hash)).statusCode).toBe(409);
    const mine = await submit(victim, hash);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toMatch(/already recorded for this order/);
    // staff cannot attach a credited transfer elsewhere
    const again = await attach(hash, attacker.invoices[0]!.id, "the customer says it is theirs");
    expect(again.statusCode).toBe(409);
    // the watcher meeting it later records nothing twice
    expect(await createTronWatcher(deps, { owner: "w" }).tick()).toMatchObject({ ran: true, recorded: 0 });
    await expectNothingOn(attacker);
    expect(await recordedOf(victim.order.id)).toHaveLength(1);
  });

  it("unconfirmed: the attacker's claim waits (202), the watcher credits the victim once confirmed, the attacker gets 409", async () => {
    const { victim, attacker, deposit } = await victimAndAttacker();
    const hash = nextHash();
    tron.transfers = [{ ...usdtTransfer(hash, deposit, at()), confirmed: false }];

    const claimed = await submit(attacker, hash);
    expect(claimed.statusCode).toBe(202);
    expect(claimed.json()).toMatchObject({ status: "pending_verification", payment: { txHash: hash, amount: 0 } });
    await expectNothingOn(attacker);

    tron.transfers = [usdtTransfer(hash, deposit, at())]; // confirmed now
    const tick = await createTronWatcher(deps, { owner: "w" }).tick();
    expect(tick).toMatchObject({ ran: true, recorded: 1 });
    expect(await stageOf(victim.order.id)).toBe("deposit_received");
    expect(await recordedOf(victim.order.id)).toEqual([
      expect.objectContaining({ txHash: hash, invoiceId: victim.invoices[0]!.id, recordedBy: "watcher" }),
    ]);
    // the attacker's claim is closed: no money, its hash given up, the customer's view hides it
    await expectNothingOn(attacker);
    const [claim] = await paymentsOf(attacker.order.id);
    expect(claim).toMatchObject({ status: "rejected", txHash: null, reason: expect.stringMatching(/another order/) });
    const lookup = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders/lookup",
      payload: { orderNumber: attacker.order.orderNumber, email: ATTACKER },
    });
    expect(lookup.json().payment.payments).toEqual([]);

    const again = await submit(attacker, hash);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/another order/);
    await expectNothingOn(attacker);
    const credit = (await auditOf("usdt-transfer.credit")).find((a) => a.detail.txHash === hash);
    expect(credit).toMatchObject({ adminName: "watcher", adminId: null, entityId: String(victim.order.id) });
  });

  it("one micro-unit off: the attacker gets 202 in_review and nothing; staff attach it to the victim's invoice", async () => {
    const { victim, attacker, deposit } = await victimAndAttacker();
    const hash = nextHash();
    const off = await amountNoInvoiceAsks(deposit, -1n);
    expect(deposit - off).toBeLessThan(10n);
    tron.transfers = [usdtTransfer(hash, off, at())];

    const res = await submit(attacker, hash);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      status: "in_review",
      transfer: { txHash: hash, usdtAmount: formatUsdt(off) },
      message: expect.stringMatching(/our team/i),
    });
    await expectNothingOn(attacker);
    expect(await paymentsOf(attacker.order.id)).toEqual([]);
    await expectNothingOn(victim);
    expect(await transferOf(hash)).toMatchObject({
      status: "unmatched",
      claimedByOrderId: attacker.order.id,
      paymentId: null,
    });

    // the queue (sales may read it), with the claimant and the invoices it may belong to
    const queued = (await unmatchedQueue()).find((t) => t.txHash === hash)!;
    expect(queued).toMatchObject({
      status: "unmatched",
      usdtAmount: { amount: usdtMinorUnits(formatUsdt(off)), currency: "USDT" },
      fromAddress: CUSTOMER_WALLET,
      claimedBy: { id: attacker.order.id, orderNumber: attacker.order.orderNumber },
      order: null,
    });
    expect(queued.candidates.map((c) => c.invoiceId)).toEqual(
      expect.arrayContaining([victim.invoices[0]!.id, attacker.invoices[0]!.id]),
    );
    expect(queued.candidates[0]!.invoiceId).toBe(victim.invoices[0]!.id); // the nearest amount first

    // staff (sales) attach it to the victim's deposit, saying why
    const reason = "The victim sent it from their exchange, which kept one micro-unit; checked with them by phone";
    const attached = await attach(hash, victim.invoices[0]!.id, reason);
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json()).toMatchObject({
      transfer: { status: "attached", order: { id: victim.order.id }, note: reason },
      payment: { txHash: hash, invoiceId: victim.invoices[0]!.id, recordedBy: "sam", method: "usdt" },
    });
    expect(attached.json().payment.flags).not.toContain("excess");
    expect(await stageOf(victim.order.id)).toBe("deposit_received");
    await expectNothingOn(attacker);
    expect(await transferOf(hash)).toMatchObject({ status: "attached", paymentId: attached.json().payment.id });
    const audit = (await auditOf("usdt-transfer.attach")).find((a) => a.entityId === hash);
    expect(audit).toMatchObject({ adminName: "sam", entityType: "usdt_transfer" });
    expect(audit!.adminId).toEqual(expect.any(Number));
    expect(audit!.detail).toMatchObject({ invoiceId: victim.invoices[0]!.id, reason, orderId: victim.order.id });
    // the customer's payment e-mail and the owner's Telegram note
    const told = await deps.db
      .select()
      .from(schema.notifications)
      .where(inArray(schema.notifications.kind, ["payment-received", "usdt-transfer-attached"]));
    expect(
      told.some((m) => m.kind === "payment-received" && m.recipient === VICTIM && m.entityId === victim.order.id),
    ).toBe(true);
    expect(
      told.some((m) => m.kind === "usdt-transfer-attached" && m.channel === "telegram" && m.bodyText.includes(hash)),
    ).toBe(true);
    // no longer in the queue; attached twice → 409; the hash is spent for everyone
    expect((await unmatchedQueue()).some((t) => t.txHash === hash)).toBe(false);
    expect((await attach(hash, victim.invoices[0]!.id, "again")).statusCode).toBe(409);
    expect((await submit(attacker, hash)).statusCode).toBe(409);
    expect((await submit(victim, hash)).statusCode).toBe(409);
  });

  it("overpaid: both claims wait in review (the second noted); the owner attaches it to the victim's invoice as excess", async () => {
    const { victim, attacker, deposit } = await victimAndAttacker();
    const hash = nextHash();
    const over = await amountNoInvoiceAsks(deposit + 100_000_000n, 1n); // 100 USDT more
    tron.transfers = [usdtTransfer(hash, over, at())];

    const res = await submit(attacker, hash);
    expect(res.statusCode).toBe(202);
    expect(res.json().status).toBe("in_review");
    const theirs = await submit(victim, hash);
    expect(theirs.statusCode).toBe(202);
    expect(theirs.json().status).toBe("in_review");
    await expectNothingOn(attacker);
    await expectNothingOn(victim);
    const row = await transferOf(hash);
    expect(row).toMatchObject({ status: "unmatched", claimedByOrderId: attacker.order.id });
    expect(row!.note).toContain(`Also claimed by order ${victim.order.orderNumber}`);

    const attached = await attach(hash, victim.invoices[0]!.id, "Paid 100 USDT too much; we refund it", ownerCookie);
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json().payment).toMatchObject({ flags: ["excess"], recordedBy: "owner" });
    expect(await stageOf(victim.order.id)).toBe("deposit_received");
    await expectNothingOn(attacker);
    expect((await auditOf("usdt-transfer.attach")).find((a) => a.entityId === hash)).toMatchObject({
      adminName: "owner",
    });
  });

  it("the watcher queues what pays no open invoice exactly: a paid invoice's amount again, less than asked", async () => {
    const { victim, deposit } = await victimAndAttacker();
    const paid = nextHash();
    const again = nextHash();
    const less = nextHash();
    tron.transfers = [usdtTransfer(paid, deposit, at() - 2000)];
    const watcher = createTronWatcher(deps, { owner: "w" });
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 1 });
    tron.transfers.push(
      usdtTransfer(again, deposit, at() - 1000),
      usdtTransfer(less, BigInt(victim.invoices[1]!.amountCents - 100) * 10_000n, at()),
    );
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 0, unmatched: 2 });
    expect(await recordedOf(victim.order.id)).toHaveLength(1);
    for (const hash of [again, less]) {
      expect(await transferOf(hash)).toMatchObject({ status: "unmatched", claimedByOrderId: null });
    }
    const telegram = await deps.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, "usdt-transfer-unmatched"));
    expect(telegram.filter((m) => m.bodyText.includes(again) || m.bodyText.includes(less))).toHaveLength(2);
    expect((await auditOf("usdt-transfer.unmatched")).filter((a) => a.entityId === again)).toEqual([
      expect.objectContaining({ adminName: "watcher" }),
    ]);
  });
});

describe("hashes that are not a USDT payment to the shop", () => {
  it("a random hash waits (202), then after USDT_CLAIM_TTL_MS answers 422; the watcher expires claims too", async () => {
    expect(apps.env.USDT_CLAIM_TTL_MS).toBe(TTL_MS);
    const who = await placeOrder(VICTIM);
    const hash = nextHash();
    const first = await submit(who, hash);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({
      status: "pending_verification",
      message: expect.stringContaining("30 minutes"),
    });
    const twice = await submit(who, hash);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/waiting for verification/);
    expect(tron.eventReads).toEqual([hash, hash]); // looked up by its id, not by reading the wallet
    expect(tron.walletReads).toEqual([]);

    const other = await placeOrder(ATTACKER);
    const otherHash = nextHash();
    expect((await submit(other, otherHash)).statusCode).toBe(202);

    apps.clock.advance(TTL_MS + 1000);
    await signInAgain(); // idle sessions end after 30 minutes too
    const late = await submit(who, hash);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/not a USDT transfer to the shop's wallet seen within 30 minutes/);
    expect(late.json().issues).toEqual([{ path: ["txHash"], message: expect.stringMatching(/30 minutes/) }]);
    expect(await paymentsOf(who.order.id)).toEqual([
      expect.objectContaining({ status: "expired", txHash: hash, reason: expect.stringMatching(/30 minutes/) }),
    ]);
    expect((await submit(who, hash)).statusCode).toBe(422);

    // the watcher's tick expires the other one
    const tick = await createTronWatcher(deps, { owner: "w" }).tick();
    expect(tick).toMatchObject({ ran: true });
    expect(tick.ran && "expired" in tick && tick.expired).toBeGreaterThanOrEqual(1);
    expect(await paymentsOf(other.order.id)).toEqual([expect.objectContaining({ status: "expired" })]);
    expect((await submit(other, otherHash)).statusCode).toBe(422);
    await expectNothingOn(who);
    await expectNothingOn(other);
  });

  it("another token's, another wallet's or a non-transfer's hash → 422 at once, nothing stored", async () => {
    const who = await placeOrder(VICTIM);
    const amount = who.invoices[0]!.usdtAmountMicro!;
    const otherToken = nextHash();
    const otherWallet = nextHash();
    const approval = nextHash();
    const token = usdtTransfer(otherToken, amount, at());
    token.token_info = { ...token.token_info, address: CUSTOMER_WALLET, symbol: "USDT" };
    tron.transfers = [token, usdtTransfer(otherWallet, amount, at(), CUSTOMER_WALLET)];
    tron.events[approval] = [{ ...transferEvent(usdtTransfer(approval, amount, at())), event_name: "Approval" }];

    for (const [hash, message] of [
      [otherToken, /not a USDT \(TRC20\) transfer/],
      [otherWallet, /not sent to the shop's wallet/],
      [approval, /not a transfer/],
    ] as const) {
      const res = await submit(who, hash);
      expect(res.statusCode, hash).toBe(422);
      expect(res.json().message).toMatch(message);
      expect(await transferOf(hash)).toBeUndefined();
    }
    expect(await paymentsOf(who.order.id)).toEqual([]);
    await expectNothingOn(who);
  });

  it("reads the events' addresses in every form TronGrid writes (0x…, 41…, base58) and adds up one transaction's transfers", async () => {
    const who = await placeOrder(VICTIM);
    const amount = who.invoices[0]!.usdtAmountMicro!;
    const hash = nextHash();
    const half = amount / 2n;
    const first = transferEvent(usdtTransfer(hash, half, at()), 0);
    const second = transferEvent(usdtTransfer(hash, amount - half, at()), 1);
    const to41 = `41${eventAddress(SHOP_WALLET).slice(2)}`;
    tron.events[hash] = [
      { ...first, result: { ...(first.result as object), to: to41 } },
      { ...second, result: { ...(second.result as object), to: SHOP_WALLET } },
      // a Transfer of the same token elsewhere in the same transaction is not ours
      transferEvent(usdtTransfer(hash, 5_000_000n, at(), CUSTOMER_WALLET), 2),
    ];
    const res = await submit(who, hash);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toMatchObject({ usdtAmount: formatUsdt(amount), txHash: hash });
    expect(await stageOf(who.order.id)).toBe("deposit_received");
    expect((await recordedOf(who.order.id))[0]).toMatchObject({ fromAddress: CUSTOMER_WALLET, recordedBy: "customer" });
  });
});

describe("the watcher reads only what is new", () => {
  it("starts at the oldest open invoice, then from its cursor: increasing min_timestamp, a transfer at the cursor's time once", async () => {
    const a = await placeOrder(VICTIM);
    const b = await placeOrder(VICTIM);
    const c = await placeOrder(VICTIM);
    const [open] = await deps.db
      .select({ oldest: min(schema.invoices.createdAt) })
      .from(schema.invoices)
      .where(
        and(inArray(schema.invoices.status, ["open", "partially_paid"]), isNotNull(schema.invoices.usdtAmountMicro)),
      );
    const t0 = at() - 10_000;
    const [h1, h2, h3] = [nextHash(), nextHash(), nextHash()];
    tron.pageSize = 1; // paging with fingerprint, oldest first
    tron.transfers = [usdtTransfer(h1, a.invoices[0]!.usdtAmountMicro!, t0)];
    const watcher = createTronWatcher(deps, { owner: "w" });
    const state = async () =>
      (await deps.db.select().from(schema.watcherState).where(eq(schema.watcherState.name, WATCHER_NAME)))[0]!;

    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 1, skipped: 0 });
    expect(tron.walletReads).toEqual([open!.oldest!.getTime() - 10 * 60_000]);
    expect(await state()).toMatchObject({ cursorTimestamp: t0, cursorSeen: [h1] });

    tron.transfers.push(usdtTransfer(h2, b.invoices[0]!.usdtAmountMicro!, t0 + 5000));
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 1, skipped: 1 });
    expect(tron.walletReads.slice(1)).toEqual([t0, t0]); // two pages from the cursor
    expect(await state()).toMatchObject({ cursorTimestamp: t0 + 5000, cursorSeen: [h2] });

    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 0, duplicates: 0, skipped: 1 });
    expect(tron.walletReads.at(-1)).toBe(t0 + 5000);

    // another transfer in the same block as the cursor's: recorded once, the one before it skipped
    tron.transfers.push(usdtTransfer(h3, c.invoices[0]!.usdtAmountMicro!, t0 + 5000));
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 1, skipped: 1 });
    expect((await state()).cursorSeen.sort()).toEqual([h2, h3].sort());
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 0, duplicates: 0, skipped: 2 });

    const reads = tron.walletReads;
    for (let i = 1; i < reads.length; i++) expect(reads[i]!).toBeGreaterThanOrEqual(reads[i - 1]!);
    expect(reads.at(-1)).toBeGreaterThan(reads[0]!);
    for (const [hash, who] of [
      [h1, a],
      [h2, b],
      [h3, c],
    ] as const) {
      const rows = await deps.db.select().from(schema.payments).where(eq(schema.payments.txHash, hash));
      expect(rows, hash).toEqual([expect.objectContaining({ orderId: who.order.id, status: "recorded" })]);
      expect(await transferOf(hash)).toMatchObject({ status: "credited", paymentId: rows[0]!.id });
    }
  });

  it("does not move its cursor past a transfer marked unconfirmed, and credits it once confirmed", async () => {
    const a = await placeOrder(VICTIM);
    const b = await placeOrder(VICTIM);
    const [h1, h2] = [nextHash(), nextHash()];
    const t0 = at() - 10_000;
    tron.honorFilters = false; // a TronGrid that sends unconfirmed transfers anyway
    tron.transfers = [
      { ...usdtTransfer(h1, a.invoices[0]!.usdtAmountMicro!, t0), confirmed: false },
      { ...usdtTransfer(h2, b.invoices[0]!.usdtAmountMicro!, t0 + 1000), confirmed: true },
    ];
    const watcher = createTronWatcher(deps, { owner: "w" });
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 1, rejected: 1 });
    const [state] = await deps.db.select().from(schema.watcherState).where(eq(schema.watcherState.name, WATCHER_NAME));
    expect(state!.cursorTimestamp).toBeNull();
    tron.transfers[0] = { ...tron.transfers[0]!, confirmed: true };
    expect(await watcher.tick()).toMatchObject({ ran: true, recorded: 1 });
    expect(await stageOf(a.order.id)).toBe("deposit_received");
    expect(await stageOf(b.order.id)).toBe("deposit_received");
  });
});

describe("staff", () => {
  it("record a USDT payment by hash under the customer's rules (recordStaffUsdtPayment)", async () => {
    const [owner] = await deps.db.select().from(schema.admins).where(eq(schema.admins.username, "owner"));
    const actor = { id: owner!.id, username: "owner" };
    const { victim, attacker, deposit } = await victimAndAttacker();

    const missing = await recordStaffUsdtPayment(deps, actor, attacker.order.id, { note: null }).catch((e) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect(missing).toMatchObject({ status: 400, issues: [{ path: ["txHash"] }] });

    // the victim's transfer on the attacker's order: 409, credited to the victim
    const victims = nextHash();
    tron.transfers = [usdtTransfer(victims, deposit, at())];
    const wrong = await recordStaffUsdtPayment(deps, actor, attacker.order.id, { txHash: victims }).catch((e) => e);
    expect(wrong).toMatchObject({ status: 409 });
    await expectNothingOn(attacker);
    expect(await stageOf(victim.order.id)).toBe("deposit_received");

    // its own exact amount: recorded, by the staff member, with the note
    const own = nextHash();
    tron.transfers.push(usdtTransfer(own, attacker.invoices[0]!.usdtAmountMicro!, at()));
    const recorded = await recordStaffUsdtPayment(deps, actor, attacker.order.id, {
      txHash: `0x${own.toUpperCase()}`,
      note: "sent by phone",
    });
    expect(recorded).toMatchObject({ status: "recorded", txHash: own, recordedBy: "owner", note: "sent by phone" });
    expect((await auditOf("usdt-transfer.credit")).find((a) => a.detail.txHash === own)).toMatchObject({
      adminName: "owner",
      adminId: owner!.id,
    });

    // an amount no invoice asks for: 409 pointing to the queue, claimed by that order
    const odd = nextHash();
    tron.transfers.push(usdtTransfer(odd, await amountNoInvoiceAsks(deposit, 7n), at()));
    const queued = await recordStaffUsdtPayment(deps, actor, victim.order.id, { txHash: odd }).catch((e) => e);
    expect(queued).toMatchObject({ status: 409, message: expect.stringMatching(/Unmatched transfers/) });
    expect(await transferOf(odd)).toMatchObject({ status: "unmatched", claimedByOrderId: victim.order.id });

    // not seen yet: a pending claim recorded by the staff member
    const unseen = nextHash();
    const pending = await recordStaffUsdtPayment(deps, actor, victim.order.id, { txHash: unseen });
    expect(pending).toMatchObject({ status: "pending_verification", recordedBy: "owner", txHash: unseen });
  });

  it("attach: 400 naming invoiceId for an unknown invoice, 404 for an unseen transfer, 400 for a bad hash or no reason", async () => {
    const who = await placeOrder(VICTIM);
    const hash = nextHash();
    tron.transfers = [usdtTransfer(hash, await amountNoInvoiceAsks(who.invoices[0]!.usdtAmountMicro!, 3n), at())];
    expect((await submit(who, hash)).statusCode).toBe(202);

    const unknown = await attach(hash, 999_999, "typo");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([expect.objectContaining({ path: ["invoiceId"] })]);
    expect((await attach(nextHash(), who.invoices[0]!.id, "never seen")).statusCode).toBe(404);
    expect((await attach("zz", who.invoices[0]!.id, "bad")).statusCode).toBe(400);
    const noReason = await staff("POST", `/api/admin/usdt-transfers/${hash}/attach`, salesCookie, {
      invoiceId: who.invoices[0]!.id,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0].path).toEqual(["reason"]);
    expect(await transferOf(hash)).toMatchObject({ status: "unmatched" });
    await expectNothingOn(who);
    // a visitor: 401
    expect(
      (
        await apps.backoffice.inject({
          method: "GET",
          url: "/api/admin/usdt-transfers",
        })
      ).statusCode,
    ).toBe(401);
  });

  it("the same over tRPC: payments.usdtTransfers and payments.attachUsdtTransfer", async () => {
    const who = await placeOrder(VICTIM);
    const hash = nextHash();
    tron.transfers = [usdtTransfer(hash, await amountNoInvoiceAsks(who.invoices[0]!.usdtAmountMicro!, 5n), at())];
    expect((await submit(who, hash)).statusCode).toBe(202);
    const list = await apps.backoffice.inject({
      method: "GET",
      url: `/api/trpc/payments.usdtTransfers?input=${encodeURIComponent(JSON.stringify({ status: "unmatched", limit: 200, direction: "forward" }))}`,
      headers: { cookie: salesCookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    // (with the direction tRPC's infinite query sends, as the back office's screen does)
    const page = list.json().result.data as { items: UsdtTransferDto[]; nextCursor: string | null };
    expect(page.items.some((t) => t.txHash === hash)).toBe(true);
    const res = await apps.backoffice.inject({
      method: "POST",
      url: "/api/trpc/payments.attachUsdtTransfer",
      headers: { cookie: salesCookie, origin: apps.env.backofficeOrigin },
      payload: { txHash: hash, invoiceId: who.invoices[0]!.id, reason: "Matched by the customer's e-mail" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data.transfer).toMatchObject({ status: "attached", order: { id: who.order.id } });
    expect(await stageOf(who.order.id)).toBe("deposit_received");
  });
});
