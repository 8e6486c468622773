// A visitor is one device per day: a salted hash of address + user agent, the salt kept for one UTC day.
// No table, admin answer or export holds the client address; bots are not counted.
import { rowsOf, schema } from "@ch/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runHousekeeping } from "../src/jobs";
import { dailySalt, normalizeIp, utcDay, visitorHash } from "../src/modules/visits/visitor-hash";
import { visitorStats } from "../src/modules/visits/visits.service";
import { signedInCookie, startTestApps, type TestApps } from "./harness";
import { workerDeps } from "./notifications-fakes";

const { visitorSalts } = schema;
const DAY = 86_400_000;
const ADDRESS = "203.0.113.99";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0";

describe("visitorHash", () => {
  it("is the same for the same salt, address and user agent, and differs when any of them differs", () => {
    const h = visitorHash("salt-a", ADDRESS, CHROME);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain(ADDRESS);
    expect(visitorHash("salt-a", ADDRESS, CHROME)).toBe(h);
    expect(visitorHash("salt-b", ADDRESS, CHROME)).not.toBe(h);
    expect(visitorHash("salt-a", "203.0.113.98", CHROME)).not.toBe(h);
    expect(visitorHash("salt-a", ADDRESS, FIREFOX)).not.toBe(h);
    // an IPv4 client on a dual-stack socket is the same visitor
    expect(visitorHash("salt-a", `::ffff:${ADDRESS}`, CHROME)).toBe(h);
    expect(normalizeIp("2001:DB8::1")).toBe("2001:db8::1");
  });
});

describe("counting visitors", () => {
  let apps: TestApps;
  beforeAll(async () => {
    apps = await startTestApps();
    // start at 00:01 UTC so the views below fall on one day
    const now = apps.clock.now().getTime();
    apps.clock.advance(DAY - (now % DAY) + 60_000);
  });
  afterAll(async () => {
    await apps?.close();
  });

  const db = () => apps.db.handle.db;
  const view = async (userAgent: string, path = "/", remoteAddress = ADDRESS) => {
    const res = await apps.storefront.inject({
      method: "POST",
      url: "/api/visits",
      payload: { path },
      headers: { "user-agent": userAgent },
      remoteAddress,
    });
    expect(res.statusCode).toBe(202);
    return res.json() as { recorded: boolean; newVisitor: boolean };
  };
  const salts = () => db().select().from(visitorSalts);
  const hashes = async () =>
    rowsOf<{ visitor_hash: string }>(await db().execute(sql`select visitor_hash from visits order by id`)).map(
      (r) => r.visitor_hash,
    );

  it("same address and browser on one day is one visitor; another browser is another", async () => {
    expect(await view(CHROME, "/")).toEqual({ recorded: true, newVisitor: true });
    apps.clock.advance(12 * 3600_000);
    expect(await view(CHROME, "/products")).toEqual({ recorded: true, newVisitor: false });
    expect(await visitorStats(db())).toMatchObject({ totalVisits: 2, uniqueVisitors: 1 });
    expect(await view(FIREFOX, "/")).toEqual({ recorded: true, newVisitor: true });
    expect(await visitorStats(db())).toMatchObject({ totalVisits: 3, uniqueVisitors: 2 });
    const [today] = await salts();
    expect(await salts()).toHaveLength(1);
    expect(today!.day).toBe(utcDay(apps.clock.now()));
    expect(await hashes()).toEqual([
      visitorHash(today!.salt, ADDRESS, CHROME),
      visitorHash(today!.salt, ADDRESS, CHROME),
      visitorHash(today!.salt, ADDRESS, FIREFOX),
    ]);
  });

  it("the next day the same device is a new visitor under a new salt, and yesterday's salt is deleted", async () => {
    const [yesterday] = await salts();
    apps.clock.advance(DAY);
    expect(await view(CHROME, "/blog")).toEqual({ recorded: true, newVisitor: true });
    const now = await salts();
    expect(now).toHaveLength(1);
    expect(now[0]!.day).toBe(utcDay(apps.clock.now()));
    expect(now[0]!.salt).not.toBe(yesterday!.salt);
    const all = await hashes();
    expect(all.at(-1)).toBe(visitorHash(now[0]!.salt, ADDRESS, CHROME));
    expect(all.at(-1)).not.toBe(all[0]);
    expect(await visitorStats(db())).toMatchObject({ totalVisits: 4, uniqueVisitors: 3 });
  });

  it("housekeeping deletes a past day's salt even when no one visits the next day", async () => {
    apps.clock.advance(DAY);
    await runHousekeeping(workerDeps(db(), apps.env, apps.clock));
    expect(await salts()).toEqual([]);
  });

  it("processes asking for a new day's salt at once all get the one salt the database kept", async () => {
    const day = new Date(apps.clock.now().getTime() + DAY);
    const answers = await Promise.all([dailySalt(db(), day), dailySalt(db(), day), dailySalt(db(), day)]);
    expect(new Set(answers).size).toBe(1);
    expect(await salts()).toEqual([{ day: utcDay(day), salt: answers[0] }]);
  });

  it("does not count Googlebot, curl or other scripts and crawlers", async () => {
    const before = (await visitorStats(db())).totalVisits;
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "curl/8.5.0",
      "Wget/1.21.4",
      "python-requests/2.32.3",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
    ]) {
      expect(await view(ua)).toEqual({ recorded: false, newVisitor: false });
    }
    expect((await visitorStats(db())).totalVisits).toBe(before);
  });

  it("no table (rate-limit keys aside), admin answer or export holds the client address", async () => {
    const columns = rowsOf<{ column_name: string }>(
      await db().execute(
        sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = 'visits'`,
      ),
    ).map((c) => c.column_name);
    expect(columns).toContain("visitor_hash");
    expect(columns.filter((c) => /ip|addr/i.test(c))).toEqual([]);

    const tables = rowsOf<{ table_name: string }>(
      await db().execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    ).map((t) => t.table_name);
    expect(tables).toContain("visits");
    for (const table of tables.filter((t) => t !== "rate_limits")) {
      const [hit] = rowsOf<{ n: number }>(
        await db().execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text like ${`%${ADDRESS}%`}`,
        ),
      );
      expect(hit?.n, table).toBe(0);
    }

    const cookie = await signedInCookie(apps);
    for (const url of [
      "/api/admin/visitors",
      "/api/admin/visitor-stats",
      "/api/admin/orders.csv",
      "/api/admin/contacts.csv",
    ]) {
      const res = await apps.backoffice.inject({ method: "GET", url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(ADDRESS);
    }
    const visitors = (
      await apps.backoffice.inject({ method: "GET", url: "/api/admin/visitors", headers: { cookie } })
    ).json() as Record<string, unknown>[];
    expect(visitors.length).toBeGreaterThan(0);
    for (const v of visitors) {
      expect(v).not.toHaveProperty("ipAddress");
      expect(v.visitor).toMatch(/^[0-9a-f]{8}$/);
    }
  });
});
