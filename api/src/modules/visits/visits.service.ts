import type { ChangeFilter } from "@ch/contracts/change-filters";
import type { visitInput } from "@ch/contracts/visits";
import { type Executor, rowsOf, schema } from "@ch/db";
import { and, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Deps } from "../../lib/deps";
import { changeClauses } from "../../lib/sorted-page";
import { enqueue, newVisitorMessage } from "../notifications";
import { detectBrowser, detectDevice, isBot } from "./user-agent";
import { dailySalt, deletePastSalts, visitorHash } from "./visitor-hash";

const { visits, notifications } = schema;

/** The path without query string or fragment: they fragment the report and can carry personal data. */
export function normalizePath(path: string): string {
  return path.split(/[?#]/, 1)[0] || "/";
}

/**
 * Records a page view; returns null for bots, crawlers, headless browsers and Lighthouse (user-agent.ts isBot),
 * which are then in no visitor figure. A visitor is one device per day (see visitor-hash.ts): it is new at its
 * first view of the day, and only new visitors are announced (outbox row in the same transaction).
 * The client address is only hashed, never stored.
 */
export async function recordVisit(
  deps: Deps,
  input: z.output<typeof visitInput>,
  client: { ipAddress: string; userAgent: string | undefined },
) {
  if (isBot(client.userAgent)) return null;
  const userAgent = client.userAgent ?? "";
  const now = deps.clock.now();
  const hash = visitorHash(await dailySalt(deps.db, now), client.ipAddress, userAgent);
  return deps.db.transaction(async (tx) => {
    // Serialize views of one visitor so two simultaneous first views do not both count as new.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visit:${hash}`}))`);
    const [seen] = await tx.select({ id: visits.id }).from(visits).where(eq(visits.visitorHash, hash)).limit(1);
    const [visit] = await tx
      .insert(visits)
      .values({
        path: normalizePath(input.path),
        referrer: input.referrer,
        deviceType: detectDevice(userAgent),
        browser: detectBrowser(userAgent),
        visitorHash: hash,
        isNewVisitor: !seen,
        createdAt: now,
      })
      .returning();
    if (!seen) await enqueue(tx, deps.env, [newVisitorMessage(visit!)]);
    return { id: visit!.id, newVisitor: !seen };
  });
}

export async function listVisits(db: Executor, limit = 50, filter: ChangeFilter = {}) {
  // a visit is written once: its updatedSince reads when it was recorded
  const changes = changeClauses({ createdAt: visits.createdAt, updatedAt: visits.createdAt }, filter);
  const rows = await db
    .select()
    .from(visits)
    .where(and(...changes))
    .orderBy(desc(visits.createdAt), desc(visits.id))
    .limit(limit);
  return rows.map((v) => ({
    id: v.id,
    path: v.path,
    deviceType: v.deviceType,
    browser: v.browser,
    /** The first characters of the day's visitor hash: rows with the same one are one device that day. */
    visitor: v.visitorHash.slice(0, 8),
    referrer: v.referrer,
    telegramNotified: v.telegramNotified,
    createdAt: v.createdAt.toISOString(),
  }));
}

export async function visitorStats(db: Executor) {
  // Read from the daily counts the database keeps on every insert and delete of visits
  // (db/src/schema/rollups.ts), not from a scan of every visit: the cost does not grow with history.
  // A visitor hash is "new" on its first view only, so the sum of new visitors is the distinct count.
  const [totals] = rowsOf<{ total: number; unique: number }>(
    await db.execute(
      sql`select coalesce(sum(views), 0)::int as total, coalesce(sum(visitors), 0)::int as unique from visit_daily_counts where dimension = 'total'`,
    ),
  );
  const top = async (dimension: "path" | "device" | "browser", limit: number) =>
    rowsOf<{ key: string; count: number }>(
      await db.execute(
        sql`select key, sum(views)::int as count from visit_daily_counts where dimension = ${dimension} group by 1 order by 2 desc, 1 asc limit ${limit}`,
      ),
    );
  return {
    totalVisits: totals?.total ?? 0,
    uniqueVisitors: totals?.unique ?? 0,
    topPages: (await top("path", 10)).map((r) => ({ path: r.key, count: r.count })),
    topDevices: (await top("device", 10)).map((r) => ({ device: r.key, count: r.count })),
    topBrowsers: (await top("browser", 10)).map((r) => ({ browser: r.key, count: r.count })),
  };
}

/**
 * Deletes visits older than VISIT_RETENTION_DAYS, and with them their new-visitor notifications; one still
 * waiting to be sent is left to the worker. Also deletes visitor salts of past days (on a day without visits
 * no view would).
 */
export async function deleteOldVisits(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  await deletePastSalts(deps.db, now);
  const cutoff = new Date(now.getTime() - deps.env.VISIT_RETENTION_DAYS * 86_400_000);
  return deps.db.transaction(async (tx) => {
    const deleted = await tx.delete(visits).where(lt(visits.createdAt, cutoff)).returning({ id: visits.id });
    await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.entityType, "visit"),
          notInArray(notifications.status, ["pending", "sending"]),
          sql`not exists (select 1 from ${visits} where ${visits.id} = ${notifications.entityId})`,
        ),
      );
    return deleted.length;
  });
}
