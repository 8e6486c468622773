// Repeating a line to pass the per-product cap (issue 15, hole 10): 20 lines of {id: 10, quantity: 10}
// used to become one 200-unit, $8.4 M order. The lines of one product are now merged before the rules,
// so the cap (10 of one product) applies to the merged quantity: 400 naming the line and the reason,
// on the REST path and the tRPC procedure alike. Proposals (staff input, 100 per line) get the same
// rule for a catalog product or option repeated over lines, and a total too large to store is a 400.

import { MAX_LINE_QUANTITY } from "@ch/contracts/constants";
import { schema } from "@ch/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderBody, signedInCookie, startTestApps, type TestApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";
import { productsInStock } from "./order-fixtures";

let apps: TestApps;
let cookie: string;
let product: { id: number; name: string; price: number };

beforeAll(async () => {
  apps = await startTestApps({ apiVersion: LEGACY_API_VERSION });
  product = (await productsInStock(apps.db.handle.db))[0]!;
}, 120_000);

afterAll(async () => {
  await apps?.close();
});

const ordersStored = async () => (await apps.db.handle.db.select({ n: count() }).from(schema.orders))[0]!.n;
const placeRest = (body: object) => apps.storefront.inject({ method: "POST", url: "/api/orders", payload: body });
/** One product's units ordered over two lines. */
const twoLinesOf = (first: number, second: number) =>
  orderBody([
    { id: product.id, quantity: first, price: product.price },
    { id: product.id, quantity: second, price: product.price },
  ]);
const placeTrpc = (body: object) =>
  apps.storefront.inject({ method: "POST", url: "/api/trpc/orders.place", payload: { order: body } });

describe("orders", () => {
  it("refuses 20 lines of 10 of one product (the 200-unit order) with the line and the reason", async () => {
    const before = await ordersStored();
    const lines = Array.from({ length: 20 }, () => ({ id: product.id, quantity: 10, price: product.price }));
    for (const place of [placeRest, placeTrpc]) {
      const res = await place(orderBody(lines));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      const issues = (body.issues ?? body.error?.data?.issues) as { path: (string | number)[]; message: string }[];
      const issue = issues.find((i) => i.message.includes("adding up to"));
      expect(issue?.path.slice(-3)).toEqual(["cartItems", 0, "quantity"]);
      expect(issue?.message).toBe(
        `product ${product.id} is on 20 lines adding up to 200; at most ${MAX_LINE_QUANTITY} of one product`,
      );
    }
    expect(await ordersStored()).toBe(before);
  });

  it("merges lines of one product within the cap into one line", async () => {
    const res = await placeRest(twoLinesOf(4, 3));
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    expect(receipt.lines).toEqual([
      {
        productId: product.id,
        name: product.name,
        unitPrice: product.price,
        quantity: 7,
        lineTotal: product.price * 7,
      },
    ]);
    const stored = await apps.db.handle.db
      .select({ quantity: schema.orderLines.quantity })
      .from(schema.orderLines)
      .where(eq(schema.orderLines.orderId, receipt.id));
    expect(stored).toEqual([{ quantity: 7 }]);
  });

  it("refuses 6 + 5 of one product (over the cap only once merged)", async () => {
    const res = await placeRest(twoLinesOf(6, 5));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({
      path: ["cartItems", 0, "quantity"],
      message: `product ${product.id} is on 2 lines adding up to 11; at most ${MAX_LINE_QUANTITY} of one product`,
    });
  });
});

describe("proposals", () => {
  beforeAll(async () => {
    cookie = await signedInCookie(apps);
  });
  const admin = (payload: object) =>
    apps.backoffice.inject({
      method: "POST",
      url: "/api/admin/proposals",
      headers: { cookie, origin: apps.env.backofficeOrigin },
      payload,
    });
  const proposal = (lines: object[]) => ({
    customerName: "Dana Reyes",
    email: "dana@example.com",
    state: "TX",
    lines,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  });

  it("refuses a catalog product repeated over lines past 100, and still takes 60 + 40", async () => {
    const repeated = Array.from({ length: 50 }, () => ({ kind: "product", productId: product.id, quantity: 100 }));
    const res = await admin(proposal(repeated));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ["lines", 0, "quantity"], message: "is on 50 lines adding up to 5000; at most 100" },
    ]);
    const fine = await admin(
      proposal([
        { kind: "product", productId: product.id, quantity: 60 },
        { kind: "product", productId: product.id, quantity: 40 },
      ]),
    );
    expect(fine.statusCode).toBe(201);
  });

  it("answers 400, not 500, for a total larger than a proposal can hold", async () => {
    const res = await admin(
      // amounts are bigint cents: $21,474,836.48 and more is an amount like any other; past $10 billion is refused
      proposal(
        Array.from({ length: 11 }, (_, i) => ({
          kind: "custom",
          name: `Compound ${i + 1}`,
          unitPriceCents: 1_000_000_000,
          quantity: 100,
        })),
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "The total is too large (at most $10,000,000,000.00); please contact us for a quote",
      issues: [{ path: ["lines"], message: "the lines add up to more than one order can hold" }],
    });
  });
});
