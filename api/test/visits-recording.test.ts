// Visitor tracking: what is recorded for a page view, who is not counted, when a visitor is new,
// the client address behind a proxy, and retention. (How a visitor is hashed: visitor-hash.test.ts.)
import { schema } from "@ch/db";
import { and, asc, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { runHousekeeping } from "../src/jobs";
import { detectBrowser, detectDevice, isBot } from "../src/modules/visits/user-agent";
import { utcDay, visitorHash } from "../src/modules/visits/visitor-hash";
import { deleteOldVisits } from "../src/modules/visits/visits.service";
import { signedInCookie, startTestApps, type TestApps, testEnv } from "./harness";
import { workerDeps } from "./notifications-fakes";

const { visits, notifications, visitorSalts } = schema;
const DAY = 86_400_000;

const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
  edgeAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.80",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
  firefoxIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  chromeAndroidPhone:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  chromeAndroidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  samsung:
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  opera:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0",
  cubotPhone:
    "Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  duckDuckGoApp:
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile DuckDuckGo/5 Safari/537.36",
  kindle:
    "Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/126.4.1 like Chrome/126.0.0.0 Safari/537.36",
  // a real Moto G Power (2022): its in-app browser (WebView) and a Chrome from before the user-agent reduction
  motoWebView:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022) Build/RRQS31.Q3-68-16-2; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36",
  motoOldChrome:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/108.0.5359.128 Mobile Safari/537.36",
};

/** What Lighthouse 12 sends (CLI, Node, DevTools; as `npm run bench` runs it): its emulated phone, no "Chrome-Lighthouse". */
const LIGHTHOUSE_MOBILE =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
/** PageSpeed Insights' Lighthouse still says so. */
const LIGHTHOUSE_PSI =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse";
const GOOGLEBOT =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const BOTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  "DuckDuckBot-Https/1.1; (+https://duckduckgo.com/duckduckbot)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Twitterbot/1.0",
  "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "TelegramBot (like TwitterBot)",
  "WhatsApp/2.23.20.0",
  "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
  "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)",
  "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Chrome-Lighthouse",
  LIGHTHOUSE_MOBILE,
  LIGHTHOUSE_PSI,
  "Mozilla/5.0 (Linux; Android 7.0; Moto G (4)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/84.0.4143.7 Mobile Safari/537.36 Chrome-Lighthouse",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/136.0.0.0 Safari/537.36",
  "curl/8.5.0",
  "Wget/1.21.4",
  "python-requests/2.32.3",
  "Go-http-client/1.1",
  "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
  "axios/1.7.2",
  "UptimeRobot/2.0 (http://www.uptimerobot.com/)",
  "",
  "   ",
];

describe("user-agent rules", () => {
  it.each(
    Object.entries({
      Desktop: [UA.chromeWindows, UA.safariMac],
      Mobile: [UA.safariIphone, UA.chromeAndroidPhone, UA.samsung],
      Tablet: [UA.safariIpad, UA.chromeAndroidTablet, UA.kindle],
    }),
  )("detects the device type %s", (device, agents) => {
    for (const ua of agents) expect(detectDevice(ua), ua).toBe(device);
  });

  // including those that also say Chrome or Safari
  it.each(
    Object.entries({
      Chrome: [UA.chromeWindows, UA.chromeIos, UA.chromeAndroidPhone],
      Edge: [UA.edgeWindows, UA.edgeAndroid],
      Firefox: [UA.firefoxMac, UA.firefoxIos],
      Safari: [UA.safariMac, UA.safariIphone],
      "Samsung Internet": [UA.samsung],
      Opera: [UA.opera],
      Unknown: ["SomethingElse/1.0"],
    }),
  )("detects the browser %s", (browser, agents) => {
    for (const ua of agents) expect(detectBrowser(ua), ua).toBe(browser);
  });

  it("excludes crawlers, preview fetchers, monitors, headless browsers and scripts, but not people", () => {
    for (const ua of BOTS) expect(isBot(ua), ua).toBe(true);
    expect(isBot(undefined)).toBe(true);
    for (const [name, ua] of Object.entries(UA)) expect(isBot(ua), name).toBe(false);
  });
});

