// A USDT amount names its invoice (the last digits are a tag unique among open invoices). When the tag
// drawn for a new order is already another invoice's, the order is stored with other tags, and the
// receipt, the e-mail and the stored answer name the amounts stored: a buyer told another invoice's
// amount would pay somebody else's order (found by the fault test, api/test/reliability/faults.test.ts).
import { schema } from "@ch/db";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApps, useSignedInApps } from "./harness";
import { placeOrderOf, productsInStock } from "./order-fixtures";

let apps: TestApps;
useSignedInApps((signedIn) => {
  ({ apps } = signedIn);
});
const db = () => apps.db.handle.db;
let product: { id: number; price: number };
beforeAll(async () => {
  product = (await productsInStock(db()))[0]!;
});

const usdtText = (micro: bigint) => `${micro / 1_000_000n}.${String(micro % 1_000_000n).padStart(6, "0")}`;

describe("USDT tags already taken", () => {
  it("stores an order with free tags and tells the buyer exactly the amounts stored", async () => {
    const first = await placeOrderOf(apps, product, { paymentMethod: "usdt", email: "tags@example.com" });
    const depositCents = BigInt(first.invoices[0]!.amountCents);
    // a third of the deposit amount's 9,999 tags belong to other (open) invoices: most orders draw a taken one at first
    await db().execute(sql`
      insert into invoices (order_id, kind, reference, amount_cents, usdt_amount_micro, status)
      select ${first.order.id}, 'deposit', 'TAKEN-' || g, ${String(depositCents)}::bigint, ${String(depositCents * 10_000n)}::bigint + g, 'open'
      from generate_series(1, 9999, 3) as g
      on conflict do nothing`);
    const ordersBefore = (await db().select({ id: schema.orders.id }).from(schema.orders)).length;
    for (let i = 0; i < 8; i++) {
      const { receipt, invoices } = await placeOrderOf(apps, product, {
        paymentMethod: "usdt",
        email: `tags${i}@example.com`,
      });
      const told = receipt.payment.invoices.map((inv: { usdtAmount: string }) => inv.usdtAmount);
      expect(told).toEqual(invoices.map((inv) => usdtText(inv.usdtAmountMicro!)));
      const mail = await db()
        .select({ body: schema.notifications.bodyText })
        .from(schema.notifications)
        .where(eq(schema.notifications.recipient, `tags${i}@example.com`));
      expect(mail[0]?.body).toContain(told[0]);
    }
    // one order per request: a statement that met a taken tag stored nothing before it was retried
    expect((await db().select({ id: schema.orders.id }).from(schema.orders)).length).toBe(ordersBefore + 8);
  });
});
