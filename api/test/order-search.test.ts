// The back office's order search (part of the number, the e-mail or "first last", any case) and lead
// search (the e-mail, "first last" or the message), and the trigram indexes that answer them without reading
// every row (migrations 0013 and 0031, extension pg_trgm, on PGlite and PostgreSQL alike).
import { rowsOf, schema } from "@ch/db";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listContactsForAdmin } from "../src/modules/leads";
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
  await db.handle.db.insert(schema.enquiries).values([
    { source: "contact-form", firstName: "Dale", lastName: "Gribble", email: "dale@pocket-sand.example" },
    { source: "quote-request", firstName: "Luanne", lastName: "Platter", email: "luanne@example.com" },
    {
      source: "chat",
      firstName: "Bill",
      lastName: "Dauterive",
      email: "bill@example.com",
      message: "Any gribble news?",
    },
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
    const indexes = await trigramIndexes("orders");
    expect(indexes).toEqual(["orders_email_trgm_idx", "orders_name_trgm_idx", "orders_number_trgm_idx"]);
    // the search's own condition (orders.service.ts)
    const plan = await planOf(sql`explain select id from orders
      where order_number ilike '%hill%' or email ilike '%hill%'
         or (orders.first_name || ' ' || orders.last_name) ilike '%hill%'`);
    for (const index of indexes) expect(plan).toContain(index);
  });
});

describe("lead search", () => {
  it("finds leads by part of the e-mail, the full name or the message, in any case", async () => {
    const emailsFor = async (q: string) =>
      (await listContactsForAdmin(db.handle.db, { q })).map((lead) => lead.email).sort();
    expect(await emailsFor("POCKET")).toEqual(["dale@pocket-sand.example"]);
    expect(await emailsFor("luanne platter")).toEqual(["luanne@example.com"]);
    expect(await emailsFor("gribble")).toEqual(["bill@example.com", "dale@pocket-sand.example"]);
  });

  it("is answered by the trigram indexes, not by reading every lead", async () => {
    const indexes = await trigramIndexes("enquiries");
    expect(indexes).toEqual(["enquiries_email_trgm_idx", "enquiries_message_trgm_idx", "enquiries_name_trgm_idx"]);
    // the search's own condition (leads.service.ts listContactsForAdmin)
    const plan = await planOf(sql`explain select id from enquiries
      where email ilike '%gribble%' or (enquiries.first_name || ' ' || enquiries.last_name) ilike '%gribble%'
         or coalesce(enquiries.message, '') ilike '%gribble%'`);
    for (const index of indexes) expect(plan).toContain(index);
  });
});

async function trigramIndexes(table: string) {
  return rowsOf<{ indexname: string }>(
    await db.handle.db.execute(
      sql`select indexname from pg_indexes where tablename = ${table} and indexdef like '%gin_trgm_ops%' order by 1`,
    ),
  ).map((r) => r.indexname);
}

/** The plan of `explain`, with sequential scans priced out as on a large table. */
async function planOf(explain: SQL) {
  return db.handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return rowsOf<{ "QUERY PLAN": string }>(await tx.execute(explain))
      .map((r) => r["QUERY PLAN"])
      .join("\n");
  });
}
