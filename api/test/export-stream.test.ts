// CSV exports are streamed in batches (keyset paging in the list's order): an export longer than
// several batches, with many rows sharing one timestamp, has every row exactly once, in the list's order.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_BATCH } from "../src/modules/admin/exports.service";
import { type TestApps, useSignedInApps } from "./harness";

let apps: TestApps;
let cookie: string;
const ROWS = EXPORT_BATCH * 2 + 345;

useSignedInApps((signedIn) => {
  ({ apps, cookie } = signedIn);
});
beforeAll(async () => {
  // groups of 7 orders share one created_at, so batches end in the middle of a group
  await apps.db.handle.db.execute(sql`
    insert into orders (order_number, first_name, last_name, email, phone, address, city, state, zip_code,
      payment_method, subtotal_cents, tax_cents, shipping_cents, total_cents, status, payment_status, created_at)
    select 'EXP-' || lpad(g::text, 6, '0'), 'Buyer', 'N' || g, 'buyer' || g || '@example.com', '(210) 555-0100',
      '1 Main St', 'San Antonio', 'TX', '78201', 'usdt', 1000000, 80000, 250000, 1330000,
      case when g % 3 = 0 then 'delivered' else 'pending' end, 'pending',
      timestamptz '2026-01-01 00:00:00+00' + (g / 7) * interval '1 minute'
    from generate_series(1, ${ROWS}) as g`);
  await apps.db.handle.db.execute(sql`
    insert into enquiries (first_name, last_name, email, phone, message, source, status, created_at)
    select 'Lead', 'N' || g, 'lead' || g || '@example.com', '', 'Hello', 'contact-form', 'new',
      timestamptz '2026-01-01 00:00:00+00' + (g / 5) * interval '1 minute'
    from generate_series(1, ${ROWS}) as g`);
});

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .slice(1);

describe("streamed CSV exports", () => {
  it("has every order exactly once, newest first, across batches", async () => {
    const res = await apps.backoffice.inject({ method: "GET", url: "/api/admin/orders.csv", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const numbers = csvRows(res.body)
      .map((r) => r.split(",")[0]!)
      .filter((n) => n.startsWith("EXP-"));
    expect(numbers).toHaveLength(ROWS);
    expect(new Set(numbers).size).toBe(ROWS);
    // the list's order: created_at descending, then id descending (here the same as the number)
    const expected = Array.from({ length: ROWS }, (_, i) => i + 1)
      .sort((a, b) => Math.floor(b / 7) - Math.floor(a / 7) || b - a)
      .map((g) => `EXP-${String(g).padStart(6, "0")}`);
    expect(numbers).toEqual(expected);

    const filtered = await apps.backoffice.inject({
      method: "GET",
      url: "/api/admin/orders.csv?status=delivered",
      headers: { cookie },
    });
    expect(csvRows(filtered.body).filter((r) => r.startsWith("EXP-"))).toHaveLength(Math.floor(ROWS / 3));
  });

  it("has every lead exactly once across batches", async () => {
    const res = await apps.backoffice.inject({ method: "GET", url: "/api/admin/contacts.csv", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const emails = csvRows(res.body)
      .map((r) => r.split(",")[4]!)
      .filter((e) => /^lead\d+@example\.com$/.test(e));
    expect(emails).toHaveLength(ROWS);
    expect(new Set(emails).size).toBe(ROWS);
  });
});
