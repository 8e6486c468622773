// The outbox end to end: records written through the public API, delivered by the worker to a fake
// Telegram Bot API and a local SMTP server over real HTTP/SMTP on 127.0.0.1.
import { type DatabaseHandle, openDatabase, schema } from "@ch/db";
import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { enqueue, type OutboxMessage } from "../src/modules/notifications/outbox";
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from "../src/modules/notifications/worker";
import { orderBody, signedInCookie, startTestApps, type TestApps, testEnv } from "./harness";
import {
  CHAT_ID,
  FakeBotApi,
  FakeSmtp,
  notifyEnv,
  outboxIdle,
  parseTelegramHtml,
  until,
  workerDeps,
} from "./notifications-fakes";
import { firstListedInStock } from "./order-fixtures";

const { notifications, visits } = schema;

let bot: FakeBotApi;
let smtp: FakeSmtp;
let apps: TestApps;
let cookie: string;
const workers: OutboxWorker[] = [];
/** Delivery figures over the whole file, printed at the end. */
const figures = { telegramSent: 0, emailsSent: 0, retries: 0, rateLimited: 0, failed: 0, duplicates: 0 };

const UA_CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

beforeAll(async () => {
  bot = await new FakeBotApi().start();
  smtp = await new FakeSmtp().start();
  apps = await startTestApps({ env: notifyEnv(bot, smtp) });
  cookie = await signedInCookie(apps);
});

beforeEach(() => {
  bot.messages.length = 0;
  bot.requests.length = 0;
  smtp.messages.length = 0;
});

afterEach(async () => {
  for (const w of workers.splice(0)) {
    await w.stop();
    figures.retries += w.stats.retried;
    figures.rateLimited += w.stats.rateLimited;
    figures.failed += w.stats.failed;
  }
  const texts = bot.texts();
  figures.duplicates += texts.length - new Set(texts).size;
  figures.telegramSent += bot.messages.length;
  figures.emailsSent += smtp.messages.length;
});

afterAll(async () => {
  await apps?.close();
  await bot?.close();
  await smtp?.close();
  console.log(`[notification delivery figures] ${JSON.stringify(figures)}`);
});

