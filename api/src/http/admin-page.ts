// An admin REST list paged by keyset (lib/cursor.ts): GET, admin access, its filters and `cursor`/`limit` in the
// query, answered as { items, next } with the next page's URL also in the Link header. Declared once here so
// each list names only its path, its documentation, its cursor and how a page is loaded.

import type { z } from "zod";
import { keysetPage } from "../lib/cursor";
import type { Deps } from "../lib/deps";
import { type HandlerResult, type Operation, type RouteSpec, route } from "./route";

type PageQuery = z.ZodType<{ cursor?: string | undefined; limit: number }>;

/** What a page of the response lists (its `items`' element). */
type PageItem<R extends z.ZodType> = z.input<R> extends { items: readonly (infer I)[] } ? I : never;

export interface AdminPageSpec<Q extends PageQuery, R extends z.ZodType, K, Row>
  extends Omit<RouteSpec<undefined, Q, undefined, R>, "method" | "access" | "handler" | "query"> {
  query: Q;
  /** The list's cursor: the sort keys of a row, and reading them back. */
  cursor: { encode(row: NoInfer<Row>): string; decode(raw: string | undefined): K | undefined };
  /** One page of rows (`limit` is one more than the page holds: lib/cursor.ts pageAfter). */
  load: (deps: Deps, query: z.output<Q>, page: { limit: number; cursor: K | undefined }) => Promise<Row[]>;
  /** What the answer shows of a row, when not all of it (a sort key kept out of the answer). */
  shown?: (row: NoInfer<Row>) => PageItem<R>;
}

/** A list whose rows are what its answer lists. */
export function adminPageRoute<Q extends PageQuery, R extends z.ZodType, K>(
  spec: AdminPageSpec<Q, R, K, PageItem<R>>,
): Operation<undefined, Q, undefined, R> & { method: "GET" };
/** A list whose rows carry more than its answer lists (a sort key): `shown` says what of each is sent. */
export function adminPageRoute<Q extends PageQuery, R extends z.ZodType, K, Row>(
  spec: AdminPageSpec<Q, R, K, Row> & { shown: (row: NoInfer<Row>) => PageItem<R> },
): Operation<undefined, Q, undefined, R> & { method: "GET" };
export function adminPageRoute<Q extends PageQuery, R extends z.ZodType, K, Row>(
  spec: AdminPageSpec<Q, R, K, Row>,
): Operation<undefined, Q, undefined, R> & { method: "GET" } {
  const { cursor, load, shown, ...doc } = spec;
  return route<R, undefined, Q, undefined, "GET">({
    ...doc,
    method: "GET",
    access: "admin",
    handler: async ({ deps, query, req, reply }) => {
      const filter = query as z.output<Q>;
      const { items, next } = await keysetPage({ req, reply }, cursor, filter, (page) => load(deps, filter, page));
      return { items: shown ? items.map(shown) : items, next } as HandlerResult<R>;
    },
  });
}
