// The back office's orders and contacts tables read every row, however many: tRPC orders.list and
// leads.list answer `{ items, nextCursor }` in a server-side sort, and walking the cursors reaches the last
// row (the tables once stopped at the 500 rows of the default page).
import { schema } from "@ch/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie, startTestApps, type TestApps } from "./harness";
import { STORED_ORDER_BUYER } from "./order-fixtures";

let apps: TestApps;
let cookie: string;
const ORDERS = 620;
const CONTACTS = 560;
// ties on purpose: many rows share an instant, a total or a name, so the id must break them
const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 40), 12, 0, 0));
const NAMES = ["Ada", "ben", "Chloe", "dora", "Emile", "Finn", "gus"];

beforeAll(async () => {
  apps = await startTestApps({ seed: false });
  const db = apps.db.handle.db;
  await db.insert(schema.orders).values(
    Array.from({ length: ORDERS }, (_, i) => ({
      orderNumber: `ORD-PAGE-${i + 1}`,
      firstName: NAMES[i % NAMES.length]!,
      lastName: `Buyer ${i % 11}`,
      email: `buyer${i}@example.com`,
      ...STORED_ORDER_BUYER,
      subtotalCents: 100_000,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 100_000 + (i % 97) * 1_250,
      createdAt: at(i),
    })),
  );
  await db.insert(schema.enquiries).values(
    Array.from({ length: CONTACTS }, (_, i) => ({
      source: "contact",
      firstName: NAMES[(i * 3) % NAMES.length]!,
      lastName: `Lead ${i % 13}`,
      email: `lead${i}@example.com`,
      message: "Hello",
      createdAt: at(i * 7),
      updatedAt: at(i * 7),
    })),
  );
  cookie = await signedInCookie(apps);
}, 60_000);
afterAll(() => apps?.close());

const query = async (path: string, input: unknown) => {
  const url = `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await apps.backoffice.inject({ method: "GET", url, headers: { cookie } });
  return { status: res.statusCode, body: res.json() };
};

/** Every page of a list, following nextCursor; the rows in order and how many pages it took. */
async function walk<T>(path: string, input: Record<string, unknown>) {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await query(path, cursor ? { ...input, cursor } : input);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.result.data as { items: T[]; nextCursor: string | null };
    rows.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { rows, pages };
}

/** A walk that took `pages` pages and reached each of the `total` rows once. */
function expectEveryRowOnce(walked: { rows: { id: number }[]; pages: number }, total: number, pages: number) {
  expect(walked.pages).toBe(pages);
  expect(walked.rows).toHaveLength(total);
  expect(new Set(walked.rows.map((r) => r.id)).size).toBe(total);
}

/** Each row's key is on the right side of the previous row's (ties broken by id, the same way). */
function expectSorted<T extends { id: number }>(rows: T[], key: (row: T) => string | number, desc: boolean) {
  const cmp = (a: string | number, b: string | number) =>
    typeof a === "number" && typeof b === "number" ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  for (let i = 1; i < rows.length; i++) {
    const prev = rows[i - 1]!;
    const row = rows[i]!;
    const order = cmp(key(prev), key(row)) || prev.id - row.id;
    expect(desc ? order > 0 : order < 0, `rows ${i - 1} and ${i}`).toBe(true);
  }
}

interface Order {
  id: number;
  totalAmount: number;
  createdAt: string;
  customerName: string;
}
interface Contact {
  id: number;
  firstName: string;
  lastName: string;
  createdAt: string;
}

/** The one test of both lists' default page (500 rows, newest first): every row, once, in two pages. */
function itReachesAllByTheDefaultPage(path: string, what: string, total: number) {
  it(`reaches all of more than 500 ${what} by the default page (newest first)`, async () => {
    const walked = await walk<{ id: number; createdAt: string }>(path, {});
    expectEveryRowOnce(walked, total, 2);
    expectSorted(walked.rows, (r) => r.createdAt, true);
  });
}

describe("orders.list pages", () => {
  itReachesAllByTheDefaultPage("orders.list", "orders", ORDERS);

  it("walks every order by total, cheapest first, 150 a page", async () => {
    const walked = await walk<Order>("orders.list", { limit: 150, sort: { id: "totalAmount", desc: false } });
    expectEveryRowOnce(walked, ORDERS, 5);
    expectSorted(walked.rows, (r) => Math.round(r.totalAmount * 100), false);
  });

  it("walks every order by date, oldest first, and by customer, Z to A, with a filter", async () => {
    const byDate = await walk<Order>("orders.list", { limit: 200, sort: { id: "createdAt", desc: false } });
    expect(byDate.rows).toHaveLength(ORDERS);
    expectSorted(byDate.rows, (r) => r.createdAt, false);

    const ada = await walk<Order>("orders.list", { q: "ada", limit: 25, sort: { id: "customerName", desc: true } });
    expect(ada.rows).toHaveLength(Math.ceil(ORDERS / NAMES.length));
    expect(new Set(ada.rows.map((r) => r.id)).size).toBe(ada.rows.length);
    expect(ada.rows.every((r) => r.customerName.startsWith("Ada "))).toBe(true);
    const { rows: names } = await walk<Order>("orders.list", { limit: 300, sort: { id: "customerName", desc: true } });
    expect(names).toHaveLength(ORDERS);
    expect(names[0]!.customerName).toMatch(/^gus /);
    expect(names.at(-1)!.customerName).toMatch(/^Ada /);
  });

  it("refuses a cursor of another sort (400 naming cursor) and an unknown sort", async () => {
    const first = await query("orders.list", { limit: 10, sort: { id: "totalAmount", desc: true } });
    const { nextCursor } = first.body.result.data;
    const other = await query("orders.list", { limit: 10, cursor: nextCursor });
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toContain("cursor");
    expect((await query("orders.list", { sort: { id: "email", desc: true } })).status).toBe(400);
  });
});

describe("leads.list pages", () => {
  itReachesAllByTheDefaultPage("leads.list", "contacts", CONTACTS);

  it("walks every contact by name (A to Z) and by date (oldest first), 120 a page", async () => {
    const byName = await walk<Contact>("leads.list", { limit: 120, sort: { id: "name", desc: false } });
    expectEveryRowOnce(byName, CONTACTS, 5);
    // case does not count (lower()): "ben" between "Ada" and "Chloe"
    expect(byName.rows[0]!.firstName).toBe("Ada");
    expect(byName.rows.at(-1)!.firstName).toBe("gus");
    const firsts = byName.rows.map((r) => r.firstName);
    expect(firsts.filter((name, i) => i > 0 && name !== firsts[i - 1])).toHaveLength(NAMES.length - 1);

    const byDate = await walk<Contact>("leads.list", { limit: 120, sort: { id: "createdAt", desc: false } });
    expect(byDate.rows).toHaveLength(CONTACTS);
    expectSorted(byDate.rows, (r) => r.createdAt, false);
  });
});
