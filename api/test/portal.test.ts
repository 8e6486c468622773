// The customer's portal, first part (issue 26 item 1 and the lists of item 2): sign-in by an e-mailed
// single-use link, a session cookie of the storefront's origin, and only the customer's own projects.
// Two customers: each sees their own order and gets 404 for the other's. PGlite, and PostgreSQL with
// DATABASE_URL.
import { money } from "@ch/contracts/money";
import { PORTAL_COOKIE } from "@ch/contracts/portal";
import { schema } from "@ch/db";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PORTAL_SIGN_IN_MESSAGE, purgePortalTokens } from "../src/modules/portal/portal.service";
import { firstProductOnSale, signedInCookie, type TestApps, useSignedInApps } from "./harness";
import { placeOrderOf } from "./order-fixtures";
import { portalGet, portalLinksTo, portalPost, portalSignIn } from "./portal-session";
import { staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;

useSignedInApps({ env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000 }, (signedIn) => {
  ({ apps, cookie } = signedIn);
});

const ANA = "ana.portal@example.com";
const BEN = "ben.portal@example.com";
let anaOrder: string;
let benOrder: string;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  portalPost(apps, url, payload, headers);
const get = (url: string, session?: string) => portalGet(apps, url, session);
const linksTo = (email: string) => portalLinksTo(apps, email);
const signIn = (email: string) => portalSignIn(apps, email);

beforeAll(async () => {
  const product = await firstProductOnSale(apps);
  anaOrder = (await placeOrderOf(apps, product, { email: ANA, paymentMethod: "bank-transfer" })).receipt.orderNumber;
  benOrder = (await placeOrderOf(apps, product, { email: BEN, paymentMethod: "bank-transfer" })).receipt.orderNumber;
});

describe("sign-in by e-mailed link", () => {
  it("answers 202 with the same body for any address, and e-mails a link only to one with projects", async () => {
    const unknown = await post("/api/portal/sign-in", { email: "nobody@example.com" });
    const known = await post("/api/portal/sign-in", { email: ANA.toUpperCase() });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ ok: true, message: PORTAL_SIGN_IN_MESSAGE });
    expect(await linksTo("nobody@example.com")).toEqual([]);
    expect(await linksTo(ANA)).toHaveLength(1);
    const bad = await post("/api/portal/sign-in", { email: "not-an-address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(["email"]);
  });

  it("signs the browser in once per link, with an httpOnly SameSite=Lax cookie; a newer link ends the older", async () => {
    expect((await post("/api/portal/sign-in", { email: BEN })).statusCode).toBe(202);
    expect((await post("/api/portal/sign-in", { email: BEN })).statusCode).toBe(202);
    const [newer, older] = await linksTo(BEN);
    const replaced = await post("/api/portal/session", { token: older });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().issues[0].path).toEqual(["token"]);
    const opened = await post("/api/portal/session", { token: newer });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toEqual({ ok: true, email: BEN });
    const set = String(opened.headers["set-cookie"]);
    expect(set).toMatch(/^ch_portal=[A-Za-z0-9_-]{43};/);
    expect(set).toContain("HttpOnly");
    expect(set).toContain("SameSite=Lax");
    expect(set).toContain("Path=/");
    expect(set).toContain(`Max-Age=${30 * 86_400}`);
    expect((await post("/api/portal/session", { token: newer })).statusCode).toBe(400);
    expect((await post("/api/portal/session", { token: "short" })).statusCode).toBe(400);
  });

  it("refuses a link after its 15 minutes", async () => {
    expect((await post("/api/portal/sign-in", { email: ANA })).statusCode).toBe(202);
    const [token] = await linksTo(ANA);
    apps.clock.advance(15 * 60_000 + 1);
    expect((await post("/api/portal/session", { token })).statusCode).toBe(400);
  });

  it("e-mails a mailbox at most 3 links an hour, answering the same", async () => {
    const email = "carla.portal@example.com";
    await placeOrderOf(apps, await firstProductOnSale(apps), { email, paymentMethod: "bank-transfer" });
    for (let i = 0; i < 5; i++) expect((await post("/api/portal/sign-in", { email })).statusCode).toBe(202);
    expect(await linksTo(email)).toHaveLength(3);
  });
});

