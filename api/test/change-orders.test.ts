// Change orders (issue 26 item 5): staff propose a change, the pricing engine gives its figures and its
// effect on the invoices, nothing moves until the customer signs it with an e-mailed code, and then the
// order's total, its balance invoice and the ledger change, the PDF is filed and order.changed raised.
// Withdrawn ones, closed orders, another customer's and bad lines are refused. PGlite and PostgreSQL.
import { money } from "@ch/contracts/money";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { firstProductOnSale, type TestApps, useSignedInApps } from "./harness";
import { placeOrderOf } from "./order-fixtures";
import { portalGet, portalPost, portalSignIn } from "./portal-session";
import { acceptedProposal } from "./project-fixtures";
import { signingCodesSent } from "./signing";
import { staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;

useSignedInApps({ env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000 }, (signedIn) => {
  ({ apps, cookie } = signedIn);
});

const GAIL = { customerName: "Gail Ortiz", email: "gail.changes@example.com", phone: "(512) 555-0111" };
const db = () => apps.db.handle.db;
let gail: { session: string; orderNumber: string; orderId: number };
let other: { session: string; orderId: number };

beforeAll(async () => {
  const orderNumber = await acceptedProposal(apps, cookie, GAIL);
  const [order] = await db().select().from(schema.orders).where(eq(schema.orders.orderNumber, orderNumber));
  gail = { session: await portalSignIn(apps, GAIL.email), orderNumber, orderId: order!.id };
  const placed = await placeOrderOf(apps, await firstProductOnSale(apps), { email: "hal.changes@example.com" });
  const [hal] = await db()
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.orderNumber, placed.receipt.orderNumber));
  other = { session: await portalSignIn(apps, "hal.changes@example.com"), orderId: hal!.id };
}, 120_000);

const create = (orderId: number, body: unknown) =>
  staffRequest(apps, cookie, "POST", `/api/admin/orders/${orderId}/change-orders`, body);
const asCustomer = (session: string, url: string, body: unknown = {}) =>
  portalPost(apps, url, body, { cookie: `ch_portal=${session}` });
const orderRow = async () => (await db().select().from(schema.orders).where(eq(schema.orders.id, gail.orderId)))[0]!;
const invoiceAmounts = async () =>
  Object.fromEntries(
    (await db().select().from(schema.invoices).where(eq(schema.invoices.orderId, gail.orderId))).map((i) => [
      i.kind,
      i.amountCents,
    ]),
  );

/** Windows 2 × $2,500.00 and a $1,000.00 credit: + $4,000.00, + $250.00 tax at 6.25 %. */
const WINDOWS = {
  note: "Upgraded windows; no deck",
  lines: [
    { kind: "custom", name: "Upgraded windows", unitPrice: money(250_000), quantity: 2 },
    { kind: "custom", name: "Credit: no deck", unitPrice: money(-100_000), quantity: 1 },
  ],
};

