// The daily visit counts (db/src/schema/rollups.ts, kept by triggers on visits) always agree with a
// scan of the raw visits, through inserts of one and of many rows and deletes of old ones, so the
// visitor statistics can read them instead of every visit.
import { rowsOf } from "@ch/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitorStats } from "../src/modules/visits/visits.service";
import { createTestDatabase, type TestDatabase } from "./harness";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await db?.drop();
});

const exec = (query: ReturnType<typeof sql>) => db.handle.db.execute(query);

/** What the statistics were computed from before the rollup: a scan of every visit. */
async function scanned() {
  const [totals] = rowsOf<{ total: number; unique: number }>(
    await exec(sql`select count(*)::int as total, count(distinct visitor_hash)::int as unique from visits`),
  );
  const top = async (column: string) =>
    rowsOf<{ key: string; count: number }>(
      await exec(
        sql`select ${sql.identifier(column)} as key, count(*)::int as count from visits group by 1 order by 2 desc, 1 asc limit 10`,
      ),
    );
  return {
    totalVisits: totals?.total ?? 0,
    uniqueVisitors: totals?.unique ?? 0,
    topPages: (await top("path")).map((r) => ({ path: r.key, count: r.count })),
    topDevices: (await top("device_type")).map((r) => ({ device: r.key, count: r.count })),
    topBrowsers: (await top("browser")).map((r) => ({ browser: r.key, count: r.count })),
  };
}

/** n visits over `days` days before 2026-06-30, three views per visitor hash, the first one "new". */
const insertVisits = (n: number, days: number, salt: string) =>
  exec(sql`
    insert into visits (path, device_type, browser, visitor_hash, referrer, is_new_visitor, created_at)
    select (array['/', '/products', '/product/1', '/blog', '/contact'])[1 + g % 5],
           (array['desktop', 'mobile', 'tablet'])[1 + g % 3],
           (array['Chrome', 'Safari', 'Firefox'])[1 + (g / 3) % 3],
           md5(${salt} || (g / 3)::text), null, g % 3 = 0,
           timestamptz '2026-06-30 23:00:00+00' - ((g / 3) % ${days}) * interval '1 day'
    from generate_series(0, ${n - 1}) as g`);

describe("daily visit counts", () => {
  it("agree with a scan of the visits after bulk and single inserts and deletes", async () => {
    expect(await visitorStats(db.handle.db)).toEqual(await scanned());

    await insertVisits(3000, 40, "a");
    expect(await visitorStats(db.handle.db)).toEqual(await scanned());
    expect((await visitorStats(db.handle.db)).totalVisits).toBe(3000);

    // one row at a time, as the API records a view
    for (let i = 0; i < 5; i++) {
      await exec(sql`
        insert into visits (path, device_type, browser, visitor_hash, is_new_visitor, created_at)
        values ('/gallery', 'mobile', 'Edge', ${`single-${i % 2}`}, ${i < 2}, timestamptz '2026-07-01 10:00:00+00')`);
    }
    expect(await visitorStats(db.handle.db)).toEqual(await scanned());

    // retention: the oldest days go, and their counts with them
    await exec(sql`delete from visits where created_at < timestamptz '2026-06-10 00:00:00+00'`);
    expect(await visitorStats(db.handle.db)).toEqual(await scanned());
    const [left] = rowsOf<{ n: number }>(
      await exec(sql`select count(*)::int as n from visit_daily_counts where day < date '2026-06-10'`),
    );
    expect(left?.n).toBe(0);

    await exec(sql`delete from visits`);
    expect(await visitorStats(db.handle.db)).toEqual(await scanned());
    const [none] = rowsOf<{ n: number }>(await exec(sql`select count(*)::int as n from visit_daily_counts`));
    expect(none?.n).toBe(0);
  });
});