describe("the customer's projects", () => {
  let ana: string;
  let ben: string;
  beforeAll(async () => {
    ana = await signIn(ANA);
    ben = await signIn(BEN);
  });

  it("lists only the signed-in customer's orders, with total, paid and outstanding in the money form", async () => {
    const res = await get("/api/portal/projects", ana);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const body = res.json() as { email: string; projects: { orderNumber: string; total: unknown; paid: unknown }[] };
    expect(body.email).toBe(ANA);
    expect(body.projects.map((p) => p.orderNumber)).toEqual([anaOrder]);
    const [order] = await apps.db.handle.db
      .select({ totalCents: schema.orders.totalCents })
      .from(schema.orders)
      .where(eq(schema.orders.orderNumber, anaOrder));
    expect(body.projects[0]).toMatchObject({
      total: money(order!.totalCents),
      paid: money(0),
      outstanding: money(order!.totalCents),
    });
    expect(((await get("/api/portal/projects", ben)).json() as typeof body).projects.map((p) => p.orderNumber)).toEqual(
      [benOrder],
    );
  });

  it("shows one project with its receipt; another customer's order is 404, as if it did not exist", async () => {
    const own = await get(`/api/portal/projects/${anaOrder}`, ana);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ orderNumber: anaOrder, receipt: { orderNumber: anaOrder, email: ANA } });
    const other = await get(`/api/portal/projects/${benOrder}`, ana);
    expect(other.statusCode).toBe(404);
    const none = await get("/api/portal/projects/CH-2026-999999", ana);
    expect(none.statusCode).toBe(404);
    expect(other.json().code).toBe(none.json().code);
    expect((await get("/api/portal/projects/not a number", ana)).statusCode).toBe(400);
  });

  it("answers 401 without a session, with a forged one, and after sign-out", async () => {
    expect((await get("/api/portal/projects")).statusCode).toBe(401);
    expect((await get("/api/portal/projects", "A".repeat(43))).statusCode).toBe(401);
    apps.clock.advance(3_600_000); // past the mailbox's hourly limit of links
    const session = await signIn(ANA);
    expect((await get("/api/portal/projects", session)).statusCode).toBe(200);
    const out = await post("/api/portal/sign-out", {}, { cookie: `${PORTAL_COOKIE}=${session}` });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/ch_portal=;/);
    expect((await get("/api/portal/projects", session)).statusCode).toBe(401);
    // the other session of the same customer is not ended by it
    expect((await get("/api/portal/projects", ana)).statusCode).toBe(200);
  });

  it("is never valid on the back office: no portal path there, and no admin access with its cookie", async () => {
    const portalThere = await apps.backoffice.inject({
      method: "GET",
      url: "/api/portal/projects",
      headers: { cookie: `${PORTAL_COOKIE}=${ana}` },
    });
    expect(portalThere.statusCode).toBe(404);
    const adminWithIt = await apps.backoffice.inject({
      method: "GET",
      url: "/api/admin/orders",
      headers: { cookie: `${PORTAL_COOKIE}=${ana}` },
    });
    expect(adminWithIt.statusCode).toBe(401);
    expect(cookie).not.toContain(PORTAL_COOKIE);
  });
});