describe("a change order", () => {
  let changeOrderId: number;
  let before: { total: number; invoices: Record<string, number> };

  it("is priced by the engine and shows its effect on the invoices; nothing changes yet", async () => {
    before = { total: (await orderRow()).totalCents, invoices: await invoiceAmounts() };
    const res = await create(gail.orderId, WINDOWS);
    expect(res.statusCode, res.body).toBe(201);
    const co = res.json();
    changeOrderId = co.id;
    expect(co).toMatchObject({
      number: 1,
      status: "pending",
      subtotalDelta: money(400_000),
      taxDelta: money(25_000),
      totalDelta: money(425_000),
      orderTotal: money(before.total),
      newOrderTotal: money(before.total + 425_000),
    });
    expect(co.schedule).toEqual([
      {
        kind: "deposit",
        label: "Deposit",
        when: "on acceptance",
        amount: money(before.invoices.deposit!),
        newAmount: money(before.invoices.deposit!),
      },
      {
        kind: "balance",
        label: "Balance",
        when: "on delivery",
        amount: money(before.invoices.balance!),
        newAmount: money(before.invoices.balance! + 425_000),
      },
    ]);
    expect((await orderRow()).totalCents).toBe(before.total);
    expect(await invoiceAmounts()).toEqual(before.invoices);
    const project = (await portalGet(apps, `/api/portal/projects/${gail.orderNumber}`, gail.session)).json();
    expect(project.changeOrders).toEqual([expect.objectContaining({ id: changeOrderId, status: "pending" })]);
  });

  it("refuses bad lines (400 naming the field) and a credit larger than the balance due (409)", async () => {
    const zero = await create(gail.orderId, {
      note: "x",
      lines: [{ kind: "custom", name: "Nothing", unitPrice: money(100), quantity: 0 }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().issues[0].path).toEqual(["lines", 0, "quantity"]);
    const noNote = await create(gail.orderId, { lines: WINDOWS.lines });
    expect(noNote.json().issues[0].path).toEqual(["note"]);
    const unknown = await create(gail.orderId, {
      note: "x",
      lines: [{ kind: "option", optionId: 999_999, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    const credit = (cents: number) =>
      create(gail.orderId, {
        note: "Credit",
        lines: [{ kind: "custom", name: "Credit", unitPrice: money(cents), quantity: 1 }],
      });
    const beyondBalance = await credit(-4_000_000);
    expect(beyondBalance.statusCode).toBe(409);
    expect(beyondBalance.json().message).toMatch(/larger than the balance still due/);
    const beyondOrder = await credit(-50_000_000);
    expect(beyondOrder.statusCode).toBe(400);
    expect(beyondOrder.json().issues[0].path).toEqual(["lines"]);
    expect((await create(999_999, WINDOWS)).statusCode).toBe(404);
  });

  it("is signed by its customer only, with the consent and an e-mailed code", async () => {
    const codeUrl = `/api/portal/change-orders/${changeOrderId}/signing-code`;
    const signUrl = `/api/portal/change-orders/${changeOrderId}/sign`;
    expect((await asCustomer(other.session, codeUrl)).statusCode).toBe(404);
    const noCode = await asCustomer(gail.session, signUrl, {
      fullName: "Gail Ortiz",
      agree: true,
      consent: true,
      code: "123456",
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().issues[0].path).toEqual(["code"]);
    expect((await asCustomer(gail.session, codeUrl)).statusCode).toBe(202);
    const [code] = await signingCodesSent(apps);
    const noConsent = await asCustomer(gail.session, signUrl, { fullName: "Gail Ortiz", agree: true, code });
    expect(noConsent.json().issues[0].path).toEqual(["consent"]);
    expect(
      (await asCustomer(other.session, signUrl, { fullName: "Hal", agree: true, consent: true, code })).statusCode,
    ).toBe(404);

    const signed = await asCustomer(gail.session, signUrl, {
      fullName: "Gail Ortiz",
      agree: true,
      consent: true,
      code,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: "signed", signedName: "Gail Ortiz", documentId: expect.any(Number) });
    expect((await orderRow()).totalCents).toBe(before.total + 425_000);
    expect(await invoiceAmounts()).toEqual({ ...before.invoices, balance: before.invoices.balance! + 425_000 });
    const lines = await db().select().from(schema.orderLines).where(eq(schema.orderLines.orderId, gail.orderId));
    expect(lines.map((l) => l.productName)).toContain("Change order 1: Upgraded windows");
    expect(lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0)).toBe((await orderRow()).subtotalCents);

    const [event] = await db()
      .select()
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.type, "order.changed"));
    expect(event!.data).toMatchObject({ orderNumber: gail.orderNumber, number: 1, totalDelta: 4250 });
    expect(
      (await asCustomer(gail.session, signUrl, { fullName: "Gail Ortiz", agree: true, consent: true, code }))
        .statusCode,
    ).toBe(409);
  });

  it("files its own PDF beside the contract", async () => {
    const { documents } = (await portalGet(apps, `/api/portal/projects/${gail.orderNumber}`, gail.session)).json();
    const pdfDoc = documents.find((d: { kind: string }) => d.kind === "change_order");
    expect(pdfDoc).toMatchObject({ intact: true, fileName: `change-order-${gail.orderNumber}-1.pdf` });
    const file = await portalGet(apps, pdfDoc.url, gail.session);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(file.rawPayload)), { mergePages: true });
    expect(text).toContain(`Change order 1 to order ${gail.orderNumber}`);
    expect(text).toContain("Upgraded windows");
    expect(text).toContain("$250.00"); // the change to the tax
    expect(text).toContain("Gail Ortiz");
    expect(text).toMatch(/I agree to change order 1/);
  });

  it("can be withdrawn while unsigned; a withdrawn one cannot be signed, and a closed order takes none", async () => {
    const second = (
      await create(gail.orderId, {
        note: "Porch light",
        lines: [{ kind: "custom", name: "Porch light", unitPrice: money(12_000), quantity: 1 }],
      })
    ).json();
    expect(second.number).toBe(2);
    const url = `/api/admin/orders/${gail.orderId}/change-orders/${second.id}/withdraw`;
    const withdrawn = await staffRequest(apps, cookie, "POST", url);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: "withdrawn", withdrawnAt: expect.any(String) });
    expect((await staffRequest(apps, cookie, "POST", url)).statusCode).toBe(409);
    expect((await asCustomer(gail.session, `/api/portal/change-orders/${second.id}/signing-code`)).statusCode).toBe(
      409,
    );
    expect((await orderRow()).totalCents).toBe(before.total + 425_000);
    const list = (await staffRequest(apps, cookie, "GET", `/api/admin/orders/${gail.orderId}/change-orders`)).json();
    expect(list.changeOrders.map((c: { number: number; status: string }) => [c.number, c.status])).toEqual([
      [2, "withdrawn"],
      [1, "signed"],
    ]);
    await db().update(schema.orders).set({ stage: "completed" }).where(eq(schema.orders.id, other.orderId));
    expect((await create(other.orderId, WINDOWS)).statusCode).toBe(409);
  });
});