describe("recording visits", () => {
  let apps: TestApps;
  let behindProxy: FastifyInstance;
  beforeAll(async () => {
    apps = await startTestApps({ env: { TELEGRAM_BOT_TOKEN: "1:x", TELEGRAM_CHAT_ID: "-1" } });
    behindProxy = await buildApp({
      surface: "storefront",
      db: apps.db.handle.db,
      env: testEnv({ TELEGRAM_BOT_TOKEN: "1:x", TELEGRAM_CHAT_ID: "-1", TRUST_PROXY: "1" }),
      clock: apps.clock,
      spa: false,
    });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await apps?.close();
  });

  const visit = (
    payload: { path: string; referrer?: string | null },
    headers: Record<string, string>,
    app: FastifyInstance = apps.storefront,
  ) => app.inject({ method: "POST", url: "/api/visits", payload, headers });
  const lastVisit = async () => (await apps.db.handle.db.select().from(visits).orderBy(desc(visits.id)).limit(1))[0]!;
  /** The hash a view from this address and browser gets today. */
  const hashOf = async (ip: string, userAgent: string) => {
    const [today] = await apps.db.handle.db
      .select()
      .from(visitorSalts)
      .where(eq(visitorSalts.day, utcDay(apps.clock.now())));
    return visitorHash(today!.salt, ip, userAgent);
  };
  const visitorNotifications = () =>
    apps.db.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "new-visitor"))
      .orderBy(asc(notifications.id));

  it("records path, device, browser, visitor hash, referrer and time (no address); drops the query string", async () => {
    const res = await visit(
      { path: "/products/40ft-homes?utm_source=mail&email=a@b.co#top", referrer: "https://www.google.com/" },
      { "user-agent": UA.safariIphone },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ recorded: true, newVisitor: true });
    const row = await lastVisit();
    expect(row).toMatchObject({
      path: "/products/40ft-homes",
      deviceType: "Mobile",
      browser: "Safari",
      visitorHash: await hashOf("127.0.0.1", UA.safariIphone),
      referrer: "https://www.google.com/",
      isNewVisitor: true,
      telegramNotified: false,
    });
    expect(row).not.toHaveProperty("ipAddress");
    expect(Math.abs(row.createdAt.getTime() - apps.clock.now().getTime())).toBeLessThan(5000);
    const direct = await visit({ path: "/about" }, { "user-agent": UA.safariIphone });
    expect(direct.json()).toEqual({ recorded: true, newVisitor: false });
    expect((await lastVisit()).referrer).toBeNull();
  });

  it("does not count bots and crawlers", async () => {
    const before = (await apps.db.handle.db.select({ id: visits.id }).from(visits)).length;
    for (const ua of [BOTS[0]!, BOTS[2]!, "curl/8.5.0"]) {
      const res = await visit({ path: "/" }, { "user-agent": ua });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ recorded: false, newVisitor: false });
    }
    const noAgent = await visit({ path: "/" }, { "user-agent": "" });
    expect(noAgent.json()).toEqual({ recorded: false, newVisitor: false });
    expect((await apps.db.handle.db.select({ id: visits.id }).from(visits)).length).toBe(before);
  });

  it("Lighthouse and Googlebot are not recorded and count in no visitor figure; a phone's Chrome is", async () => {
    const cookie = await signedInCookie(apps);
    const stats = async () =>
      (
        await apps.backoffice.inject({ method: "GET", url: "/api/admin/visitor-stats", headers: { cookie } })
      ).json() as { totalVisits: number; uniqueVisitors: number; topDevices: { device: string; count: number }[] };
    const mobile = (s: Awaited<ReturnType<typeof stats>>) =>
      s.topDevices.find((d) => d.device === "Mobile")?.count ?? 0;
    const before = await stats();
    const rowsBefore = (await apps.db.handle.db.select({ id: visits.id }).from(visits)).length;
    // a Lighthouse run reports each of its pages, as the bench's mobile runs do
    for (const ua of [LIGHTHOUSE_MOBILE, LIGHTHOUSE_PSI, GOOGLEBOT]) {
      for (const path of ["/", "/products", "/product/1", "/blog", "/contact", "/about"]) {
        const res = await visit({ path }, { "user-agent": ua, "x-forwarded-for": "192.0.2.200" }, behindProxy);
        expect(res.statusCode).toBe(202);
        expect(res.json(), ua).toEqual({ recorded: false, newVisitor: false });
      }
    }
    expect((await apps.db.handle.db.select({ id: visits.id }).from(visits)).length).toBe(rowsBefore);
    const unchanged = await stats();
    expect(unchanged).toMatchObject({ totalVisits: before.totalVisits, uniqueVisitors: before.uniqueVisitors });
    expect(mobile(unchanged)).toBe(mobile(before));

    const phone = await visit(
      { path: "/" },
      { "user-agent": UA.chromeAndroidPhone, "x-forwarded-for": "192.0.2.201" },
      behindProxy,
    );
    expect(phone.json()).toEqual({ recorded: true, newVisitor: true });
    expect(await lastVisit()).toMatchObject({ deviceType: "Mobile", browser: "Chrome", isNewVisitor: true });
    const after = await stats();
    expect(after.totalVisits).toBe(before.totalVisits + 1);
    expect(after.uniqueVisitors).toBe(before.uniqueVisitors + 1);
    expect(mobile(after)).toBe(mobile(before) + 1);
  });

  it("takes the client address from X-Forwarded-For only when TRUST_PROXY says so", async () => {
    const headers = { "user-agent": UA.firefoxMac, "x-forwarded-for": "203.0.113.50" };
    const trusted = await visit({ path: "/gallery" }, headers, behindProxy);
    expect(trusted.json()).toEqual({ recorded: true, newVisitor: true });
    const proxied = await hashOf("203.0.113.50", UA.firefoxMac);
    expect((await lastVisit()).visitorHash).toBe(proxied);
    // One trusted hop: the address the proxy saw is the last one, not a value the client put first.
    const spoofed = await visit(
      { path: "/gallery" },
      { ...headers, "x-forwarded-for": "198.51.100.1, 203.0.113.50" },
      behindProxy,
    );
    expect(spoofed.json()).toEqual({ recorded: true, newVisitor: false });
    expect((await lastVisit()).visitorHash).toBe(proxied);
    // Without TRUST_PROXY the header is ignored.
    const ignored = await visit({ path: "/gallery" }, { ...headers, "x-forwarded-for": "192.0.2.99" });
    expect(ignored.json().recorded).toBe(true);
    expect((await lastVisit()).visitorHash).toBe(await hashOf("127.0.0.1", UA.firefoxMac));
  });

  it("a visitor is new at its first view of each UTC day, and only new visitors are announced", async () => {
    const headers = { "user-agent": UA.chromeWindows, "x-forwarded-for": "198.51.100.77" };
    const view = async (path: string, h: Record<string, string> = headers) => {
      const res = await visit({ path }, h, behindProxy);
      return { newVisitor: res.json().newVisitor as boolean, row: await lastVisit() };
    };
    const now = apps.clock.now().getTime();
    apps.clock.advance(DAY - (now % DAY) + 60_000); // 00:01 UTC of the next day
    const announcedBefore = (await visitorNotifications()).length;
    const first = await view("/");
    expect(first.newVisitor).toBe(true);
    apps.clock.advance(23 * 3600_000); // 23:01, same day
    const later = await view("/blog");
    expect(later.newVisitor).toBe(false);
    expect(later.row.visitorHash).toBe(first.row.visitorHash);
    // another address in between is its own new visitor
    expect((await view("/", { ...headers, "x-forwarded-for": "198.51.100.78" })).newVisitor).toBe(true);
    // one hour later it is the next day: the same device is a new visitor with a new hash
    apps.clock.advance(3600_000);
    const nextDay = await view("/contact");
    expect(nextDay.newVisitor).toBe(true);
    expect(nextDay.row.visitorHash).not.toBe(first.row.visitorHash);
    const announced = (await visitorNotifications()).slice(announcedBefore);
    expect(announced).toHaveLength(3);
    expect(announced.map((n) => n.status)).toEqual(["pending", "pending", "pending"]);
    expect(announced.map((n) => n.entityId)).toContain(first.row.id);
    expect(announced.map((n) => n.entityId)).toContain(nextDay.row.id);
    expect(announced.map((n) => n.entityId)).not.toContain(later.row.id);
    expect([first, later, nextDay].map((v) => v.row.isNewVisitor)).toEqual([true, false, true]);
    for (const n of announced) expect(n.bodyText).not.toMatch(/198\.51\.100\.7/);
  });

  it("counts one new visitor when the first views of an address arrive together", async () => {
    const headers = { "user-agent": UA.chromeWindows, "x-forwarded-for": "198.51.100.200" };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => visit({ path: `/p${i}` }, headers, behindProxy)),
    );
    expect(answers.filter((a) => a.json().newVisitor)).toHaveLength(1);
  });

  it("deletes records older than VISIT_RETENTION_DAYS (default 180) in the background job", async () => {
    expect(apps.env.VISIT_RETENTION_DAYS).toBe(180);
    const headers = { "user-agent": UA.firefoxMac, "x-forwarded-for": "192.0.2.10" };
    expect((await visit({ path: "/old" }, headers, behindProxy)).statusCode).toBe(202);
    const old = await lastVisit();
    apps.clock.advance(100 * DAY);
    expect((await visit({ path: "/recent" }, headers, behindProxy)).statusCode).toBe(202);
    const recent = await lastVisit();
    apps.clock.advance(80 * DAY + 60_000); // the first is now 180 days and a minute old, the second 80 days
    // its new-visitor notification has been sent by now
    await apps.db.handle.db
      .update(notifications)
      .set({ status: "sent" })
      .where(and(eq(notifications.entityType, "visit"), eq(notifications.entityId, old.id)));
    const before = await apps.db.handle.db.select({ id: visits.id }).from(visits);
    await runHousekeeping(workerDeps(apps.db.handle.db, apps.env, apps.clock));
    const after = await apps.db.handle.db.select({ id: visits.id }).from(visits);
    const ids = new Set(after.map((v) => v.id));
    expect(ids.has(old.id)).toBe(false);
    expect(ids.has(recent.id)).toBe(true);
    // everything recorded before the /old view is older still and is gone too
    expect(after.every((v) => v.id >= recent.id)).toBe(true);
    expect(after.length).toBeLessThan(before.length);
    const announcements = await apps.db.handle.db
      .select({ entityId: notifications.entityId })
      .from(notifications)
      .where(eq(notifications.entityType, "visit"));
    expect(announcements.some((n) => n.entityId === old.id)).toBe(false);
    // 100 days later the same device was a new visitor again; that announcement stays with its visit
    expect(announcements.some((n) => n.entityId === recent.id)).toBe(true);
    // a shorter retention applies at once
    const shorter = workerDeps(apps.db.handle.db, testEnv({ VISIT_RETENTION_DAYS: "30" }), apps.clock);
    expect(await deleteOldVisits(shorter)).toBeGreaterThanOrEqual(1);
    expect(
      (await apps.db.handle.db.select({ id: visits.id }).from(visits).where(eq(visits.id, recent.id))).length,
    ).toBe(0);
  });
});
