// The public forms as a mail cannon (issue 15, hole 4): an attacker types a victim's address and a
// phishing text into the contact, quote or checkout form, and the shop's sender used to e-mail the text
// to the victim. Now the acknowledgement says what was received in fixed words and server figures only,
// the staff still get every word on Telegram, and acknowledgements are capped per address (3 a day) and
// overall (per hour), counted in the database; beyond a cap the form still succeeds and no mail goes.
// The checkout's order confirmation has a per-mailbox cap of its own and never counts against the forms'
// (issue 22, hole 3: test/attack-review-2-mail-caps.test.ts).
import { schema } from "@ch/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACKNOWLEDGEMENT_CAPS, mailboxKey } from "../src/modules/notifications/acknowledgement-cap";
import { enqueue } from "../src/modules/notifications/outbox";
import { createOutboxWorker, type OutboxWorkerOptions } from "../src/modules/notifications/worker";
import { orderBody, startTestApps, type TestApps } from "./harness";
import { FakeBotApi, FakeSmtp, notifyEnv, parseTelegramHtml, workerDeps } from "./notifications-fakes";
import { firstListedInStock } from "./order-fixtures";

const { notifications } = schema;

let bot: FakeBotApi;
let smtp: FakeSmtp;
let apps: TestApps;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  bot = await new FakeBotApi().start();
  smtp = await new FakeSmtp().start();
  // the real limits (scale 1): 3 acknowledgements a day to one address, 60 an hour overall
  apps = await startTestApps({ env: notifyEnv(bot, smtp, { PUBLIC_RATE_LIMIT_SCALE: "1" }) });
  // the caps count in fixed UTC windows (a day, an hour): run at noon tomorrow, well inside both
  const noon = Math.ceil(Date.now() / DAY_MS) * DAY_MS + DAY_MS / 2;
  apps.clock.advance(noon - Date.now());
});

afterAll(async () => {
  await apps?.close();
  await bot?.close();
  await smtp?.close();
});

/** Delivers everything due now with a worker of this process's options (deterministic: no polling). */
async function deliver(overrides: Partial<OutboxWorkerOptions> = {}) {
  const worker = createOutboxWorker(workerDeps(apps.db.handle.db, apps.env, apps.clock), {
    random: () => 0.5,
    ...overrides,
  });
  await worker.drain();
  await worker.stop();
  return worker.stats;
}

let address = 0;
/** Each test posts from its own address, so the per-address form limit (10 in 10 minutes) stays out of it. */
const from = () => `198.51.100.${++address}`;
const post = (url: string, payload: object, remoteAddress: string) =>
  apps.storefront.inject({ method: "POST", url, payload, remoteAddress });
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.some((to) => to.toLowerCase() === address));
const staffTexts = () =>
  bot.messages.map((m) => {
    const parsed = parseTelegramHtml(m.text);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.text;
  });

const PHISH = "Your account is locked. Verify your card at http://evil.example/login within 24 hours";
const LURE = "Security Team";

describe("acknowledgements carry none of the visitor's text", () => {
  it("a contact form with a phishing message to a victim's address: the victim's e-mail holds none of it", async () => {
    const ip = from();
    const victim = "victim@example.org";
    const res = await post(
      "/api/contact",
      { firstName: "Bank", lastName: LURE, email: victim, message: PHISH, source: "contact-page" },
      ip,
    );
    expect(res.statusCode).toBe(201);
    const call = await post(
      "/api/quote-requests",
      {
        kind: "call",
        firstName: "Bank",
        lastName: LURE,
        email: victim,
        preferredTime: "http://evil.example/now",
        message: PHISH,
      },
      ip,
    );
    expect(call.statusCode).toBe(201);
    await deliver();

    const mails = mailsTo(victim);
    expect(mails.map((m) => m.subject)).toEqual(["We received your message", "We received your call request"]);
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain("evil.example");
        expect(part).not.toContain("account is locked");
        expect(part).not.toContain(LURE);
        expect(part).not.toContain("Bank");
      }
      expect(mail.text).toContain("Hello,");
    }
    expect(mails[0]!.text).toContain("Thank you for your message.");
    expect(mails[1]!.text).toContain("Thank you for your call request.");
    // the staff still read every word
    const staff = staffTexts().filter((t) => t.includes(victim));
    expect(staff).toHaveLength(2);
    for (const text of staff) {
      expect(text).toContain(PHISH);
      expect(text).toContain(`Bank ${LURE}`);
    }
    expect(staff[1]).toContain("Preferred time: http://evil.example/now");
  });

  it("a checkout with a name and address written as a lure: the confirmation has only the order's figures", async () => {
    const product = await firstListedInStock(apps);
    const victim = "order-victim@example.org";
    const res = await post(
      "/api/orders",
      orderBody([{ id: product.id, quantity: 1, price: product.price }], {
        firstName: "Refund",
        lastName: LURE,
        email: victim,
        address: "Call +1 900 555 0199 to cancel",
        city: "evil.example",
        deliveryNotes: PHISH,
      }),
      from(),
    );
    expect(res.statusCode).toBe(201);
    const orderNumber = res.json().orderNumber as string;
    await deliver();

    const [mail] = mailsTo(victim);
    expect(mail?.subject).toBe(`Your order ${orderNumber}`);
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(orderNumber);
      expect(part).toContain(product.name);
      for (const lure of ["Refund", LURE, "900 555 0199", "evil.example", "account is locked"]) {
        expect(part).not.toContain(lure);
      }
    }
    expect(mail!.text).toContain("Thank you for your order!");
    const staff = staffTexts().find((t) => t.includes(orderNumber));
    expect(staff).toContain(`Customer: Refund ${LURE}`);
    expect(staff).toContain("Deliver to: Call +1 900 555 0199 to cancel, evil.example");
    expect(staff).toContain(`Notes: ${PHISH}`);
  });
});

