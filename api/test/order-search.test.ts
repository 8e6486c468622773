// The back office's order search (part of the number, the e-mail or "first last", any case) and the
// trigram indexes that answer it without reading every order (migration 0013, extension pg_trgm, on
// PGlite and PostgreSQL alike).
import { rowsOf, schema } from "@ch/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrdersForAdmin } from "../src/modules/orders/orders.service";
import { createTestDatabase, type TestDatabase } from "./harness";
import { STORED_ORDER_BUYER } from "./order-fixtures";

let db: TestDatabase;

const order = (n: number, firstName: string, lastName: string, email: string) => ({
  orderNumber: `ORD-SEARCH-${n}`,
  firstName,
  lastName,
  email,
  ...STORED_ORDER_BUYER,
  subtotalCents: 100_000,
  taxCents: 8_000,
  shippingCents: 2_500,
  totalCents: 110_500,
});

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  await db.handle.db
    .insert(schema.orders)
    .values([
      order(1001, "Philippa", "Marlowe", "pmarlowe@example.com"),
      order(1002, "Hank", "Hill", "hank.hill@strickland.example"),
      order(2003, "Peggy", "Hill", "peggy@example.org"),
    ]);
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

const numbersFor = async (q: string) =>
  (await listOrdersForAdmin(db.handle.db, { q })).map((o) => o.orderNumber).sort();

describe("order search", () => {
  it("finds orders by part of the number, the e-mail or the full name, in any case", async () => {
    expect(await numbersFor("search-100")).toEqual(["ORD-SEARCH-1001", "ORD-SEARCH-1002"]);
    expect(await numbersFor("STRICKLAND")).toEqual(["ORD-SEARCH-1002"]);
    expect(await numbersFor("peggy hill")).toEqual(["ORD-SEARCH-2003"]);
    expect(await numbersFor("hill")).toEqual(["ORD-SEARCH-1002", "ORD-SEARCH-2003"]);
    // LIKE's wildcards are searched for as themselves
    expect(await numbersFor("%")).toEqual([]);
  });

  it("is answered by the trigram indexes, not by reading every order", async () => {
    const indexes = rowsOf<{ indexname: string }>(
      await db.handle.db.execute(
        sql`select indexname from pg_indexes where tablename = 'orders' and indexdef like '%gin_trgm_ops%' order by 1`,
      ),
    ).map((r) => r.indexname);
    expect(indexes).toEqual(["orders_email_trgm_idx", "orders_name_trgm_idx", "orders_number_trgm_idx"]);
    // the search's own condition (orders.service.ts), with sequential scans priced out as on a large table
    const plan = await db.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ "QUERY PLAN": string }>(
        await tx.execute(sql`explain select id from orders
          where order_number ilike '%hill%' or email ilike '%hill%'
             or (orders.first_name || ' ' || orders.last_name) ilike '%hill%'`),
      )
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    });
    for (const index of indexes) expect(plan).toContain(index);
  });
});
