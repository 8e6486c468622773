// The terms and the bank account as business settings (issue 23, items 3-5): a round trip through
// GET/PUT /api/admin/settings with 400s naming each bad field; the public configuration says whether bank
// details exist but never carries them; the order e-mail, the order's receipt and the "Delivered" e-mail
// give the account, the invoice's reference and the amount from the ledger; and the e-mails a review found
// wanting: a stage e-mail greets by name, one payment is one e-mail, a quote acknowledgement reads "The
// Abilene" (not "the The Abilene"), a proposal's date is written out, and a staff invitation comes from the
// shop with its footer.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BusinessSettingsDto, BusinessSettingsInput } from "@ch/contracts/settings";
import { validRoutingNumber } from "@ch/contracts/settings";
import { schema } from "@ch/db";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { FALLBACK_TEMPLATE } from "../src/modules/seo/html";
import { signedInCookie, startTestApps, type TestApps } from "./harness";
import { AUSTIN_PROPOSAL_CUSTOMER } from "./lead-fixtures";
import { LEGACY_API_VERSION } from "./money";
import { placeOrderOf } from "./order-fixtures";
import { staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;
let pages: FastifyInstance;
let dist: string;

const db = () => apps.db.handle.db;
const admin = (method: "GET" | "PUT" | "POST", url: string, payload?: unknown) =>
  staffRequest(apps, cookie, method, url, payload);

const BANK = {
  bankName: "Frost Bank",
  accountName: "Container Homes of Texas LLC",
  // a real-shaped ABA number (its checksum holds) that belongs to no account
  routingNumber: "114000093",
  accountNumber: "000123456789",
};

async function settings(): Promise<BusinessSettingsInput> {
  const res = await admin("GET", "/api/admin/settings");
  expect(res.statusCode).toBe(200);
  const { updatedAt: _updatedAt, ...input } = res.json() as BusinessSettingsDto;
  return input;
}

/** The e-mails of one order in the outbox, oldest first (optionally only those written after `afterId`). */
async function mailsOf(orderId: number, afterId = 0) {
  return db()
    .select()
    .from(schema.notifications)
    .where(
      and(
        eq(schema.notifications.entityId, orderId),
        eq(schema.notifications.entityType, "order"),
        eq(schema.notifications.channel, "email"),
        gt(schema.notifications.id, afterId),
      ),
    )
    .orderBy(asc(schema.notifications.id));
}

async function lastNotificationId(): Promise<number> {
  const [row] = await db()
    .select({ id: schema.notifications.id })
    .from(schema.notifications)
    .orderBy(desc(schema.notifications.id))
    .limit(1);
  return row?.id ?? 0;
}

async function placeOrder(paymentMethod: "bank-transfer" | "usdt", email: string, firstName = "Maria") {
  const { receipt, order, invoices } = await placeOrderOf(
    apps,
    { id: 1, price: 43116 },
    { paymentMethod, email, firstName },
  );
  return { receipt, order, deposit: invoices[0]!, balance: invoices[1]! };
}

const pay = (orderId: number, cents: number) =>
  admin("POST", `/api/admin/orders/${orderId}/payments`, {
    method: "bank-transfer",
    amount: cents / 100,
    receivedAt: "2026-03-02",
  });
const move = (orderId: number, stage: string) => admin("PUT", `/api/admin/orders/${orderId}/stage`, { stage });
const usd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

beforeAll(async () => {
  apps = await startTestApps({ env: { SMTP_URL: "smtp://127.0.0.1:9" }, apiVersion: LEGACY_API_VERSION });
  cookie = await signedInCookie(apps);
  dist = mkdtempSync(join(tmpdir(), "terms-pages-"));
  writeFileSync(join(dist, "index.html"), FALLBACK_TEMPLATE);
  pages = await buildApp({ surface: "storefront", db: apps.db.handle.db, env: apps.env, clock: apps.clock, spa: dist });
}, 120_000);

afterAll(async () => {
  await pages?.close();
  await apps?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The settings with the bank account BANK, some of its fields changed. */
const withBank = (fields: Partial<typeof BANK>) => (s: BusinessSettingsInput) => ({
  ...s,
  bankTransfer: { ...BANK, ...fields },
});

/** The settings with some fields of one section changed. */
const changed =
  (section: "cancellation" | "delivery", fields: Record<string, unknown>) => (s: BusinessSettingsInput) => ({
    ...s,
    [section]: { ...s[section], ...fields },
  });

describe("the terms and the bank account in the business settings", () => {
  it("start as one consistent policy, with no bank account until the owner gives one", async () => {
    const s = await settings();
    expect(s.cancellation).toEqual({ fullRefundHours: 72, feeCents: 50_000, restockingFeePercent: 25 });
    expect(s.delivery).toEqual({ minWeeks: 8, maxWeeks: 12, countedFrom: "deposit" });
    expect(s.warranty.structuralYears).toBe(10);
    expect(s.bankTransfer).toEqual({ bankName: "", accountName: "", routingNumber: "", accountNumber: "" });
    const config = (await apps.storefront.inject({ method: "GET", url: "/api/config" })).json();
    expect(config.bankTransferReady).toBe(false);
    expect(config.cancellation).toEqual(s.cancellation);
  });

  it.each<[string, (s: BusinessSettingsInput) => unknown, string[]]>([
    ["a routing number whose checksum fails", withBank({ routingNumber: "114000094" }), ["bankTransfer.routingNumber"]],
    ["a routing number of 8 digits", withBank({ routingNumber: "11400009" }), ["bankTransfer.routingNumber"]],
    ["an account number with letters", withBank({ accountNumber: "12AB5678" }), ["bankTransfer.accountNumber"]],
    [
      "half an account",
      withBank({ accountName: "", routingNumber: "", accountNumber: "" }),
      ["bankTransfer.accountName", "bankTransfer.routingNumber", "bankTransfer.accountNumber"],
    ],
    ["a negative window", changed("cancellation", { fullRefundHours: -1 }), ["cancellation.fullRefundHours"]],
    ["a window of 90 days", changed("cancellation", { fullRefundHours: 2160 }), ["cancellation.fullRefundHours"]],
    ["a fee in part cents", changed("cancellation", { feeCents: 12.5 }), ["cancellation.feeCents"]],
    ["a fee as text", changed("cancellation", { feeCents: "$500" }), ["cancellation.feeCents"]],
    [
      "a restocking fee over 100 %",
      changed("cancellation", { restockingFeePercent: 150 }),
      ["cancellation.restockingFeePercent"],
    ],
    ["a delivery counted from shipping", changed("delivery", { countedFrom: "shipping" }), ["delivery.countedFrom"]],
    ["no cancellation terms", (s) => ({ ...s, cancellation: undefined }), ["cancellation"]],
  ])("refuses %s with 400 naming the field", async (_name, change, fields) => {
    const before = await settings();
    const res = await admin("PUT", "/api/admin/settings", change(before));
    expect(res.statusCode, res.body).toBe(400);
    const paths = (res.json().issues as { path: (string | number)[] }[]).map((i) => i.path.join("."));
    for (const field of fields) expect(paths).toContain(field);
    expect(await settings()).toEqual(before);
  });

  it("checks routing numbers by their ABA checksum", () => {
    expect(validRoutingNumber("114000093")).toBe(true);
    expect(validRoutingNumber("021000021")).toBe(true);
    expect(validRoutingNumber("021000022")).toBe(false);
    expect(validRoutingNumber("12345678")).toBe(false);
  });

  it("a change round-trips; the public configuration says bank details exist but never shows them", async () => {
    const before = await settings();
    const changed: BusinessSettingsInput = {
      ...before,
      cancellation: { fullRefundHours: 96, feeCents: 75_000, restockingFeePercent: 20 },
      delivery: { ...before.delivery, countedFrom: "deposit" },
      warranty: { ...before.warranty, structuralYears: 12 },
      // spaces and dashes as people type them are dropped
      bankTransfer: { ...BANK, routingNumber: "1140-00093", accountNumber: "0001 2345 6789" },
    };
    const put = await admin("PUT", "/api/admin/settings", changed);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().bankTransfer).toEqual(BANK);
    expect((await settings()).cancellation).toEqual(changed.cancellation);
    const config = await apps.storefront.inject({ method: "GET", url: "/api/config" });
    expect(config.json().bankTransferReady).toBe(true);
    expect(config.json()).not.toHaveProperty("bankTransfer");
    expect(config.body).not.toContain(BANK.accountNumber);
    expect(config.body).not.toContain(BANK.routingNumber);
    // the policy pages' descriptions are written from the settings too (nor do pages carry the account)
    const terms = await pages.inject({ method: "GET", url: "/terms-of-service" });
    expect(terms.body).toMatch(
      /<meta [^>]*name="description" content="[^"]*96-hour full refund, \$750 fee before production, 20% restocking fee in production/,
    );
    expect(terms.body).not.toContain(BANK.accountNumber);
    const returns = await pages.inject({ method: "GET", url: "/return-policy" });
    expect(returns.body).toMatch(
      /<meta [^>]*name="description" content="Cancellation: 96-hour full refund[^"]*12-year structural warranty/,
    );
  });
});

