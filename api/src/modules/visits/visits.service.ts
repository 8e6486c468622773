import { type Executor, rowsOf, schema } from "@ch/db";
import { and, desc, eq, gte, lt, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { visitInput } from "../../contracts/visits";
import type { Deps } from "../../lib/deps";
import { newVisitorMessage } from "../notifications/messages";
import { enqueue } from "../notifications/outbox";
import { detectBrowser, detectDevice, isBot } from "./user-agent";

const { visits, notifications } = schema;
const NEW_VISITOR_WINDOW_MS = 24 * 3600_000;

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) is the same visitor as "203.0.113.7". */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/.test(trimmed) ? trimmed.slice(7) : trimmed;
}

/** The path without query string or fragment: they fragment the report and can carry personal data. */
export function normalizePath(path: string): string {
  return path.split(/[?#]/, 1)[0] || "/";
}

/**
 * Records a page view; returns null for bots and crawlers. A visitor is new the first time its IP is
 * seen in 24 hours; only new visitors are announced (outbox row in the same transaction).
 */
export async function recordVisit(
  deps: Deps,
  input: z.output<typeof visitInput>,
  client: { ipAddress: string; userAgent: string | undefined },
) {
  if (isBot(client.userAgent)) return null;
  const userAgent = client.userAgent ?? "";
  const ipAddress = normalizeIp(client.ipAddress);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Serialize visits of one IP so two simultaneous first views do not both count as new.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visit:${ipAddress}`}))`);
    const [seen] = await tx
      .select({ id: visits.id })
      .from(visits)
      .where(
        and(eq(visits.ipAddress, ipAddress), gte(visits.createdAt, new Date(now.getTime() - NEW_VISITOR_WINDOW_MS))),
      )
      .limit(1);
    const [visit] = await tx
      .insert(visits)
      .values({
        path: normalizePath(input.path),
        referrer: input.referrer,
        deviceType: detectDevice(userAgent),
        browser: detectBrowser(userAgent),
        ipAddress,
        isNewVisitor: !seen,
        createdAt: now,
      })
      .returning();
    if (!seen) await enqueue(tx, deps.env, [newVisitorMessage(visit!)]);
    return { id: visit!.id, newVisitor: !seen };
  });
}

export async function listVisits(db: Executor, limit = 50) {
  const rows = await db.select().from(visits).orderBy(desc(visits.createdAt), desc(visits.id)).limit(limit);
  return rows.map((v) => ({
    id: v.id,
    path: v.path,
    deviceType: v.deviceType,
    browser: v.browser,
    ipAddress: v.ipAddress,
    referrer: v.referrer,
    telegramNotified: v.telegramNotified,
    createdAt: v.createdAt.toISOString(),
  }));
}

export async function visitorStats(db: Executor) {
  const [totals] = rowsOf<{ total: number; unique: number }>(
    await db.execute(sql`select count(*)::int as total, count(distinct ip_address)::int as unique from visits`),
  );
  const top = async (column: "path" | "device_type" | "browser", limit: number) =>
    rowsOf<{ key: string; count: number }>(
      await db.execute(
        sql`select ${sql.identifier(column)} as key, count(*)::int as count from visits group by 1 order by 2 desc, 1 asc limit ${limit}`,
      ),
    );
  return {
    totalVisits: totals?.total ?? 0,
    uniqueVisitors: totals?.unique ?? 0,
    topPages: (await top("path", 10)).map((r) => ({ path: r.key, count: r.count })),
    topDevices: (await top("device_type", 10)).map((r) => ({ device: r.key, count: r.count })),
    topBrowsers: (await top("browser", 10)).map((r) => ({ browser: r.key, count: r.count })),
  };
}

/**
 * Deletes visits older than VISIT_RETENTION_DAYS, and with them their new-visitor notifications
 * (which repeat the IP address); one still waiting to be sent is left to the worker.
 */
export async function deleteOldVisits(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.env.VISIT_RETENTION_DAYS * 86_400_000);
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
