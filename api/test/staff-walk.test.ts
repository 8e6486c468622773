// A busy staff member's walk through the back office (issue 23, items 9–12), the API side:
// - setup asks an e-mail (optional in the payload: `{ username, password }` stays valid) and signs the new
//   owner in: the setup answer carries the session;
// - a stage move waits in the outbox for the undo window: nothing is e-mailed within it, nothing ever after
//   an undo, and exactly one e-mail after it; the undo puts the order back as it stood and e-mails nobody;
// - the proposal editor's running total (proposals.preview) has the figures the saved proposal gets.

import { setupInput } from "@ch/contracts/admin";
import { schema } from "@ch/db";
import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxWorker } from "../src/modules/notifications/worker";
import { stageHistory } from "../src/modules/orders/stages.service";
import { pendingResetMails } from "../src/modules/staff/staff.service";
import { firstProductOnSale, startTestApps, type TestApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";
import { FakeSmtp, notifyEnv, workerDeps } from "./notifications-fakes";
import { placeOrderOf } from "./order-fixtures";
import { staffRequest } from "./staff-requests";

const OWNER = { username: "walker", password: "Busy-Staff-Walk-2026", email: "Owner.Walker@example.test" };
const UNDO_MS = 60_000;

let smtp: FakeSmtp;
let apps: TestApps;
let cookie: string;

const db = () => apps.db.handle.db;
const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  staffRequest(apps, cookie, method, url, payload);
const trpcMutation = (path: string, input: unknown) => admin("POST", `/api/trpc/${path}`, input as object);
const trpcQuery = (path: string, input: unknown) =>
  admin("GET", `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);

/** Delivers everything due now, once (no polling); the worker reads the test clock. */
async function deliver() {
  const worker = createOutboxWorker(workerDeps(db(), apps.env, apps.clock), { random: () => 0.5 });
  await worker.drain();
  await worker.stop();
}
const stageMails = (orderNumber: string) =>
  smtp.messages.filter((m) => m.subject.startsWith(`Your order ${orderNumber}:`));

beforeAll(async () => {
  smtp = await new FakeSmtp().start();
  apps = await startTestApps({
    env: notifyEnv(null, smtp, { STAGE_UNDO_MS: String(UNDO_MS) }),
    apiVersion: LEGACY_API_VERSION,
  });
  apps.clock.freeze();
}, 120_000);

afterAll(async () => {
  await apps?.close();
  await smtp?.close();
});

describe("setup (item 11)", () => {
  it("keeps the spec's { username, password } valid and adds an optional e-mail", () => {
    expect(setupInput.safeParse({ username: "owner", password: "Tr4ilhead-Container!" }).success).toBe(true);
    const bad = setupInput.safeParse({ username: "owner", password: "Tr4ilhead-Container!", email: "not-an-address" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["email"]);
  });

  it("stores the e-mail and answers with the new owner's session: signed in, no second sign-in", async () => {
    const before = await apps.backoffice.inject({ method: "GET", url: "/api/trpc/admin.setupStatus" });
    expect(before.json().result.data.open).toBe(true);
    const res = await apps.backoffice.inject({ method: "POST", url: "/api/admin/setup", payload: OWNER });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ username: OWNER.username });
    const session = res.cookies.find((c) => /^(__Host-)?ch_admin$/.test(c.name));
    expect(session, "the setup answer sets the session cookie").toBeTruthy();
    cookie = `${session!.name}=${session!.value}`;
    const me = await apps.backoffice.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ authenticated: true, username: OWNER.username });
    const account = await admin("GET", "/api/admin/account");
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ username: OWNER.username, role: "owner", email: OWNER.email });
    // the sign-in page asks this to stop offering setup
    const after = await apps.backoffice.inject({ method: "GET", url: "/api/trpc/admin.setupStatus" });
    expect(after.json().result.data.open).toBe(false);
    // and a password reset can reach the owner now
    const forgot = await apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/password/forgot",
      payload: { email: OWNER.email.toLowerCase() },
    });
    expect(forgot.statusCode).toBe(200);
    await Promise.all([...pendingResetMails]);
    const [reset] = await db()
      .select({ recipient: schema.notifications.recipient })
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, "staff_password_reset"))
      .orderBy(desc(schema.notifications.id))
      .limit(1);
    expect(reset?.recipient?.toLowerCase()).toBe(OWNER.email.toLowerCase());
  });
});

describe("stage moves wait for the undo window (item 9)", () => {
  let order: { id: number; orderNumber: string };

  beforeAll(async () => {
    const product = await firstProductOnSale(apps);
    const { order: row } = await placeOrderOf(apps, product, { paymentMethod: "bank-transfer" });
    order = { id: row.id, orderNumber: row.orderNumber };
    // the deposit is the ledger's: put the order there directly, as if it were recorded a day ago
    await db()
      .update(schema.orders)
      .set({ stage: "deposit_received", stageChangedAt: new Date(apps.clock.now().getTime() - 86_400_000) })
      .where(eq(schema.orders.id, order.id));
    await deliver(); // the order's own confirmation e-mails, out of the way
  });

  const boardRow = async () => {
    const res = await admin("GET", "/api/admin/pipeline");
    expect(res.statusCode).toBe(200);
    return (res.json() as { id: number; stage: string; undo: { until: string; back: string } | null }[]).find(
      (o) => o.id === order.id,
    )!;
  };
  const orderRow = async () => (await db().select().from(schema.orders).where(eq(schema.orders.id, order.id)))[0]!;

  it("undone within the window: the customer is never e-mailed, and the order is back as it stood", async () => {
    const before = await orderRow();
    const moved = await admin("PUT", `/api/admin/orders/${order.id}/stage`, { stage: "in_production" });
    expect(moved.statusCode, moved.body).toBe(200);
    const undoUntil = moved.json().undoUntil as string;
    expect(Date.parse(undoUntil) - apps.clock.now().getTime()).toBe(UNDO_MS);
    expect(await boardRow()).toMatchObject({
      stage: "in_production",
      undo: { until: undoUntil, back: "deposit_received" },
    });

    // within the window nothing leaves
    apps.clock.advance(UNDO_MS / 2);
    await deliver();
    expect(stageMails(order.orderNumber)).toHaveLength(0);

    const undone = await admin("POST", `/api/admin/orders/${order.id}/stage/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ stage: "deposit_received", stageChangedAt: before.stageChangedAt.toISOString() });
    const after = await orderRow();
    expect(after).toMatchObject({ stage: "deposit_received", status: "confirmed" });
    expect(after.stageChangedAt.toISOString()).toBe(before.stageChangedAt.toISOString());
    expect((await boardRow()).undo).toBeNull();
    // the e-mail is gone from the outbox, and never leaves
    const waiting = await db()
      .select()
      .from(schema.notifications)
      .where(
        and(eq(schema.notifications.entityId, order.id), eq(schema.notifications.kind, "order-stage-in_production")),
      );
    expect(waiting).toHaveLength(0);
    apps.clock.advance(UNDO_MS * 2);
    await deliver();
    expect(stageMails(order.orderNumber)).toHaveLength(0);
    // the customer's page does not show a stage that was taken back; the audit log keeps both
    expect((await stageHistory(db(), order.id)).map((s) => s.stage)).not.toContain("in_production");
    const audit = await db()
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityType, "order"), eq(schema.auditLog.entityId, String(order.id))))
      .orderBy(asc(schema.auditLog.id));
    expect(audit.map((a) => a.action).slice(-2)).toEqual(["order.stage", "order.stage.undo"]);
    // nothing left to undo
    const again = await admin("POST", `/api/admin/orders/${order.id}/stage/undo`);
    expect(again.statusCode).toBe(409);
  });

  it("not undone: exactly one e-mail, at the end of the window; an undo after it is refused", async () => {
    const moved = await trpcMutation("stages.move", { id: order.id, stage: "in_production" });
    expect(moved.statusCode, moved.body).toBe(200);
    apps.clock.advance(UNDO_MS - 1000);
    await deliver();
    expect(stageMails(order.orderNumber)).toHaveLength(0);
    apps.clock.advance(1000);
    await deliver();
    await deliver();
    const mails = stageMails(order.orderNumber);
    expect(mails.map((m) => m.subject)).toEqual([`Your order ${order.orderNumber}: In production`]);
    const late = await trpcMutation("stages.undo", { id: order.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/Too late to undo/);
    expect((await orderRow()).stage).toBe("in_production");
    expect((await boardRow()).undo).toBeNull();
  });

  it("a cancel undone within the window forgets its reason; a worker's claim ends the window", async () => {
    await admin("PUT", `/api/admin/orders/${order.id}/stage`, { stage: "cancelled", reason: "Customer changed plans" });
    expect(await orderRow()).toMatchObject({ stage: "cancelled", cancelReason: "Customer changed plans" });
    const undone = await trpcMutation("stages.undo", { id: order.id });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await orderRow()).toMatchObject({ stage: "in_production", cancelReason: null, status: "in_production" });

    // a worker that has taken the e-mail (its clock a little ahead) wins: the undo is refused, nothing changes
    await admin("PUT", `/api/admin/orders/${order.id}/stage`, { stage: "quality_check" });
    await db()
      .update(schema.notifications)
      .set({ status: "sending", lockedUntil: new Date(apps.clock.now().getTime() + 60_000) })
      .where(
        and(eq(schema.notifications.entityId, order.id), eq(schema.notifications.kind, "order-stage-quality_check")),
      );
    const refused = await admin("POST", `/api/admin/orders/${order.id}/stage/undo`);
    expect(refused.statusCode).toBe(409);
    expect((await orderRow()).stage).toBe("quality_check");
    expect(stageMails(order.orderNumber).filter((m) => m.subject.endsWith("Cancelled"))).toHaveLength(0);
  });
});