describe("acknowledgement caps", () => {
  it("sends 3 acknowledgements to one address in a day, not the 4th (however the address is spelled); the forms succeed", async () => {
    const ip = from();
    const spellings = ["target@gmail.com", "Target@Gmail.com", "tar.get+1@gmail.com", "target+2@googlemail.com"];
    expect(new Set(spellings.map(mailboxKey)).size).toBe(1); // googlemail.com is gmail.com (issue 22, hole 11)
    const sameBox = ["target@gmail.com", "Target@Gmail.com", "tar.get+1@gmail.com", "TARGET+4@gmail.com"];
    for (const [n, email] of sameBox.entries()) {
      const res = await post("/api/contact", { firstName: "A", lastName: `B${n}`, email, message: `try ${n}` }, ip);
      expect(res.statusCode).toBe(201);
    }
    const stats = await deliver();
    expect(stats.skipped).toBe(1);
    const delivered = smtp.messages.filter((m) => m.to.some((to) => mailboxKey(to) === "target@gmail.com"));
    expect(delivered.map((m) => m.to[0]!.toLowerCase())).toEqual(sameBox.slice(0, 3).map((a) => a.toLowerCase()));
    const rows = await apps.db.handle.db
      .select({ recipient: notifications.recipient, status: notifications.status, lastError: notifications.lastError })
      .from(notifications)
      .where(eq(notifications.kind, "enquiry-acknowledgement"))
      .orderBy(asc(notifications.id));
    const mine = rows.filter((r) => r.recipient && mailboxKey(r.recipient) === "target@gmail.com");
    expect(mine.map((r) => r.status)).toEqual(["sent", "sent", "sent", "failed"]);
    expect(mine[3]!.lastError).toMatch(/^Not sent: 3 acknowledgements already went to this address today/);
    // every enquiry reached the staff
    for (const n of [0, 1, 2, 3]) expect(staffTexts().filter((t) => t.includes(`Message: try ${n}`))).toHaveLength(1);

    // the next day the address gets one again
    apps.clock.advance(DAY_MS);
    const next = await post("/api/contact", { firstName: "A", lastName: "B", email: "target@gmail.com" }, ip);
    expect(next.statusCode).toBe(201);
    expect((await deliver()).skipped).toBe(0);
    expect(smtp.messages.filter((m) => m.to.some((to) => mailboxKey(to) === "target@gmail.com"))).toHaveLength(4);
  });

  it("caps acknowledgements overall per hour, while e-mails to proven addresses still go", async () => {
    apps.clock.advance(3_600_000); // a fresh hour
    const caps = { ...ACKNOWLEDGEMENT_CAPS, overall: { limit: 4, windowSeconds: 3_600 } };
    const ip = from();
    const addresses = [1, 2, 3, 4, 5, 6].map((n) => `spread${n}@example.net`);
    for (const email of addresses) {
      expect((await post("/api/contact", { firstName: "A", lastName: "B", email }, ip)).statusCode).toBe(201);
    }
    // a proposal e-mail (staff typed the address) is not an acknowledgement: no cap
    await enqueue(apps.db.handle.db, apps.env, [
      { channel: "email", kind: "proposal-sent", recipient: "client@example.net", subject: "Proposal", bodyText: "x" },
    ]);
    const stats = await deliver({ acknowledgementCaps: caps });
    expect(stats.skipped).toBe(2);
    const received = smtp.messages.flatMap((m) => m.to);
    expect(addresses.filter((a) => received.includes(a))).toEqual(addresses.slice(0, 4));
    expect(received).toContain("client@example.net");
    const [refused] = await apps.db.handle.db
      .select({ lastError: notifications.lastError })
      .from(notifications)
      .where(eq(notifications.recipient, addresses[5]!));
    expect(refused!.lastError).toMatch(/^Not sent: 4 acknowledgements already went out this hour/);
  });
});
