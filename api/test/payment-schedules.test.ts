// Payment schedules (issue 26 item 4): the business settings hold the default milestones and a proposal
// can set its own; each milestone is an invoice of the ledger that falls due when the order reaches its
// stage, with the stage e-mail saying what is now due, and a reminder 7 days later (once). Bad schedules
// get 400 naming the milestone and change nothing. PGlite and PostgreSQL.
import { money } from "@ch/contracts/money";
import type { BusinessSettingsDto } from "@ch/contracts/settings";
import { splitMilestones } from "@ch/contracts/totals";
import { schema } from "@ch/db";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { usd } from "../src/lib/usd";
import { sendPaymentReminders } from "../src/modules/payments";
import { firstProductOnSale, type TestApps, useSignedInApps } from "./harness";
import { workerDeps } from "./notifications-fakes";
import { placeOrderOf } from "./order-fixtures";
import { portalGet, portalSignIn } from "./portal-session";
import { acceptedProposal } from "./project-fixtures";
import { staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;

useSignedInApps({ env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000 }, (signedIn) => {
  ({ apps, cookie } = signedIn);
});

const db = () => apps.db.handle.db;
const admin = (method: "GET" | "PUT" | "POST", url: string, payload?: unknown) =>
  staffRequest(apps, cookie, method, url, payload);

const THIRDS = [
  { label: "Deposit", percent: 30, dueOn: "acceptance" },
  { label: "Production start", percent: 40, dueOn: "in_production" },
  { label: "Balance", percent: 30, dueOn: "delivered" },
];

async function settings() {
  const res = await admin("GET", "/api/admin/settings");
  const { updatedAt: _updatedAt, ...input } = res.json() as BusinessSettingsDto;
  return input;
}

const invoicesOf = (orderId: number) =>
  db()
    .select()
    .from(schema.invoices)
    .where(eq(schema.invoices.orderId, orderId))
    .orderBy(asc(schema.invoices.position));

const orderByNumber = async (orderNumber: string) =>
  (await db().select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber)))[0]!;

const mailsOf = (orderId: number, kind: string) =>
  db()
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.entityId, orderId), eq(schema.notifications.kind, kind)))
    .orderBy(asc(schema.notifications.id));

const moveTo = async (orderId: number, stage: string) => {
  const res = await admin("PUT", `/api/admin/orders/${orderId}/stage`, { stage });
  expect(res.statusCode, res.body).toBe(200);
};

const pay = async (orderId: number, cents: number) => {
  const res = await admin("POST", `/api/admin/orders/${orderId}/payments`, {
    amount: money(cents),
    receivedAt: new Date().toISOString().slice(0, 10),
  });
  expect(res.statusCode, res.body).toBe(201);
};

describe("the default schedule in the business settings", () => {
  it.each<[string, unknown, string]>([
    ["percents that add up to 90", THIRDS.map((m, i) => (i === 1 ? { ...m, percent: 30 } : m)), "paymentSchedule"],
    [
      "a first milestone after acceptance",
      THIRDS.map((m, i) => (i === 0 ? { ...m, dueOn: "delivered" } : m)),
      "paymentSchedule.0.dueOn",
    ],
    [
      "stages out of order",
      [THIRDS[0], { ...THIRDS[1], dueOn: "delivered" }, { ...THIRDS[2], dueOn: "in_production" }],
      "paymentSchedule.2.dueOn",
    ],
    ["an unknown stage", THIRDS.map((m, i) => (i === 1 ? { ...m, dueOn: "painting" } : m)), "paymentSchedule.1.dueOn"],
    [
      "a milestone of 0 %",
      [{ ...THIRDS[0], percent: 70 }, { ...THIRDS[1], percent: 0 }, THIRDS[2]],
      "paymentSchedule.1.percent",
    ],
    ["a milestone with no name", THIRDS.map((m, i) => (i === 2 ? { ...m, label: " " } : m)), "paymentSchedule.2.label"],
    ["seven milestones", Array.from({ length: 7 }, () => THIRDS[0]), "paymentSchedule"],
  ])("refuses %s with 400 naming it, and changes nothing", async (_name, paymentSchedule, path) => {
    const before = await settings();
    const res = await admin("PUT", "/api/admin/settings", { ...before, paymentSchedule });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json().issues as { path: (string | number)[] }[]).map((i) => i.path.join("."))).toContain(path);
    expect(await settings()).toEqual(before);
  });

  it("30 / 40 / 30: the deposit follows the first milestone, and a checkout order is invoiced by it", async () => {
    const put = await admin("PUT", "/api/admin/settings", { ...(await settings()), paymentSchedule: THIRDS });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ depositPercent: 30, paymentSchedule: THIRDS });
    const config = (await apps.storefront.inject({ method: "GET", url: "/api/config" })).json();
    expect(config.paymentSchedule).toEqual(THIRDS);

    const { receipt, order, invoices } = await placeOrderOf(apps, await firstProductOnSale(apps), {
      paymentMethod: "bank-transfer",
      email: "ivy.schedule@example.com",
    });
    const amounts = splitMilestones(order.totalCents, THIRDS);
    expect(invoices.map((i) => [i.kind, i.reference, i.label, i.dueOn, i.amountCents])).toEqual([
      ["deposit", `${order.orderNumber}-D`, "Deposit", "acceptance", amounts[0]],
      ["milestone", `${order.orderNumber}-M2`, "Production start", "in_production", amounts[1]],
      ["balance", `${order.orderNumber}-B`, "Balance", "delivered", amounts[2]],
    ]);
    expect(amounts.reduce((s, a) => s + a, 0)).toBe(order.totalCents);
    expect(invoices.map((i) => i.dueAt !== null)).toEqual([true, false, false]);
    expect(receipt.amountDueNow).toBe(amounts[0]! / 100);
    expect(receipt.balanceOnDelivery).toBe((amounts[1]! + amounts[2]!) / 100);
    const [confirmation] = await mailsOf(order.id, "order-confirmation");
    expect(confirmation!.bodyText).toContain("Production start, due at production start");
    expect(confirmation!.bodyText).toContain("Balance, due on delivery");

    // back to the default for the proposal below
    const reset = await admin("PUT", "/api/admin/settings", { ...(await settings()), paymentSchedule: null });
    expect(reset.json()).toMatchObject({ depositPercent: 30, paymentSchedule: null });
  });
});

