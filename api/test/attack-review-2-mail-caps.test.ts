// Security review 2 (issue 22), holes 3 and 11: the caps on e-mails to addresses typed into the public
// forms, with the real sizes (PUBLIC_RATE_LIMIT_SCALE 1: 3 a day to one mailbox, 60 an hour overall).
// Hole 3: 60 contact forms from 6 addresses used up the shop-wide hourly cap, and a real USDT order's
// confirmation (the amount to send) was refused. Mail about a customer's own order is never capped by
// form traffic now: only the forms' acknowledgements count against the form caps.
// Hole 11: one mailbox spelled five ways (case, spaces, +tag, Gmail dots, googlemail.com) got 4
// acknowledgements instead of 3. Now every spelling shares one count.
import { schema } from "@ch/db";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxKey } from "../src/modules/notifications/acknowledgement-cap";
import { createOutboxWorker } from "../src/modules/notifications/worker";
import {
  expectRealUserSignsIn,
  firstProductOnSale,
  orderBody,
  signedInCookie,
  startTestApps,
  type TestApps,
} from "./harness";
import { FakeSmtp, notifyEnv, workerDeps } from "./notifications-fakes";

const { notifications, rateLimits } = schema;

let smtp: FakeSmtp;
let apps: TestApps;
/** Before → after figures of the file, printed at the end (the review's numbers). */
const figures: Record<string, unknown> = {};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

beforeAll(async () => {
  smtp = await new FakeSmtp().start();
  // e-mail only (no Telegram: the staff messages stay "unsent" and out of the way); the real caps
  apps = await startTestApps({ env: notifyEnv(null, smtp, { PUBLIC_RATE_LIMIT_SCALE: "1" }) });
  // the caps count in fixed UTC windows: run from 01:00 tomorrow, each test in an hour of its own
  const tomorrow = Math.ceil(Date.now() / DAY_MS) * DAY_MS + HOUR_MS;
  apps.clock.advance(tomorrow - Date.now());
});

afterAll(async () => {
  await apps?.close();
  await smtp?.close();
  console.log(`[attack review 2, mail caps] ${JSON.stringify(figures)}`);
});

/** A fresh UTC hour for the next test (the per-address form limits' 10 minutes are over too). */
const nextHour = () => apps.clock.advance(HOUR_MS - (apps.clock.now().getTime() % HOUR_MS) + 60_000);

/** Delivers everything due now, once, with the app's own worker options (no polling). */
async function deliver() {
  const worker = createOutboxWorker(workerDeps(apps.db.handle.db, apps.env, apps.clock), { random: () => 0.5 });
  await worker.drain();
  await worker.stop();
  return worker.stats;
}

const post = (url: string, payload: object, remoteAddress: string) =>
  apps.storefront.inject({ method: "POST", url, payload, remoteAddress });
/** A contact form from "F L" at `email`, sent from client `remoteAddress`, with a message when one is given. */
const contactForm = (email: string, remoteAddress: string, message?: string) =>
  post(
    "/api/contact",
    { firstName: "F", lastName: "L", email, ...(message === undefined ? {} : { message }) },
    remoteAddress,
  );

async function emailRows(kind: string) {
  return apps.db.handle.db
    .select({
      recipient: notifications.recipient,
      status: notifications.status,
      lastError: notifications.lastError,
      entityId: notifications.entityId,
    })
    .from(notifications)
    .where(eq(notifications.kind, kind))
    .orderBy(asc(notifications.id));
}

async function placeOrder(email: string, remoteAddress: string) {
  const product = await firstProductOnSale(apps);
  const res = await post(
    "/api/orders",
    orderBody([{ ...product, quantity: 1 }], { email, paymentMethod: "usdt" }),
    remoteAddress,
  );
  expect(res.statusCode).toBe(201);
  const order = res.json() as { id: number; orderNumber: string; payment: { invoices: { usdtAmount: string }[] } };
  const usdtAmount = order.payment.invoices[0]!.usdtAmount;
  expect(usdtAmount).toMatch(/^\d+\.\d{6}$/);
  return { ...order, usdtAmount };
}