describe("the portal's writes come from the storefront's own pages", () => {
  it("refuses a cross-site or cross-origin POST with 403 (REST and tRPC)", async () => {
    for (const url of ["/api/portal/session", "/api/trpc/portal.session"]) {
      const crossSite = await apps.storefront.inject({
        method: "POST",
        url,
        payload: { token: "A".repeat(43) },
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(crossSite.statusCode, url).toBe(403);
      const otherOrigin = await apps.storefront.inject({
        method: "POST",
        url,
        payload: { token: "A".repeat(43) },
        headers: { origin: "https://evil.example" },
      });
      expect(otherOrigin.statusCode, url).toBe(403);
    }
  });
});

describe("housekeeping", () => {
  it("deletes links and sessions past their end, and those spent a day ago; a live session stays", async () => {
    const { db } = apps.db.handle;
    const live = await signIn(BEN);
    const before = await db.select().from(schema.portalTokens);
    expect(before.some((t) => t.kind === "link" && t.usedAt !== null)).toBe(true);
    apps.clock.advance(86_400_000 + 1);
    await purgePortalTokens({ db, clock: apps.clock });
    const after = await db.select().from(schema.portalTokens);
    expect(after.every((t) => t.usedAt === null && t.expiresAt > apps.clock.now())).toBe(true);
    expect((await get("/api/portal/projects", live)).statusCode).toBe(200);
  });
});

describe("a project's messages", () => {
  it("goes each way: the team hears of the customer's by Telegram and e-mail, the customer of the team's by e-mail", async () => {
    const { db } = apps.db.handle;
    apps.clock.advance(3_600_000); // a fresh hour of links for the mailbox
    const ana = await signIn(ANA);
    const cookie = await signedInCookie(apps); // the clock has moved past the first staff session's life
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.orderNumber, anaOrder));
    const thread = `/api/portal/projects/${anaOrder}/messages`;
    const sent = await post(
      thread,
      { body: "When will the site survey happen?" },
      { cookie: `${PORTAL_COOKIE}=${ana}` },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      author: "customer",
      authorName: `${order!.firstName} ${order!.lastName}`,
      readAt: null,
    });
    const told = await db
      .select({ kind: schema.notifications.kind, channel: schema.notifications.channel })
      .from(schema.notifications)
      .where(eq(schema.notifications.entityId, order!.id));
    expect(told).toEqual(
      expect.arrayContaining([
        { kind: "order-message", channel: "telegram" },
        { kind: "order-message-staff", channel: "email" },
      ]),
    );

    // staff read it (marked read) and answer; the customer's unread count shows it until they read it
    const staffThread = `/api/admin/orders/${order!.id}/messages`;
    const staffRead = await staffRequest(apps, cookie, "GET", staffThread);
    expect(staffRead.statusCode, staffRead.body).toBe(200);
    expect(staffRead.json()).toMatchObject({ unread: 1, messages: [{ body: "When will the site survey happen?" }] });
    expect((await staffRequest(apps, cookie, "GET", staffThread)).json()).toMatchObject({ unread: 0 });
    const answer = await staffRequest(apps, cookie, "POST", staffThread, { body: "Next Tuesday at 9 am." });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ author: "staff", authorName: "owner" });
    const [mail] = await db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.kind, "order-message-customer"));
    expect(mail).toMatchObject({ recipient: ANA });
    expect(mail!.bodyText).toContain(`/portal/${anaOrder}`);
    const listed = (await get("/api/portal/projects", ana)).json() as { projects: { unreadMessages: number }[] };
    expect(listed.projects[0]!.unreadMessages).toBe(1);
    const customerRead = (await get(thread, ana)).json() as { unread: number; messages: { readAt: string | null }[] };
    expect(customerRead.unread).toBe(1);
    expect(customerRead.messages.map((m) => m.readAt !== null)).toEqual([true, true]);
    expect(((await get("/api/portal/projects", ana)).json() as typeof listed).projects[0]!.unreadMessages).toBe(0);
  });

  it("refuses another customer's thread (404), an empty message (400) and no session (401); nothing is stored", async () => {
    const { db } = apps.db.handle;
    apps.clock.advance(3_600_000);
    const ben = await signIn(BEN);
    const cookie = await signedInCookie(apps);
    const before = (await db.select().from(schema.orderMessages)).length;
    const other = await post(
      `/api/portal/projects/${anaOrder}/messages`,
      { body: "Hi" },
      { cookie: `${PORTAL_COOKIE}=${ben}` },
    );
    expect(other.statusCode).toBe(404);
    expect((await get(`/api/portal/projects/${anaOrder}/messages`, ben)).statusCode).toBe(404);
    const empty = await post(
      `/api/portal/projects/${benOrder}/messages`,
      { body: "  " },
      { cookie: `${PORTAL_COOKIE}=${ben}` },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0].path).toEqual(["body"]);
    expect((await post(`/api/portal/projects/${benOrder}/messages`, { body: "Hi" })).statusCode).toBe(401);
    expect(
      (await staffRequest(apps, cookie, "POST", "/api/admin/orders/999999/messages", { body: "x" })).statusCode,
    ).toBe(404);
    expect((await db.select().from(schema.orderMessages)).length).toBe(before);
  });
});