describe("a proposal's own schedule, due stage by stage", () => {
  const JUNO = { customerName: "Juno Reyes", email: "juno.schedule@example.com", phone: "(512) 555-0177" };
  const OWN = [
    { label: "Signing", percent: 20, dueOn: "acceptance" },
    { label: "Production start", percent: 30, dueOn: "in_production" },
    { label: "Ready to ship", percent: 25, dueOn: "ready_for_delivery" },
    { label: "Balance", percent: 25, dueOn: "delivered" },
  ];
  let orderId: number;
  let orderNumber: string;

  beforeAll(async () => {
    orderNumber = await acceptedProposal(apps, cookie, JUNO, { paymentSchedule: OWN });
    orderId = (await orderByNumber(orderNumber)).id;
  }, 120_000);

  it("a bad schedule on a proposal is refused with 400 naming the milestone", async () => {
    const preview = await admin("POST", "/api/admin/proposals", {
      ...JUNO,
      state: "TX",
      lines: [{ kind: "custom", name: "Home", unitPrice: money(100_000), quantity: 1 }],
      validUntil: "2099-01-01",
      paymentSchedule: [{ label: "All of it", percent: 100, dueOn: "delivered" }],
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().issues.map((i: { path: unknown[] }) => i.path.join("."))).toContain(
      "paymentSchedule.0.dueOn",
    );
  });

  it("the accepted version's schedule becomes the order's invoices, on the contract too", async () => {
    const order = await orderByNumber(orderNumber);
    expect(order.depositPercent).toBe(20);
    const invoices = await invoicesOf(orderId);
    expect(invoices.map((i) => [i.kind, i.label, i.dueOn, i.amountCents])).toEqual(
      splitMilestones(order.totalCents, OWN).map((cents, i) => [
        i === 0 ? "deposit" : i === 3 ? "balance" : "milestone",
        OWN[i]!.label,
        OWN[i]!.dueOn,
        cents,
      ]),
    );
    const session = await portalSignIn(apps, JUNO.email);
    const project = (await portalGet(apps, `/api/portal/projects/${orderNumber}`, session)).json();
    expect(
      project.receipt.payment.invoices.map((i: { label: string; dueAt: string | null }) => [i.label, !!i.dueAt]),
    ).toEqual([
      ["Signing", true],
      ["Production start", false],
      ["Ready to ship", false],
      ["Balance", false],
    ]);
    expect(project.receipt.payment.dueNow).toBe(invoices[0]!.amountCents / 100);
  });

  it("each milestone falls due at its stage with an e-mail from the ledger, and is reminded once after 7 days", async () => {
    const invoices = await invoicesOf(orderId);
    await pay(orderId, invoices[0]!.amountCents);
    expect((await orderByNumber(orderNumber)).stage).toBe("deposit_received");

    await moveTo(orderId, "in_production");
    const production = (await invoicesOf(orderId))[1]!;
    expect(production.dueAt).not.toBeNull();
    const [stageMail] = await mailsOf(orderId, "order-stage-in_production");
    expect(stageMail!.bodyText).toContain(`Production start: ${usd(production.amountCents)} is now due.`);
    expect(stageMail!.bodyText).toContain(production.reference);

    // a part payment: the reminder asks for the rest
    await pay(orderId, 100_000);
    expect(await sendPaymentReminders(workerDeps(db(), apps.env, apps.clock))).toBe(0);
    apps.clock.advance(8 * 86_400_000);
    try {
      // this order's milestone, and the checkout order's deposit above (unpaid for 8 days too)
      expect(await sendPaymentReminders(workerDeps(db(), apps.env, apps.clock))).toBe(2);
      expect(await sendPaymentReminders(workerDeps(db(), apps.env, apps.clock))).toBe(0);
      const reminders = await mailsOf(orderId, "payment-reminder");
      expect(reminders).toHaveLength(1);
      const [reminder] = reminders;
      const rest = production.amountCents - 100_000;
      expect(reminder!.subject).toBe(`Reminder: ${usd(rest)} due for your order ${orderNumber}`);
      expect(reminder!.bodyText).toContain('the payment "Production start" (at production start) fell due on');
      expect(reminder!.bodyText).toContain(production.reference);
    } finally {
      apps.clock.advance(-8 * 86_400_000);
    }

    await moveTo(orderId, "quality_check");
    await moveTo(orderId, "ready_for_delivery");
    const ready = (await invoicesOf(orderId))[2]!;
    expect(ready.dueAt).not.toBeNull();
    expect((await mailsOf(orderId, "order-stage-ready_for_delivery"))[0]!.bodyText).toContain("Ready to ship:");
    expect((await invoicesOf(orderId))[3]!.dueAt).toBeNull();
    const payments = (await admin("GET", `/api/admin/orders/${orderId}/payments`)).json();
    const owedNow = production.amountCents - 100_000 + ready.amountCents;
    expect(payments.dueNow).toEqual(money(owedNow));
  });
});