describe("hole 3: form traffic cannot spend the confirmations of real orders", () => {
  it("60 contact forms from 6 addresses, then a USDT order: the customer gets the amount to send", async () => {
    nextHour();
    // the attacker: 10 forms from each of 6 addresses (the per-address limit is 10 in 10 minutes)
    for (let a = 1; a <= 6; a++) {
      for (let n = 1; n <= 10; n++) {
        const res = await contactForm(`flood-${a}-${n}@example.net`, `203.0.113.${a}`, "hi");
        expect(res.statusCode).toBe(201);
      }
    }
    const flood = await deliver();
    expect(flood.sent).toBe(60);

    // a real customer pays in USDT: the confirmation carries the exact amount and the wallet
    const buyer = "usdt-buyer@example.com";
    const order = await placeOrder(buyer, "198.51.100.7");
    await deliver();
    const [confirmation] = (await emailRows("order-confirmation")).filter((r) => r.entityId === order.id);
    figures.hole3OrderConfirmationAfter60Forms = confirmation!.lastError ?? confirmation!.status;
    expect(confirmation).toMatchObject({ recipient: buyer, status: "sent", lastError: null });
    const mail = smtp.messages.find((m) => m.to.includes(buyer));
    expect(mail?.subject).toBe(`Your order ${order.orderNumber}`);
    expect(mail!.text).toContain(`Please send exactly ${order.usdtAmount} USDT`);
    expect(mail!.text).toContain(apps.env.USDT_WALLET_ADDRESS!);

    // the forms' hourly cap still holds for forms, and the order did not use a slot of it
    const late = await contactForm("flood-61@example.net", "203.0.113.61", "hi");
    expect(late.statusCode).toBe(201);
    expect((await deliver()).skipped).toBe(1);
    const [refused] = (await emailRows("enquiry-acknowledgement")).filter(
      (r) => r.recipient === "flood-61@example.net",
    );
    expect(refused!.status).toBe("failed");
    expect(refused!.lastError).toMatch(/^Not sent: 60 acknowledgements already went out this hour/);
    const [overall] = await apps.db.handle.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, "ack-all"));
    expect(overall!.count).toBe(61); // the 61 forms; the order is not among them
  }, 120_000); // 61 forms and 62 e-mails through SMTP: well under a minute, even on a busy machine

  it("3 forms to a customer's own mailbox, then her order: the confirmation still goes", async () => {
    nextHour();
    const buyer = "Repeat.Buyer@example.com";
    for (const [n, email] of ["repeat.buyer@example.com", "repeat.buyer+1@example.com", buyer].entries()) {
      const res = await contactForm(email, "198.51.100.8", `m${n}`);
      expect(res.statusCode).toBe(201);
    }
    const forms = await deliver();
    expect(forms.sent).toBe(3);
    const order = await placeOrder(buyer, "198.51.100.9");
    await deliver();
    const [confirmation] = (await emailRows("order-confirmation")).filter((r) => r.entityId === order.id);
    figures.hole3OrderConfirmationAfter3FormsToSameMailbox = confirmation!.lastError ?? confirmation!.status;
    expect(confirmation).toMatchObject({ status: "sent", lastError: null });
    // and a 4th form to the mailbox is still refused by the per-mailbox cap
    const fourth = await contactForm("repeat.buyer+4@example.com", "198.51.100.8", "m4");
    expect(fourth.statusCode).toBe(201);
    expect((await deliver()).skipped).toBe(1);
  });

  it("checkout confirmations have a per-mailbox bucket of their own, which forms cannot fill", async () => {
    nextHour();
    const victim = "checkout-victim@example.org";
    // 10 orders to one stranger's mailbox in a day are confirmed; the 11th is not (mail-bombing by checkout)
    const orders = [];
    for (let n = 0; n < 11; n++) orders.push(await placeOrder(victim, "198.51.100.10"));
    await deliver();
    const mine = (await emailRows("order-confirmation")).filter((r) => r.recipient === victim);
    expect(mine.map((r) => r.status)).toEqual([...Array(10).fill("sent"), "failed"]);
    expect(mine[10]!.lastError).toMatch(/^Not sent: 10 order confirmations already went to this address today/);
    // the forms' caps are untouched by those orders: the mailbox still gets 3 acknowledgements
    for (let n = 0; n < 4; n++) {
      const res = await contactForm(victim, "198.51.100.11");
      expect(res.statusCode).toBe(201);
    }
    const stats = await deliver();
    expect(stats).toMatchObject({ sent: 3, skipped: 1 });
  });
});