describe("the proposal editor's running total (item 12)", () => {
  it("has the figures the saved proposal gets, from the same engine", async () => {
    const product = await firstProductOnSale(apps);
    const [option] = await db()
      .select({ id: schema.proposalOptions.id })
      .from(schema.proposalOptions)
      .orderBy(asc(schema.proposalOptions.id))
      .limit(1);
    const pricing = {
      state: "TX",
      zipCode: "78701",
      discountCents: 50_000,
      lines: [
        { kind: "product", productId: product.id, quantity: 1 },
        { kind: "option", optionId: option!.id, quantity: 2 },
        { kind: "custom", name: "Site work", unitPriceCents: 1_250_050, quantity: 1 },
      ],
    };
    const preview = await trpcQuery("proposals.preview", pricing);
    expect(preview.statusCode, preview.body).toBe(200);
    const figures = preview.json().result.data;
    const saved = await admin("POST", "/api/admin/proposals", {
      ...pricing,
      customerName: "Dana Reyes",
      email: "dana@example.test",
      validUntil: "2099-01-31",
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const version = saved.json().versions[0];
    for (const key of [
      "subtotalCents",
      "discountCents",
      "deliveryCents",
      "deliveryLabel",
      "taxState",
      "taxLines",
      "taxCents",
      "totalCents",
      "depositPercent",
      "lines",
    ]) {
      expect(figures[key], key).toEqual(version[key]);
    }
    expect(figures.totalCents).toBeGreaterThan(0);
    expect(figures.depositCents + figures.balanceCents).toBe(figures.totalCents);
  });

  it("answers an editor with no lines yet (zero), and names the field it cannot price", async () => {
    const empty = await trpcQuery("proposals.preview", { state: "TX", lines: [] });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().result.data).toMatchObject({ subtotalCents: 0, totalCents: 0 });
    const badZip = await trpcQuery("proposals.preview", { state: "TX", zipCode: "00000", lines: [] });
    expect(badZip.statusCode).toBe(400);
    expect(JSON.stringify(badZip.json())).toContain("zipCode");
    // staff only
    expect((await apps.backoffice.inject({ method: "GET", url: "/api/trpc/proposals.preview" })).statusCode).toBe(401);
  });
});
