import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "../seed/seed";
import { type DatabaseHandle, migrate, openDatabase, rowsOf } from "../src/index";

const serverUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshDatabaseUrl(): Promise<string> {
  const name = `mig_${randomBytes(5).toString("hex")}`;
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function count(handle: DatabaseHandle, table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`)));
  return row?.n ?? 0;
}

describe("migrations and seed", () => {
  // on the embedded database: the PostgreSQL pass (DATABASE_URL) would only repeat it; the test below is its own
  it.skipIf(serverUrl)("apply once, and a second run changes nothing", async () => {
    const handle = await openDatabase({ dataDir: "memory://" });
    cleanups.push(() => handle.close());
    expect((await migrate(handle.db)).length).toBeGreaterThan(0);
    expect(await migrate(handle.db)).toEqual([]);
    expect(await seedIfEmpty(handle.db)).toBe(true);
    expect(await seedIfEmpty(handle.db)).toBe(false);
    expect(await count(handle, "products")).toBeGreaterThanOrEqual(12);
    expect(await count(handle, "gallery_items")).toBeGreaterThanOrEqual(12);
    expect(await count(handle, "blog_posts")).toBeGreaterThanOrEqual(8);
  });

  it.runIf(serverUrl)(
    "two processes starting together on an empty PostgreSQL database migrate and seed once",
    async () => {
      const url = await freshDatabaseUrl();
      const a = await openDatabase({ url });
      const b = await openDatabase({ url });
      cleanups.push(
        () => a.close(),
        () => b.close(),
      );
      const [appliedA, appliedB] = await Promise.all([migrate(a.db), migrate(b.db)]);
      expect(appliedA.length + appliedB.length).toBeGreaterThan(0);
      expect(Math.min(appliedA.length, appliedB.length)).toBe(0);
      const seeded = await Promise.all([seedIfEmpty(a.db), seedIfEmpty(b.db)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const products = await count(a, "products");
      expect(products).toBeGreaterThanOrEqual(12);
    },
  );
});
