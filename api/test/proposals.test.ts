// Proposals through the REST paths: the server's arithmetic against hand-computed figures, versions,
// a tampered total, sending (e-mail in the outbox), the customer's page, acceptance (order + invoices +
// timeline), a second acceptance, an expired or superseded version, and a change request on the lead.
import { schema } from "@ch/db";
import { and, asc, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApps, useSignedInApps } from "./harness";
import { AUSTIN_PROPOSAL_CUSTOMER } from "./lead-fixtures";
import { LEGACY_API_VERSION } from "./money";
import { proposalSigningCode, signed } from "./signing";
import { staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;
let foundationId: number;
let bandId: number;
let enquiryId: number;

const db = () => apps.db.handle.db;
const admin = (method: "GET" | "POST", url: string, payload?: unknown) =>
  staffRequest(apps, cookie, method, url, payload);
const pub = (method: "GET" | "POST", url: string, payload?: unknown) =>
  apps.storefront.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

useSignedInApps(
  { env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000, apiVersion: LEGACY_API_VERSION },
  (signedIn) => {
    ({ apps, cookie } = signedIn);
  },
);
beforeAll(async () => {
  const [option] = await db()
    .select()
    .from(schema.proposalOptions)
    .where(eq(schema.proposalOptions.name, "Concrete pier foundation"));
  const [band] = await db()
    .select()
    .from(schema.deliveryBands)
    .where(eq(schema.deliveryBands.label, "Up to 100 miles"));
  foundationId = option!.id;
  bandId = band!.id;
  const [lead] = await db()
    .insert(schema.enquiries)
    .values({
      source: "quote-request",
      firstName: "Dana",
      lastName: "Reyes",
      email: "dana@example.com",
      message: "40ft home near Austin",
    })
    .returning();
  enquiryId = lead!.id;
}, 120_000);

/** Foundation $4,500.00 + site work 2 × $12,500.50, − $1,000.00, + delivery $1,500.00, TX 6.25 %. */
const body = (overrides: Record<string, unknown> = {}) => ({
  enquiryId,
  ...AUSTIN_PROPOSAL_CUSTOMER,
  lines: [
    { kind: "option", optionId: foundationId, quantity: 1 },
    { kind: "custom", name: "Site work", unitPriceCents: 1_250_050, quantity: 2 },
  ],
  deliveryBandId: bandId,
  discountCents: 100_000,
  validUntil: inDays(30),
  terms: "50% deposit on acceptance, balance due on delivery.",
  ...overrides,
});

// the arithmetic itself (discount shares, per-unit delivery, rounding, refusals): src/modules/pricing/engine.test.ts

describe("staff create, version and send; the customer reads, asks for changes and accepts", () => {
  let id: number;
  let token: string;

  it("creates a proposal from a lead, priced by the server", async () => {
    const res = await admin("POST", "/api/admin/proposals", body());
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    id = p.id;
    token = p.token;
    expect(p.status).toBe("draft");
    const v = p.versions[0];
    // 450,000 + 2 × 1,250,050 = 2,950,100; − 100,000 + 150,000 = 3,000,100; × 6.25 % = 187,506.25 → 187,506
    expect(v).toMatchObject({
      version: 1,
      subtotalCents: 2_950_100,
      discountCents: 100_000,
      deliveryCents: 150_000,
      taxState: "TX",
      taxRateBasisPoints: 625,
      taxCents: 187_506,
      totalCents: 3_187_606,
      depositPercent: 50,
      deliveryLabel: "Up to 100 miles",
    });
    expect(v.lines[0]).toMatchObject({ kind: "option", name: "Concrete pier foundation", unitPriceCents: 450_000 });
  });

  it("refuses a total sent by the client, an unknown option and a bad e-mail (400 with the field)", async () => {
    const tampered = await admin("POST", "/api/admin/proposals", body({ totalCents: 100 }));
    expect(tampered.statusCode).toBe(400);
    expect(JSON.stringify(tampered.json().issues)).toContain("totalCents");
    const unknown = await admin(
      "POST",
      "/api/admin/proposals",
      body({ lines: [{ kind: "option", optionId: 999_999, quantity: 1 }] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toEqual(["lines", 0, "optionId"]);
    const badEmail = await admin("POST", "/api/admin/proposals", body({ email: "nope" }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().issues[0].path).toEqual(["email"]);
    const bigDiscount = await admin("POST", "/api/admin/proposals", body({ discountCents: 9_000_000 }));
    expect(bigDiscount.statusCode).toBe(400);
    expect(bigDiscount.json().issues[0].path).toEqual(["discountCents"]);
  });

  it("a draft's link does not exist; sending e-mails the customer the link", async () => {
    expect((await pub("GET", `/api/proposals/${token}`)).statusCode).toBe(404);
    const sent = await admin("POST", `/api/admin/proposals/${id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe("sent");
    const [mail] = await db()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.kind, "proposal-sent"), eq(schema.notifications.entityId, id)));
    expect(mail!.recipient).toBe("dana@example.com");
    expect(mail!.bodyText).toContain(`/proposal/${token}`);
    expect(mail!.bodyText).toContain("$31,876.06");
    const page = await pub("GET", `/api/proposals/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      state: "open",
      version: 1,
      totalCents: 3_187_606,
      depositCents: 1_593_803,
      balanceCents: 1_593_803,
    });
  });

  it("editing a sent proposal makes a draft version, which the customer sees once it is sent", async () => {
    const res = await admin("GET", `/api/admin/proposals/${id}`);
    expect(res.json().versions).toHaveLength(1);
    const update = await apps.backoffice.inject({
      method: "POST",
      url: "/api/trpc/proposals.update",
      headers: { cookie, origin: apps.env.backofficeOrigin },
      payload: { id, proposal: body({ discountCents: 0 }) },
    });
    expect(update.statusCode, update.body).toBe(200);
    const detail = (await admin("GET", `/api/admin/proposals/${id}`)).json();
    expect(detail.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // 2,950,100 + 150,000 = 3,100,100; × 6.25 % = 193,756.25 → 193,756
    expect(detail.versions[0].totalCents).toBe(3_293_856);
    expect(detail.versions[1].totalCents).toBe(3_187_606);
    // a draft until staff send it: the customer still reads (and can only accept) version 1
    const before = (await pub("GET", `/api/proposals/${token}`)).json();
    expect(before).toMatchObject({ version: 1, totalCents: 3_187_606 });
    expect((await admin("POST", `/api/admin/proposals/${id}/send`)).statusCode).toBe(200);
    const page = (await pub("GET", `/api/proposals/${token}`)).json();
    expect(page).toMatchObject({ version: 2, totalCents: 3_293_856 });
  });

  it("a change request lands on the lead as a note", async () => {
    const bad = await pub("POST", `/api/proposals/${token}/changes`, { message: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(["message"]);
    const res = await pub("POST", `/api/proposals/${token}/changes`, { message: "Could the deck face west?" });
    expect(res.statusCode).toBe(201);
    const detail = (await admin("GET", `/api/admin/proposals/${id}`)).json();
    expect(detail.status).toBe("changes_requested");
    expect(detail.changeRequests[0]).toMatchObject({ version: 2, message: "Could the deck face west?" });
    const leadNotes = await db()
      .select()
      .from(schema.notes)
      .where(and(eq(schema.notes.entityType, "enquiry"), eq(schema.notes.entityId, enquiryId)));
    expect(leadNotes.some((n) => n.body.includes("Could the deck face west?"))).toBe(true);
  });

  it("accepting a superseded version is refused (409) and nothing is stored", async () => {
    const res = await pub("POST", `/api/proposals/${token}/accept`, {
      fullName: "Dana Reyes",
      agree: true,
      consent: true,
      code: "000000",
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/updated/);
    expect(await db().select().from(schema.proposalAcceptances)).toHaveLength(0);
  });

  it("acceptance without agreement or a name is a 400 with the field", async () => {
    const res = await pub("POST", `/api/proposals/${token}/accept`, { fullName: "Dana Reyes", agree: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(["agree"]);
    const noName = await pub("POST", `/api/proposals/${token}/accept`, { fullName: " ", agree: true });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues[0].path).toEqual(["fullName"]);
  });

  it("acceptance creates the order (awaiting deposit) with its deposit and balance invoices and timeline", async () => {
    const res = await pub(
      "POST",
      `/api/proposals/${token}/accept`,
      await signed(apps, token, { fullName: "Dana Reyes", agree: true, version: 2 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ totalCents: 3_293_856, depositCents: 1_646_928, balanceCents: 1_646_928 });
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.orderNumber, answer.orderNumber));
    expect(order).toMatchObject({
      stage: "awaiting_deposit",
      totalCents: 3_293_856,
      proposalId: id,
      shippingCents: 150_000,
    });
    expect(order!.subtotalCents + order!.taxCents + order!.shippingCents).toBe(order!.totalCents);
    const invoices = await db()
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, order!.id))
      .orderBy(asc(schema.invoices.id));
    expect(invoices.map((i) => [i.kind, i.amountCents])).toEqual([
      ["deposit", 1_646_928],
      ["balance", 1_646_928],
    ]);
    const events = await db().select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, order!.id));
    expect(events).toMatchObject([{ kind: "stage", toStage: "awaiting_deposit", actor: "customer" }]);
    const [acceptance] = await db().select().from(schema.proposalAcceptances);
    expect(acceptance).toMatchObject({ proposalId: id, version: 2, fullName: "Dana Reyes" });
    expect(acceptance!.ipAddress).toBeTruthy();
    const [confirmation] = await db()
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.kind, "order-confirmation"), eq(schema.notifications.entityId, order!.id)));
    expect(confirmation!.bodyText).toContain("$16,469.28");
    const page = (await pub("GET", `/api/proposals/${token}`)).json();
    expect(page).toMatchObject({ state: "accepted", acceptedBy: "Dana Reyes", orderNumber: answer.orderNumber });
  });

  it("a second acceptance is refused (409) and creates nothing", async () => {
    const before = await db().select().from(schema.orders);
    const res = await pub("POST", `/api/proposals/${token}/accept`, {
      fullName: "Dana Reyes",
      agree: true,
      consent: true,
      code: "000000",
      version: 2,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already been accepted/);
    expect(await db().select().from(schema.orders)).toHaveLength(before.length);
    const edit = await admin("POST", `/api/admin/proposals/${id}/send`);
    expect(edit.statusCode).toBe(409);
  });

  it("lists proposals with their latest total", async () => {
    const list = (await admin("GET", "/api/admin/proposals")).json();
    expect(list.find((p: { id: number }) => p.id === id)).toMatchObject({ status: "accepted", totalCents: 3_293_856 });
    const anonymous = await apps.backoffice.inject({
      method: "GET",
      url: "/api/admin/proposals",
      headers: { origin: apps.env.backofficeOrigin },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("expired proposals", () => {
  it("says expired and refuses acceptance with 410", async () => {
    const created = (
      await admin("POST", "/api/admin/proposals", body({ enquiryId: null, validUntil: inDays(-1) }))
    ).json();
    await admin("POST", `/api/admin/proposals/${created.id}/send`);
    const page = (await pub("GET", `/api/proposals/${created.token}`)).json();
    expect(page.state).toBe("expired");
    const res = await pub("POST", `/api/proposals/${created.token}/accept`, {
      fullName: "Dana Reyes",
      agree: true,
      consent: true,
      code: "000000",
      version: 1,
    });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/expired/);
    const [p] = await db().select().from(schema.proposals).where(eq(schema.proposals.id, created.id));
    expect(p!.orderId).toBeNull();
  });

  it("an unknown or malformed link is a 404 / 400", async () => {
    expect((await pub("GET", `/api/proposals/${"A".repeat(32)}`)).statusCode).toBe(404);
    const bad = await pub("GET", "/api/proposals/short");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(["token"]);
  });
});

describe("price lists", () => {
  it("seeds real state rates and lets staff change them", async () => {
    const lists = await admin("GET", "/api/trpc/proposals.priceLists");
    const data = lists.json().result.data;
    expect(data.taxRates).toEqual(
      expect.arrayContaining([
        { state: "TX", taxClass: "general", rateBasisPoints: 625 },
        { state: "TX", taxClass: "housing", rateBasisPoints: 325 },
        { state: "TX", taxClass: "delivery", rateBasisPoints: 625 },
      ]),
    );
    const save = await admin("POST", "/api/trpc/proposals.saveTaxRate", { state: "Texas", rateBasisPoints: 650 });
    expect(save.statusCode, save.body).toBe(200);
    const created = (await admin("POST", "/api/admin/proposals", body({ enquiryId: null }))).json();
    // the general rate only (no class named): 2,850,100 × 6.5 % = 185,256.5 → 185,257; the delivery class
    // keeps 6.25 %: 150,000 → 9,375
    expect(created.versions[0]).toMatchObject({ taxRateBasisPoints: 650, taxCents: 194_632 });
    expect(created.versions[0].taxLines).toEqual([
      {
        taxClass: "general",
        label: "TX sales tax (6.5 %)",
        rateBasisPoints: 650,
        taxableCents: 2_850_100,
        taxCents: 185_257,
      },
      {
        taxClass: "delivery",
        label: "TX sales tax on delivery (6.25 %)",
        rateBasisPoints: 625,
        taxableCents: 150_000,
        taxCents: 9_375,
      },
    ]);
  });
});

describe("sales funnel", () => {
  it("counts visitors by utm_source/referrer and leads → sent → accepted → deposit paid by the lead's source", async () => {
    await db()
      .insert(schema.visits)
      .values([
        { path: "/?utm_source=google", deviceType: "desktop", browser: "Chrome", visitorHash: "a".repeat(64) },
        {
          path: "/products",
          deviceType: "mobile",
          browser: "Safari",
          visitorHash: "b".repeat(64),
          referrer: "https://www.bing.com/search?q=x",
        },
        { path: "/", deviceType: "mobile", browser: "Safari", visitorHash: "c".repeat(64) },
      ]);
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.email, "dana@example.com"));
    const paid = await admin("POST", `/api/admin/orders/${order!.id}/payments`, {
      method: "bank-transfer",
      amount: 16_469.28,
      receivedAt: new Date().toISOString().slice(0, 10),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const res = await admin("GET", "/api/trpc/proposals.funnel");
    const f = res.json().result.data;
    expect(f.visitors).toEqual(
      expect.arrayContaining([
        { source: "google", count: 1 },
        { source: "www.bing.com", count: 1 },
        { source: "direct", count: 1 },
      ]),
    );
    expect(f.leads).toContainEqual({ source: "quote-request", count: 1 });
    // the lead's proposal; the others were made from scratch (expired one, price-list one)
    expect(f.proposalsSent).toHaveLength(2);
    expect(f.proposalsSent).toEqual(
      expect.arrayContaining([
        { source: "direct", count: 1 },
        { source: "quote-request", count: 1 },
      ]),
    );
    expect(f.accepted).toEqual([{ source: "quote-request", count: 1 }]);
    expect(f.depositPaid).toEqual([{ source: "quote-request", count: 1 }]);
  });
});

describe("the signing code an acceptance carries (E-SIGN Act / UETA)", () => {
  const accept = (token: string, extra: Record<string, unknown>) =>
    pub("POST", `/api/proposals/${token}/accept`, { fullName: "Dana Reyes", agree: true, version: 1, ...extra });
  const sentProposal = async () => {
    const created = (await admin("POST", "/api/admin/proposals", body({ enquiryId: null }))).json();
    expect((await admin("POST", `/api/admin/proposals/${created.id}/send`)).statusCode).toBe(200);
    return created as { id: number; token: string };
  };

  it("needs the consent and a code, e-mailed to the proposal's address only; wrong codes count 5 tries", async () => {
    const { id, token } = await sentProposal();
    const noConsent = await accept(token, { code: "123456" });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().issues[0]).toMatchObject({ path: ["consent"] });
    const malformed = await accept(token, { consent: true, code: "12 34" });
    expect(malformed.json().issues[0]).toMatchObject({ path: ["code"], message: /6-digit code/ });
    const neverSent = await accept(token, { consent: true, code: "123456" });
    expect(neverSent.statusCode).toBe(400);
    expect(neverSent.json().issues[0]).toMatchObject({ path: ["code"], message: /ask for a signing code/ });

    const sent = await pub("POST", `/api/proposals/${token}/signing-code`);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ ok: true, sentTo: "d•••@example.com" });
    const [mail] = await db()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, "signing_code"))
      .orderBy(desc(schema.notifications.id))
      .limit(1);
    expect(mail!.recipient).toBe("dana@example.com");
    const code = /(\d{6})$/.exec(mail!.subject!)![1]!;
    expect(mail!.bodyText).toContain(`proposal #${id} (version 1) is ${code}`);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let tried = 1; tried <= 5; tried++) {
      const res = await accept(token, { consent: true, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].message).toMatch(tried < 5 ? `${5 - tried} tr` : /last try/);
    }
    // the right code after 5 wrong ones: spent, ask for another
    const spent = await accept(token, { consent: true, code });
    expect(spent.json().issues[0].message).toMatch(/tried 5 times/);
    expect(
      await db().select().from(schema.proposalAcceptances).where(eq(schema.proposalAcceptances.proposalId, id)),
    ).toEqual([]);
  });

  it("a newer code ends the older, a code lasts 10 minutes, and the acceptance records it was verified", async () => {
    const { id, token } = await sentProposal();
    const first = await proposalSigningCode(apps, token);
    const second = await proposalSigningCode(apps, token);
    if (first !== second) expect((await accept(token, { consent: true, code: first })).statusCode).toBe(400);
    apps.clock.advance(10 * 60_000 + 1_000);
    try {
      const late = await accept(token, { consent: true, code: second });
      expect(late.json().issues[0].message).toMatch(/expired/);
    } finally {
      apps.clock.advance(-(10 * 60_000 + 1_000));
    }
    const code = await proposalSigningCode(apps, token);
    const ok = await accept(token, { consent: true, code });
    expect(ok.statusCode, ok.body).toBe(201);
    const detail = (await admin("GET", `/api/admin/proposals/${id}`)).json();
    expect(detail.acceptance).toMatchObject({ fullName: "Dana Reyes", codeVerified: true, consented: true });
    // nothing left to sign: no more codes
    const after = await pub("POST", `/api/proposals/${token}/signing-code`);
    expect(after.statusCode).toBe(409);
  });
});
