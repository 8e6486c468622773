// The events feed (GET /api/admin/events): every event the product emits, the same ones webhooks carry,
// kept 30 days (purgeOldWebhookLog), for an integrator that syncs by reading forward from a cursor.
// Events are read in (tx_id, id) order and only those whose transaction is older than every transaction
// still running (pg_snapshot_xmin): an event written by a transaction that commits late shows up after
// the ones already read, never behind a cursor that has moved past it.
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from "@ch/contracts/webhook-events";
import type { EventsFeedPage, EventsFeedQuery } from "@ch/contracts/webhooks";
import { type Database, rowsOf } from "@ch/db";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../../lib/cursor";

const feedKey = z.tuple([z.string().regex(/^\d{1,20}$/), z.number().int().min(0).max(2_147_483_647)]);

/** Before every event: where a reader without a cursor starts. */
const START: [string, number] = ["0", 0];

interface FeedRow {
  message_id: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  occurred_at: string | Date;
  tx: string;
  id: number;
}

/** One page of the feed after `query.cursor`, and the cursor to resume from (null `next` on the last page). */
export async function listEvents(
  db: Database,
  query: EventsFeedQuery,
  nextUrl: (cursor: string) => string,
): Promise<EventsFeedPage> {
  const [tx, id] = query.cursor === undefined ? START : decodeCursor(query.cursor, feedKey);
  const filters: SQL[] = [
    sql`tx_id < pg_snapshot_xmin(pg_current_snapshot())`,
    sql`(tx_id, id) > (${tx}::xid8, ${id}::int)`,
    sql`type <> ${WEBHOOK_TEST_EVENT}`,
  ];
  if (query.type) filters.push(sql`type = ${query.type}`);
  if (query.createdSince) filters.push(sql`occurred_at >= ${query.createdSince}::timestamptz`);
  if (query.createdBefore) filters.push(sql`occurred_at < ${query.createdBefore}::timestamptz`);
  const rows = rowsOf<FeedRow>(
    await db.execute(sql`
      select message_id, type, data, occurred_at, tx_id::text as tx, id
      from webhook_events
      where ${sql.join(filters, sql` and `)}
      order by tx_id, id
      limit ${query.limit + 1}`),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = last ? encodeCursor([last.tx, Number(last.id)]) : encodeCursor([tx, id]);
  return {
    items: page.map((row) => ({
      id: row.message_id,
      type: row.type,
      createdAt: new Date(row.occurred_at).toISOString(),
      data: row.data,
    })),
    next: rows.length > query.limit ? nextUrl(nextCursor) : null,
    nextCursor,
  };
}