describe("bank transfer: the account, the reference and the amount from the ledger", () => {
  it("the order e-mail and the order's receipt give the account, the deposit's reference and amount", async () => {
    const { receipt, order, deposit } = await placeOrder("bank-transfer", "bank.buyer@example.com");
    expect(deposit.reference).toBe(`${order.orderNumber}-D`);
    // the receipt (thank-you page) and the order's own link (order page) carry the account
    expect(receipt.payment.bankAccount).toEqual(BANK);
    const linked = await apps.storefront.inject({
      method: "GET",
      url: `/api/orders/${order.orderNumber}/receipt?t=${order.accessToken}`,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().payment.bankAccount).toEqual(BANK);
    expect(linked.json().payment.invoices[0]).toMatchObject({
      reference: deposit.reference,
      outstanding: deposit.amountCents / 100,
    });

    const [mail] = (await mailsOf(order.id)).filter((m) => m.kind === "order-confirmation");
    const text = mail!.bodyText;
    for (const value of [BANK.bankName, BANK.accountName, BANK.routingNumber, BANK.accountNumber, deposit.reference]) {
      expect(text).toContain(value);
      expect(mail!.bodyHtml).toContain(value);
    }
    expect(text).toContain(
      `Payment by bank transfer:\nTransfer ${usd(deposit.amountCents)} to:\nBank: ${BANK.bankName}`,
    );
    expect(text).toContain("Delivery: 8-12 weeks from your deposit.");
    expect(text).toContain("You may cancel within 96 hours of placing your order for a full refund.");
    expect(text).not.toMatch(/business hour|e-mail your receipt/i);
  });

  it("without an account on file, the e-mail and receipt say the details follow, never blank fields", async () => {
    const s = await settings();
    const cleared = { ...s, bankTransfer: { bankName: "", accountName: "", routingNumber: "", accountNumber: "" } };
    expect((await admin("PUT", "/api/admin/settings", cleared)).statusCode).toBe(200);
    try {
      const { receipt, order, deposit } = await placeOrder("bank-transfer", "no.bank@example.com");
      expect(receipt.payment.bankAccount).toBeNull();
      const [mail] = (await mailsOf(order.id)).filter((m) => m.kind === "order-confirmation");
      expect(mail!.bodyText).toContain("We will e-mail you our bank details.");
      expect(mail!.bodyText).toContain(`Pay ${usd(deposit.amountCents)} by bank transfer`);
      expect(mail!.bodyText).toContain(deposit.reference);
      expect(mail!.bodyText).not.toMatch(/Routing number|Account number/);
    } finally {
      expect((await admin("PUT", "/api/admin/settings", s)).statusCode).toBe(200);
    }
  });

  it("a USDT order's e-mail says the exact amount is recorded automatically", async () => {
    const { order, deposit } = await placeOrder("usdt", "usdt.buyer@example.com");
    const [mail] = (await mailsOf(order.id)).filter((m) => m.kind === "order-confirmation");
    expect(mail!.bodyText).toContain("we record it automatically once the transfer confirms");
    expect(mail!.bodyText).toContain(`(${usd(deposit.amountCents)})`);
    expect(mail!.bodyText).not.toMatch(/e-mail your receipt/i);
  });
});

describe("e-mails", () => {
  it("one payment is one e-mail (the deposit's receipt names the stage it reached), greeting by name", async () => {
    const { order, deposit } = await placeOrder("bank-transfer", "one.mail@example.com", "Rosa");
    const before = await lastNotificationId();
    const res = await pay(order.id, deposit.amountCents);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db().select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(row!.stage).toBe("deposit_received");
    const mails = await mailsOf(order.id, before);
    expect(mails.map((m) => m.kind)).toEqual(["payment-received"]);
    expect(mails[0]!.subject).toBe(`Payment received for your order ${order.orderNumber}: Deposit received`);
    expect(mails[0]!.bodyText).toMatch(/^Hello Rosa,\n/);
    expect(mails[0]!.bodyText).toContain("your build is now scheduled for production");
    // the shop's footer, as on every customer e-mail
    expect(mails[0]!.bodyText).toContain("Container Homes of Texas · ");
  });

  it("a stage e-mail greets by name; 'Delivered' states the balance from the ledger and how to pay it", async () => {
    const { order, deposit, balance } = await placeOrder("bank-transfer", "delivered@example.com", "Luis");
    expect((await pay(order.id, deposit.amountCents)).statusCode).toBe(201);
    // a part of the balance paid early: the e-mail asks for what is left
    expect((await pay(order.id, 1_000_00)).statusCode).toBe(201);
    for (const stage of ["in_production", "quality_check", "ready_for_delivery"]) {
      expect((await move(order.id, stage)).statusCode).toBe(200);
    }
    const before = await lastNotificationId();
    expect((await move(order.id, "delivered")).statusCode).toBe(200);
    const mails = await mailsOf(order.id, before);
    expect(mails.map((m) => m.kind)).toEqual(["order-stage-delivered"]);
    const text = mails[0]!.bodyText;
    // the e-mail's heading, then the greeting by name
    expect(text).toMatch(new RegExp(`^Order ${order.orderNumber}: Delivered\\.\n\nHello Luis,\n`));
    const owed = balance.amountCents - 1_000_00;
    expect(text).toContain(`The balance of ${usd(owed)} is now due.`);
    expect(text).toContain(`Transfer ${usd(owed)} to:`);
    expect(text).toContain(`Reference: ${balance.reference}`);
    expect(text).toContain(`Routing number (ABA): ${BANK.routingNumber}`);
    expect(text).toContain(`/order-status?order=${order.orderNumber}&t=${order.accessToken}`);
    expect(mails[0]!.bodyHtml).toContain(balance.reference);

    // the balance arrives: again one e-mail, which says the order is paid in full
    const beforeBalance = await lastNotificationId();
    expect((await pay(order.id, owed)).statusCode).toBe(201);
    const last = await mailsOf(order.id, beforeBalance);
    expect(last.map((m) => m.kind)).toEqual(["payment-received"]);
    expect(last[0]!.bodyText).toContain("Your order is paid in full.");
  });

  it("delivered with the balance already paid is one e-mail too (balance paid)", async () => {
    const { order, deposit, balance } = await placeOrder("bank-transfer", "paid.early@example.com", "Ana");
    expect((await pay(order.id, deposit.amountCents)).statusCode).toBe(201);
    expect((await pay(order.id, balance.amountCents)).statusCode).toBe(201);
    for (const stage of ["in_production", "quality_check", "ready_for_delivery"]) {
      expect((await move(order.id, stage)).statusCode).toBe(200);
    }
    const before = await lastNotificationId();
    const res = await move(order.id, "delivered");
    expect(res.json().stage).toBe("balance_paid");
    const mails = await mailsOf(order.id, before);
    expect(mails.map((m) => m.kind)).toEqual(["order-stage-balance_paid"]);
    expect(mails[0]!.bodyText).toContain("Your home is delivered and your order is paid in full.");
  });

  it("a checkout order cancelled before any payment stays nameless (the typed address is unproven)", async () => {
    const { order } = await placeOrder("bank-transfer", "unproven@example.com", "Spammy");
    const before = await lastNotificationId();
    const res = await admin("PUT", `/api/admin/orders/${order.id}/stage`, { stage: "cancelled", reason: "No deposit" });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsOf(order.id, before);
    expect(mail!.bodyText).toMatch(/^Order \S+: Cancelled\.\n\nHello,\n/);
    expect(mail!.bodyText).not.toContain("Spammy");
  });

  it("a quote acknowledgement names the product once, with its own article", async () => {
    const [abilene] = await db().select().from(schema.products).where(eq(schema.products.name, "The Abilene"));
    const res = await apps.storefront.inject({
      method: "POST",
      url: "/api/quote-requests",
      payload: {
        kind: "quote",
        firstName: "Quinn",
        lastName: "Reed",
        email: "quinn@example.com",
        productId: abilene!.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [ack] = await db()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.recipient, "quinn@example.com"), eq(schema.notifications.channel, "email")));
    expect(ack!.bodyText).toContain("Thank you for your quote request for The Abilene.");
    expect(ack!.bodyText).not.toMatch(/the The/i);
  });

  it("a proposal's e-mail writes its date out", async () => {
    const [option] = await db().select().from(schema.proposalOptions).limit(1);
    const created = await admin("POST", "/api/admin/proposals", {
      ...AUSTIN_PROPOSAL_CUSTOMER,
      email: "dana.date@example.com",
      lines: [{ kind: "option", optionId: option!.id, quantity: 1 }],
      validUntil: "2026-12-03",
      terms: "50% deposit on acceptance, balance due on delivery.",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await admin("POST", `/api/admin/proposals/${id}/send`)).statusCode).toBe(200);
    const [mail] = await db()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.kind, "proposal-sent"), eq(schema.notifications.entityId, id)));
    expect(mail!.bodyText).toContain("valid until December 3, 2026.");
    expect(mail!.bodyText).not.toContain("2026-12-03");
    expect(mail!.bodyHtml).toContain("December 3, 2026");
    expect(mail!.bodyText).toContain("Container Homes of Texas · ");
  });

  it("a staff invitation comes from the shop, names who sent it by role, and has the shop's footer", async () => {
    const res = await admin("POST", "/api/admin/staff/invites", { email: "new.hire@example.com", role: "sales" });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await db()
      .select()
      .from(schema.notifications)
      .where(
        and(eq(schema.notifications.recipient, "new.hire@example.com"), eq(schema.notifications.kind, "staff_invite")),
      );
    expect(mail!.subject).toBe("You are invited to the Container Homes of Texas back office");
    expect(mail!.bodyText).toContain("Container Homes of Texas invites you to its back office");
    expect(mail!.bodyText).toContain("with the Sales role");
    expect(mail!.bodyText).toContain("sent from the owner's account “owner”");
    expect(mail!.bodyText).not.toMatch(/^owner invited you/m);
    expect(mail!.bodyText).toMatch(/Container Homes of Texas · .+ · .+@.+$/);
    expect(mail!.bodyHtml).toContain("font-size:13px");
    expect(mail!.bodyText).toMatch(/#token=[A-Za-z0-9_-]+/);
  });
});
