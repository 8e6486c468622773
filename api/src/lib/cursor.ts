// Cursor pagination for the admin REST lists (issue 16): a stable order, an opaque cursor and a `next` link.
// 1. A cursor is base64url(JSON) of the last row's sort keys, e.g. [createdAt, id]; the client never reads it.
// 2. A service asks for limit + 1 rows after the cursor; pageAfter() cuts the page and says whether more follow.
// 3. `next` is the request's own URL with the new cursor (root-relative), so every filter carries over;
//    every page also sends it as an RFC 8288 `Link: <url>; rel="next"` header (the only place it is for the
//    lists documented as a plain array).

import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { badRequest } from "./errors";

export type CursorKey = string | number;

export function encodeCursor(keys: readonly CursorKey[]): string {
  return Buffer.from(JSON.stringify(keys), "utf8").toString("base64url");
}

/** Reads a cursor with the list's own key shape, or answers 400 naming `cursor`. */
export function decodeCursor<T extends z.ZodType>(raw: string, shape: T): z.output<T> {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    json = undefined;
  }
  const parsed = shape.safeParse(json);
  if (!parsed.success) {
    throw badRequest("Invalid query: cursor is not a cursor of this list", [
      { path: ["cursor"], message: "is not a cursor of this list (copy it from the `next` link)" },
    ]);
  }
  return parsed.data;
}

const rowId = z.number().int().min(1).max(2_147_483_647);

/** Newest first: the key of lists ordered by (created_at desc, id desc). */
export interface CreatedKey {
  createdAt: Date;
  id: number;
}

const createdKeyShape = z
  .tuple([z.iso.datetime(), rowId])
  .transform(([createdAt, id]): CreatedKey => ({ createdAt: new Date(createdAt), id }));

export const createdCursor = {
  encode: (row: { createdAt: string | Date; id: number }) =>
    encodeCursor([typeof row.createdAt === "string" ? row.createdAt : row.createdAt.toISOString(), row.id]),
  decode: (raw: string | undefined): CreatedKey | undefined =>
    raw === undefined ? undefined : decodeCursor(raw, createdKeyShape),
};

/** Display order (position asc, id asc): the gallery. */
export interface PositionKey {
  position: number;
  id: number;
}

const positionKeyShape = z
  .tuple([z.number().int(), rowId])
  .transform(([position, id]): PositionKey => ({ position, id }));

export const positionCursor = {
  encode: (row: { position: number; id: number }) => encodeCursor([row.position, row.id]),
  decode: (raw: string | undefined): PositionKey | undefined =>
    raw === undefined ? undefined : decodeCursor(raw, positionKeyShape),
};

/**
 * Rows after `key` in (created_at desc, id desc) order. The row's own created_at is read back from the
 * table, so the comparison keeps PostgreSQL's microseconds (a JavaScript date has milliseconds only);
 * the cursor's instant is the fallback when that row has since been deleted.
 */
export function createdBefore(table: PgTable, createdAt: AnyColumn, id: AnyColumn, key: CreatedKey): SQL {
  return sql`(${createdAt}, ${id}) < (coalesce((select ${createdAt} from ${table} where ${id} = ${key.id}), ${key.createdAt.toISOString()}::timestamptz), ${key.id})`;
}

/** Cuts a page of `limit` rows from `limit + 1` fetched; `last` is the page's last row when more follow. */
export function pageAfter<T>(rows: T[], limit: number): { items: T[]; last: T | undefined } {
  if (rows.length <= limit) return { items: rows, last: undefined };
  const items = rows.slice(0, limit);
  return { items, last: items[items.length - 1] };
}

/**
 * One keyset page: loads `limit + 1` rows after the request's cursor, keeps `limit`, and names the next
 * page (the request's URL with the last row's cursor) or null at the end.
 */
export async function keysetPage<K, R>(
  http: { req: FastifyRequest; reply: FastifyReply },
  codec: { encode(row: NoInfer<R>): string; decode(raw: string | undefined): K | undefined },
  query: { cursor?: string | undefined; limit: number },
  load: (page: { limit: number; cursor: K | undefined }) => Promise<R[]>,
): Promise<{ items: R[]; next: string | null }> {
  const rows = await load({ limit: query.limit + 1, cursor: codec.decode(query.cursor) });
  const { items, last } = pageAfter(rows, query.limit);
  const next = nextPageUrl(http.req, last ? codec.encode(last) : null);
  // every page says where the next one is in the same header, whatever its body's shape
  setNextLink(http.reply, next);
  return { items, next };
}

/** Rows a page of GET /api/admin/contacts and /api/admin/orders has without `limit` (as before paging). */
export const LIST_PAGE_DEFAULT = 500;

/**
 * A REST list documented as a plain array, newest first: the rows of one page under the query's filters;
 * the next page is in the Link header only.
 */
export async function createdPageItems<
  Q extends { cursor?: string | undefined; limit?: number | undefined },
  R extends { createdAt: string | Date; id: number },
>(
  http: { req: FastifyRequest; reply: FastifyReply },
  query: Q,
  list: (filter: Omit<Q, "cursor" | "limit"> & { limit: number; cursor: CreatedKey | undefined }) => Promise<R[]>,
): Promise<R[]> {
  const { cursor, limit = LIST_PAGE_DEFAULT, ...filter } = query;
  const { items } = await keysetPage(http, createdCursor, { cursor, limit }, (page) => list({ ...filter, ...page }));
  return items;
}

/** The request's URL (path and query) with `cursor` replaced: the next page under the same filters. */
export function nextPageUrl(req: FastifyRequest, cursor: string | null): string | null {
  if (cursor === null) return null;
  const url = new URL(req.url, "http://localhost");
  url.searchParams.set("cursor", cursor);
  return `${url.pathname}${url.search}`;
}

/** RFC 8288: `Link: <url>; rel="next"` when another page follows. */
export function setNextLink(reply: FastifyReply, next: string | null): void {
  if (next !== null) reply.header("link", `<${next}>; rel="next"`);
}