describe("hole 11: one mailbox, however it is spelled, gets at most 3 acknowledgements a day", () => {
  it("5 spellings of cap-4@ through the 5 forms: 3 sent, 2 refused", async () => {
    nextHour();
    const ip = "198.51.100.12";
    const forms: [string, object][] = [
      ["/api/contact", { firstName: "F", lastName: "L", email: "cap-4@gmail.com" }],
      ["/api/quote-requests", { kind: "quote", firstName: "F", lastName: "L", email: "  CAP-4@GMAIL.COM " }],
      ["/api/quote-requests", { kind: "call", firstName: "F", lastName: "L", email: "cap-4+promo@gmail.com" }],
      [
        "/api/roi",
        { investment: 64649, monthlyRent: 275, occupancy: 18, monthlyExpenses: 200, email: "c.a.p-4@Gmail.com" },
      ],
      [
        "/api/contact",
        { firstName: "F", lastName: "L", email: "Cap-4@GoogleMail.com", message: "m", source: "contact-page" },
      ],
    ];
    for (const [url, body] of forms) expect((await post(url, body, ip)).statusCode).toBe(201);
    const stats = await deliver();
    const typed = forms.map(([, body]) => (body as { email: string }).email.trim().toLowerCase());
    const rows = (await emailRows("enquiry-acknowledgement")).filter((r) =>
      typed.includes(r.recipient?.toLowerCase() ?? ""),
    );
    expect(rows).toHaveLength(5);
    figures.hole11VariantsSent = `${rows.filter((r) => r.status === "sent").length} of ${rows.length}`;
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent", "failed", "failed"]);
    expect(stats).toMatchObject({ sent: 3, skipped: 2 });
    for (const row of rows.slice(3)) {
      expect(row.lastError).toMatch(/^Not sent: 3 acknowledgements already went to this address today/);
    }
    const counted = await apps.db.handle.db
      .select({ key: rateLimits.key, count: rateLimits.count })
      .from(rateLimits)
      .where(like(rateLimits.key, "ack-to:cap-4%"));
    expect(counted).toEqual([{ key: "ack-to:cap-4@gmail.com", count: 5 }]);
  });

  it("spellings the forms refuse today still share the key (a wider contract cannot reopen the hole)", () => {
    const key = mailboxKey("cap-4@gmail.com");
    for (const spelling of [
      "cap-4@gmail.com.", // a trailing dot on the domain
      "CAP-4@GMAIL.COM.",
      " cap-4+a+b@googlemail.com ",
      "cap-4@GOOGLEMAIL.COM",
      "C.A.P-4@gmail.com",
    ]) {
      expect(mailboxKey(spelling), spelling).toBe(key);
    }
    // an IDN domain in Unicode (any case) and in its ASCII form are one domain
    const idn = mailboxKey("cap-4@xn--bcher-kva.example");
    expect(mailboxKey("cap-4@bücher.example")).toBe(idn);
    expect(mailboxKey("Cap-4@BÜCHER.example")).toBe(idn);
    // other domains keep their dots and their distinct local parts
    expect(mailboxKey("c.ap-4@example.com")).not.toBe(mailboxKey("cap-4@example.com"));
    expect(mailboxKey("cap-4@example.com")).not.toBe(key);
  });
});

describe("acceptance 2: after these attacks", () => {
  it("the real owner signs in from a new address at once", async () => {
    await signedInCookie(apps);
    await expectRealUserSignsIn(apps);
  });
});