function startWorker(overrides: Partial<OutboxWorkerOptions> = {}, db = apps.db.handle.db) {
  const worker = createOutboxWorker(workerDeps(db, apps.env, apps.clock), { random: () => 0.5, ...overrides });
  workers.push(worker);
  worker.start();
  return worker;
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  apps.storefront.inject({ method: "POST", url, payload: payload as object, headers });
const admin = (method: "GET" | "POST", url: string, withCookie = true) =>
  apps.backoffice.inject({ method, url, headers: withCookie ? { cookie } : {} });
const chat = (message: string) =>
  post("/api/telegram/chat", { message, userInfo: { currentPage: "/products", device: "Mobile", browser: "Safari" } });
const plain = (html: string) => {
  const parsed = parseTelegramHtml(html);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.text;
};
const telegramMatching = (fragment: string) => bot.messages.filter((m) => plain(m.text).includes(fragment));

async function rowsOfKind(kind: string) {
  return apps.db.handle.db
    .select()
    .from(notifications)
    .where(eq(notifications.kind, kind))
    .orderBy(desc(notifications.id));
}
async function rowFor(fragment: string) {
  const rows = await apps.db.handle.db.select().from(notifications).orderBy(desc(notifications.id));
  const row = rows.find((r) => r.bodyText.includes(fragment));
  if (!row) throw new Error(`no notification containing ${fragment}`);
  return row;
}

describe("delivery", () => {
  it("delivers a chat forward, an order, each kind of enquiry and a new visitor once, with the right text", async () => {
    startWorker();
    const product = await firstListedInStock(apps);

    expect((await chat('Is the <Dallas> model & the "Austin" in stock?')).statusCode).toBe(202);
    const order = await post("/api/orders", orderBody([{ id: product.id, quantity: 2, price: product.price }]));
    expect(order.statusCode).toBe(201);
    const orderNumber = order.json().orderNumber as string;
    expect(
      (
        await post("/api/contact", {
          firstName: "Ann",
          lastName: "Lee",
          email: "ann@example.com",
          phone: "(210) 555-0123",
          message: "Two bedrooms, near Boerne.",
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post("/api/quote-requests", {
          kind: "quote",
          firstName: "Bo",
          lastName: "Ray",
          email: "bo@example.com",
          productId: product.id,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post("/api/quote-requests", {
          kind: "call",
          firstName: "Cy",
          lastName: "Diaz",
          email: "cy@example.com",
          phone: "210-555-0199",
          preferredTime: "Weekday mornings",
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post("/api/roi", {
          investment: 64649,
          monthlyRent: 275,
          occupancy: 18,
          monthlyExpenses: 200,
          email: "dee@example.com",
        })
      ).statusCode,
    ).toBe(201);
    const visit = await post(
      "/api/visits",
      { path: "/gallery", referrer: "https://www.google.com/" },
      { "user-agent": UA_CHROME_WINDOWS },
    );
    expect(visit.json()).toEqual({ recorded: true, newVisitor: true });

    await until(() => bot.messages.length >= 7 && smtp.messages.length >= 5, "7 Telegram messages and 5 e-mails");
    await outboxIdle(apps.db.handle.db);
    expect(bot.messages).toHaveLength(7);
    expect(smtp.messages).toHaveLength(5);
    for (const m of bot.messages) {
      expect(m.chatId).toBe(CHAT_ID);
      expect(m.parseMode).toBe("HTML");
      expect(m.disableWebPagePreview).toBe(true);
    }

    const one = (fragment: string) => {
      const found = telegramMatching(fragment);
      expect(found, fragment).toHaveLength(1);
      return plain(found[0]!.text);
    };
    const forward = one("Chat message from the website");
    expect(forward).toContain('Is the <Dallas> model & the "Austin" in stock?');
    expect(forward).toContain("Page: /products");
    expect(forward).toContain("Device: Mobile · Safari");
    const staffOrder = one(`New order ${orderNumber}`);
    expect(staffOrder).toContain("Customer: Maria Gonzalez");
    expect(staffOrder).toContain(`${product.name} × 2`);
    expect(staffOrder).toContain("Deliver to: 120 Main St, San Antonio, TX 78205");
    expect(staffOrder).toContain("Payment: USDT (TRC20 network)");
    const total = order.json().totalAmount as number;
    expect(staffOrder).toContain(`Total: $${total.toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
    expect(one("Contact form")).toContain("Message: Two bedrooms, near Boerne.");
    expect(one("Quote request")).toContain(`Product: ${product.name}`);
    expect(one("Call request")).toContain("Preferred time: Weekday mornings");
    expect(one("ROI calculator")).toContain("Email: dee@example.com");
    const visitor = one("New visitor");
    expect(visitor).toContain("Page: /gallery");
    expect(visitor).toContain("Device: Desktop · Chrome");
    expect(visitor).not.toContain("127.0.0.1");
    expect(visitor).toContain("From: https://www.google.com/");

    // Customer e-mail
    const mailTo = (address: string) => {
      const found = smtp.messages.filter((m) => m.to.includes(address));
      expect(found, address).toHaveLength(1);
      return found[0]!;
    };
    const confirmation = mailTo("maria@example.com");
    expect(confirmation.from).toBe("orders@example.test");
    expect(confirmation.subject).toBe(`Your order ${orderNumber}`);
    expect(confirmation.text).toContain(`Order number: ${orderNumber}`);
    expect(confirmation.text).toContain(`${product.name} × 2`);
    expect(confirmation.text).toMatch(/Subtotal: \$[\d,]+\.\d\d/);
    // the pricing engine's figures: each tax line names its rate; delivery by the ZIP's distance band
    expect(confirmation.text).toMatch(/TX sales tax \(6\.25 ?%\): \$[\d,]+\.\d\d/);
    expect(confirmation.text).toContain("Delivery (Up to 100 miles): $1,500.00");
    expect(confirmation.text).toContain("USDT on the TRC20 network only");
    expect(confirmation.text).toContain(apps.env.USDT_WALLET_ADDRESS);
    // the customer's own link: the order's access token, no look-up by e-mail
    expect(confirmation.text).toContain(`http://localhost:3000/order-confirmation?order=${orderNumber}&t=`);
    expect(confirmation.html).toContain("<table");
    expect(confirmation.html).toContain(orderNumber);
    expect(confirmation.html).toContain(`href="http://localhost:3000/order-confirmation?order=${orderNumber}&amp;t=`);
    expect(mailTo("ann@example.com").subject).toBe("We received your message");
    expect(mailTo("ann@example.com").text).toContain("Thank you for your message.");
    expect(mailTo("ann@example.com").text).not.toContain("Two bedrooms, near Boerne.");
    // the catalog's name already has its article ("The Cleveland"): never "the The Cleveland"
    expect(mailTo("bo@example.com").text).toContain(`quote request for ${product.name}.`);
    expect(mailTo("bo@example.com").text).not.toMatch(/the the /i);
    expect(mailTo("cy@example.com").subject).toBe("We received your call request");
    expect(mailTo("dee@example.com").subject).toBe("Your ROI calculation");
    for (const m of smtp.messages) expect(m.html).toContain("<p");
    expect(smtp.auth.at(-1)).toEqual({ username: "mailer", password: "s3cret" });

    // The delivered new-visitor notification marks its visit, and nothing is left to send.
    const [lastVisit] = await apps.db.handle.db.select().from(visits).orderBy(desc(visits.id)).limit(1);
    expect(lastVisit!.telegramNotified).toBe(true);
    const visitors = (await admin("GET", "/api/admin/visitors")).json() as { id: number; telegramNotified: boolean }[];
    expect(visitors.find((v) => v.id === lastVisit!.id)?.telegramNotified).toBe(true);
    const all = await apps.db.handle.db.select().from(notifications);
    expect(all.every((n) => n.status === "sent" && n.attempts === 1 && n.sentAt !== null)).toBe(true);
  });

  it("keeps a long visitor message within Telegram's limit and escaped", async () => {
    startWorker();
    const message = `<b>not bold</b> & ${"very long question ".repeat(250)}`;
    const res = await post("/api/contact", {
      firstName: "Eve",
      lastName: "<Script>",
      email: "eve@example.com",
      message,
    });
    expect(res.statusCode).toBe(201);
    await until(() => telegramMatching("Eve <Script>").length === 1 && smtp.messages.length === 1, "the long enquiry");
    const text = plain(telegramMatching("Eve <Script>")[0]!.text);
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text).toContain("Message: <b>not bold</b> & very long question");
    expect(text.endsWith("… (truncated)")).toBe(true);
    // the acknowledgement quotes none of it (the address is not proven to be the visitor's)
    expect(smtp.messages[0]!.text).not.toContain("very long question");
    expect(smtp.messages[0]!.text).not.toContain("Eve");
  });
});

describe("failures", () => {
  it("loses nothing while Telegram answers 500 or is down and SMTP is down, and delivers once after", async () => {
    const worker = startWorker();
    bot.failAll(500);
    await smtp.down();
    for (const n of [1, 2, 3]) expect((await chat(`outage message ${n}`)).statusCode).toBe(202);
    const product = await firstListedInStock(apps);
    const order = await post(
      "/api/orders",
      orderBody([{ id: product.id, quantity: 1, price: product.price }], { email: "outage@example.com" }),
    );
    expect(order.statusCode).toBe(201);

    await until(() => bot.requests.filter((r) => r.status === 500).length >= 8, "repeated 500 answers");
    await bot.down();
    const retriedBefore = worker.stats.retried;
    await until(() => worker.stats.retried >= retriedBefore + 4, "retries while Telegram is down");
    const waiting = await apps.db.handle.db
      .select()
      .from(notifications)
      .where(inArray(notifications.status, ["pending", "sending"]));
    expect(waiting.length).toBe(5); // 3 forwards, the order for staff, the confirmation

    bot.recover();
    await bot.up();
    await smtp.up();
    await until(() => bot.messages.length >= 4 && smtp.messages.length >= 1, "delivery after recovery");
    await outboxIdle(apps.db.handle.db);
    for (const n of [1, 2, 3]) expect(telegramMatching(`outage message ${n}`)).toHaveLength(1);
    expect(telegramMatching(`New order ${order.json().orderNumber}`)).toHaveLength(1);
    expect(bot.messages).toHaveLength(4);
    expect(smtp.messages.filter((m) => m.to.includes("outage@example.com"))).toHaveLength(1);
    const forwardRow = await rowFor("outage message 1");
    expect(forwardRow.status).toBe("sent");
    expect(forwardRow.attempts).toBeGreaterThan(2);
    expect(forwardRow.lastError).toMatch(/Telegram (500|unreachable)/);
    const [mailRow] = await rowsOfKind("order-confirmation");
    expect(mailRow!.status).toBe("sent");
    expect(mailRow!.attempts).toBeGreaterThan(1);
  });

  it("honours a 429's retry_after before sending anything else to Telegram", async () => {
    const worker = startWorker();
    bot.respondNext({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 1",
        parameters: { retry_after: 1 },
      },
    });
    expect((await chat("rate limited first")).statusCode).toBe(202);
    await until(() => bot.requests.length >= 1, "the 429");
    expect((await chat("rate limited second")).statusCode).toBe(202);
    await until(() => bot.messages.length >= 2, "both messages after the wait");
    await outboxIdle(apps.db.handle.db);
    const limitedAt = bot.requests[0]!.at;
    expect(bot.requests[0]!.status).toBe(429);
    const afterLimit = bot.requests.slice(1);
    expect(afterLimit).toHaveLength(2);
    // Nothing reached Telegram during the requested second.
    for (const r of afterLimit) expect(r.at - limitedAt).toBeGreaterThanOrEqual(1000);
    const first = await rowFor("rate limited first");
    expect(first.status).toBe("sent");
    expect(first.attempts).toBe(1); // being told to wait is not a failed attempt
    expect(first.lastError).toContain("Telegram 429");
    expect(worker.stats.rateLimited).toBe(1);
    expect(telegramMatching("rate limited first")).toHaveLength(1);
  });

  it("fails after the last attempt with the last error; a Retry from the back office delivers it (audited)", async () => {
    startWorker({ maxAttempts: 3 });
    bot.failAll(502, "Bad Gateway");
    expect((await chat("doomed message")).statusCode).toBe(202);
    await until(async () => (await rowFor("doomed message")).status === "failed", "the failed status");
    const failed = await rowFor("doomed message");
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toBe("Telegram 502: Bad Gateway");
    expect(bot.requests.filter((r) => r.status === 502)).toHaveLength(3);

    const list = (await admin("GET", "/api/admin/notifications?status=failed")).json() as {
      id: number;
      status: string;
      retryable: boolean;
      lastError: string;
      attempts: number;
    }[];
    const listed = list.find((n) => n.id === failed.id)!;
    expect(listed).toMatchObject({
      status: "failed",
      retryable: true,
      attempts: 3,
      lastError: "Telegram 502: Bad Gateway",
    });

    bot.recover();
    const retry = await admin("POST", `/api/admin/notifications/${failed.id}/retry`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id: failed.id, status: "pending" });
    await until(() => telegramMatching("doomed message").length === 1, "the retried message");
    await outboxIdle(apps.db.handle.db);
    expect((await rowFor("doomed message")).status).toBe("sent");
    const again = await admin("POST", `/api/admin/notifications/${failed.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("this one is sent");
    const audit = await apps.db.handle.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "notification.retry"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminName: "owner", entityType: "notification", entityId: String(failed.id) });
    expect(audit[0]!.detail).toMatchObject({
      previousStatus: "failed",
      previousAttempts: 3,
      previousError: "Telegram 502: Bad Gateway",
    });
  });

  it("fails at once on a permanent refusal (400) without retrying", async () => {
    startWorker();
    bot.respondNext({ status: 400, body: { ok: false, error_code: 400, description: "Bad Request: chat not found" } });
    expect((await chat("refused message")).statusCode).toBe(202);
    await until(async () => (await rowFor("refused message")).status === "failed", "the failed status");
    const row = await rowFor("refused message");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBe("Telegram 400: Bad Request: chat not found");
    expect(bot.requests).toHaveLength(1);
  });

  it("retries a temporary SMTP refusal (451) and gives up at once on a permanent one (550)", async () => {
    startWorker();
    smtp.refuseNextRecipients(451);
    await post("/api/contact", { firstName: "Fay", lastName: "Moe", email: "fay@example.com", message: "Hi" });
    await until(() => smtp.messages.some((m) => m.to.includes("fay@example.com")), "the retried e-mail");
    smtp.refuseNextRecipients(550);
    await post("/api/contact", { firstName: "Gil", lastName: "Nye", email: "gil@example.com", message: "Hi" });
    await until(
      async () => (await rowsOfKind("enquiry-acknowledgement"))[0]!.status === "failed",
      "the refused e-mail",
    );
    const [refused, retried] = await rowsOfKind("enquiry-acknowledgement");
    expect(refused!.recipient).toBe("gil@example.com");
    expect(refused!.attempts).toBe(1);
    expect(refused!.lastError).toMatch(/^SMTP (550|rejected)/);
    expect(retried!.recipient).toBe("fay@example.com");
    expect(retried!.status).toBe("sent");
    expect(retried!.attempts).toBe(2);
    await outboxIdle(apps.db.handle.db);
  });
});

describe("restarts and concurrency", () => {
  it("takes over a row left 'sending' by a crashed process once its lease has expired", async () => {
    expect((await chat("left by a crash")).statusCode).toBe(202);
    const row = await rowFor("left by a crash");
    // What a process that died after claiming leaves behind.
    await apps.db.handle.db
      .update(notifications)
      .set({ status: "sending", attempts: 1, lockedUntil: new Date(apps.clock.now().getTime() + 60_000) })
      .where(eq(notifications.id, row.id));
    const worker = createOutboxWorker(workerDeps(apps.db.handle.db, apps.env, apps.clock));
    workers.push(worker);
    await worker.drain();
    expect(bot.requests).toHaveLength(0); // the lease still holds
    apps.clock.advance(61_000);
    await worker.drain();
    expect(telegramMatching("left by a crash")).toHaveLength(1);
    const after = await rowFor("left by a crash");
    expect(after).toMatchObject({ status: "sent", attempts: 2, lockedUntil: null });
  });

  it("stops within the grace period while a delivery hangs, and the row is delivered later", async () => {
    // the delivery's own time limit is ten minutes here, so stop() can only return by cancelling it
    // after the grace period (the test's time limit is far below ten minutes)
    const worker = createOutboxWorker(
      workerDeps(apps.db.handle.db, { ...apps.env, NOTIFY_TIMEOUT_MS: 600_000 }, apps.clock),
      { random: () => 0.5, stopGraceMs: 200 },
    );
    workers.push(worker);
    worker.start();
    bot.respondNext({ hang: true });
    expect((await chat("hanging delivery")).statusCode).toBe(202);
    await until(() => bot.hangingCount >= 1, "the hanging request");
    await worker.stop();
    const row = await rowFor("hanging delivery");
    expect(row.status).toBe("pending");
    expect(row.lastError).toContain("Telegram unreachable");
    startWorker();
    await until(() => telegramMatching("hanging delivery").length === 1, "the delivery after restart");
    await outboxIdle(apps.db.handle.db);
  });

  it("two workers over one database deliver each row exactly once", async () => {
    const messages: OutboxMessage[] = [];
    for (let i = 1; i <= 40; i++)
      messages.push({ channel: "telegram", kind: "chat-forward", bodyText: `bulk telegram #${i}` });
    for (let i = 1; i <= 10; i++)
      messages.push({
        channel: "email",
        kind: "enquiry-acknowledgement",
        recipient: `bulk${i}@example.com`,
        subject: `bulk mail #${i}`,
        bodyText: `bulk mail #${i}`,
      });
    await enqueue(apps.db.handle.db, apps.env, messages);
    // PGlite: both workers share the one database handle; PostgreSQL: a second connection pool.
    let second: DatabaseHandle | null = null;
    if (apps.db.url) second = await openDatabase({ url: apps.db.url, maxConnections: 4 });
    try {
      bot.delayMs = 3;
      const a = startWorker({ random: Math.random });
      const b = startWorker({ random: Math.random }, second?.db ?? apps.db.handle.db);
      await until(() => bot.messages.length >= 40 && smtp.messages.length >= 10, "50 deliveries");
      await outboxIdle(apps.db.handle.db);
      const texts = bot.texts();
      expect(texts).toHaveLength(40);
      expect(new Set(texts).size).toBe(40);
      const subjects = smtp.messages.map((m) => m.subject);
      expect(subjects).toHaveLength(10);
      expect(new Set(subjects).size).toBe(10);
      expect(a.stats.sent + b.stats.sent).toBe(50);
      expect(a.stats.sent).toBeGreaterThan(0);
      expect(b.stats.sent).toBeGreaterThan(0);
      expect(a.stats.lostClaims + b.stats.lostClaims).toBe(0);
      figures.duplicates += subjects.length - new Set(subjects).size;
    } finally {
      bot.delayMs = 0;
      for (const w of workers) await w.stop(); // before closing the second pool
      await second?.close();
    }
  });
});

describe("without a channel configured", () => {
  it("stores notifications as unsent, answers the visitor as usual, and refuses a Retry with a clear message", async () => {
    const env = testEnv({ SMTP_URL: smtp.url });
    const storefront = await buildApp({
      surface: "storefront",
      db: apps.db.handle.db,
      env,
      clock: apps.clock,
      spa: false,
    });
    const backoffice = await buildApp({
      surface: "backoffice",
      db: apps.db.handle.db,
      env,
      clock: apps.clock,
      spa: false,
    });
    try {
      const res = await storefront.inject({
        method: "POST",
        url: "/api/telegram/chat",
        payload: { message: "no bot configured", userInfo: { currentPage: "/", device: "Desktop", browser: "Chrome" } },
      });
      expect(res.statusCode).toBe(202);
      const row = await rowFor("no bot configured");
      expect(row.status).toBe("unsent");
      expect(row.attempts).toBe(0);
      const retry = await backoffice.inject({
        method: "POST",
        url: `/api/admin/notifications/${row.id}/retry`,
        headers: { cookie },
      });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toBe(
        "Telegram is not configured: set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID on the server, then retry.",
      );
      const listed = (
        await backoffice.inject({ method: "GET", url: "/api/admin/notifications", headers: { cookie } })
      ).json() as {
        id: number;
        retryable: boolean;
      }[];
      expect(listed.find((n) => n.id === row.id)?.retryable).toBe(false);
      // With the channel configured (the main app), the same row can be retried and is delivered.
      startWorker();
      expect((await admin("POST", `/api/admin/notifications/${row.id}/retry`)).statusCode).toBe(200);
      await until(() => telegramMatching("no bot configured").length === 1, "the delivery after configuration");
      await outboxIdle(apps.db.handle.db);
    } finally {
      await storefront.close();
      await backoffice.close();
    }
  });
});

describe("back-office access", () => {
  it("answers 401 on every notifications path without a session, and shows a chat forward in full", async () => {
    const id = (await rowFor("Is the &lt;Dallas&gt;")).id;
    for (const [method, url] of [
      ["GET", "/api/admin/notifications"],
      ["GET", "/api/admin/notifications/summary"],
      ["GET", `/api/admin/notifications/${id}`],
      ["POST", `/api/admin/notifications/${id}/retry`],
    ] as const) {
      expect((await admin(method, url, false)).statusCode, `${method} ${url}`).toBe(401);
    }
    const trpc = await apps.backoffice.inject({ method: "GET", url: "/api/trpc/notifications.list" });
    expect(trpc.statusCode).toBe(401);

    const detail = (await admin("GET", `/api/admin/notifications/${id}`)).json();
    expect(detail.kind).toBe("chat-forward");
    expect(detail.text).toContain('Is the <Dallas> model & the "Austin" in stock?');
    expect(detail.chatForward).toMatchObject({
      message: 'Is the <Dallas> model & the "Austin" in stock?',
      currentPage: "/products",
      device: "Mobile",
      browser: "Safari",
    });
    const summary = (await admin("GET", "/api/admin/notifications/summary")).json();
    expect(summary.channels).toEqual({ telegram: true, email: true });
    expect(summary.byStatus.sent).toBeGreaterThan(10);
    const viaTrpc = await apps.backoffice.inject({
      method: "GET",
      url: `/api/trpc/notifications.get?input=${encodeURIComponent(JSON.stringify({ id }))}`,
      headers: { cookie },
    });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data.chatForward.message).toContain("<Dallas>");
  });
});
