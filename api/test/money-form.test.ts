// One money form (issue 25 item 4): on /api/admin/*, in webhooks and in the events feed every amount is
// { amount: whole minor units, currency } from Api-Version 2026-12-02 on; a request pinned to 2026-11-28
// still gets the dollars and `…Cents` fields of that version, and the public paths keep their dollars.
// The rules: the money form of a figure is the pinned version's figure in cents, exactly; request
// bodies send money the same way, and an old field name or a bare number is a 400 naming the field.
// Webhook deliveries per endpoint version are in test/webhooks.test.ts. PGlite, and PostgreSQL with DATABASE_URL.
import { readFileSync } from "node:fs";
import { API_VERSION } from "@ch/contracts/api-versions";
import { inCents, inDollars, inUsdt, money, usdtMinorUnits, usdtText } from "@ch/contracts/money";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { moneyFormOf } from "../src/http/route";
import { fromMoneyFormBody, moneyFormPath, moneyPlanOf, toMoneyForm } from "../src/lib/money-form";
import { backofficeRoutes } from "../src/routes";
import { atLeast } from "./feed-reads";
import { firstProductOnSale, type TestApps, useSignedInApps } from "./harness";
import { sendContactEnquiry } from "./lead-fixtures";
import { LEGACY_API_VERSION, usd } from "./money";
import { placeOrderOf } from "./order-fixtures";

describe("the money form of a schema's marked fields", () => {
  const line = z.object({ name: z.string(), unitPriceCents: inCents(), listPrice: inDollars().optional() });
  const answer = z.object({
    id: z.number(),
    total: inDollars(),
    usdtAmount: inUsdt().nullable(),
    lines: z.array(line),
    byKind: z.record(z.string(), z.object({ paidCents: inCents() })),
    kind: z.union([z.object({ feeCents: inCents() }), z.object({ note: z.string() })]).optional(),
  });
  const plan = moneyPlanOf(answer)!;

  it("turns dollars, cents and USDT text into { amount, currency }, a …Cents name losing its suffix", () => {
    const at = new Date("2026-12-02T00:00:00Z");
    expect(
      toMoneyForm(plan, {
        id: 7,
        total: 49065.28,
        usdtAmount: "21558.004217",
        lines: [{ name: "Austin", unitPriceCents: 4_311_600 }],
        byKind: { deposit: { paidCents: 2_453_264 } },
        kind: { feeCents: 50_000 },
        at,
      }),
    ).toEqual({
      id: 7,
      total: money(4_906_528),
      usdtAmount: { amount: 21_558_004_217, currency: "USDT" },
      lines: [{ name: "Austin", unitPrice: money(4_311_600) }],
      byKind: { deposit: { paid: money(2_453_264) } },
      kind: { fee: money(50_000) },
      at,
    });
    expect(toMoneyForm(plan, { id: 1, total: 0, usdtAmount: null, lines: [], byKind: {} })).toEqual({
      id: 1,
      total: money(0),
      usdtAmount: null,
      lines: [],
      byKind: {},
    });
    expect(moneyPlanOf(z.object({ name: z.string(), at: z.date() }))).toBeUndefined();
    // a field renamed onto another is a mistake in the contract, found when its plan is made
    expect(() => moneyPlanOf(z.object({ priceCents: inCents(), price: inDollars() }))).toThrow(/priceCents/);
  });

  it("every whole-cent dollar figure is its cents exactly, and back (property)", () => {
    const figure = z.object({ total: inDollars() });
    const figurePlan = moneyPlanOf(figure)!;
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_00, max: 100_000_000_00 }), (cents) => {
        const wire = toMoneyForm(figurePlan, { total: cents / 100 }) as { total: { amount: number } };
        expect(wire.total.amount).toBe(cents);
        expect(fromMoneyFormBody(figurePlan, wire).value).toEqual({ total: cents / 100 });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_000_000_000_000 }), (units) => {
        expect(usdtMinorUnits(usdtText(units))).toBe(units);
      }),
    );
    expect(usdtMinorUnits("12.5")).toBe(12_500_000);
    expect(usdtMinorUnits("1e3")).toBeUndefined();
  });

  it("reads a body's money back into the schema's units, naming what is not money as it was sent", () => {
    const body = moneyPlanOf(z.object({ lines: z.array(line), discountCents: inCents() }))!;
    expect(fromMoneyFormBody(body, { lines: [{ name: "x", unitPrice: money(100) }], discount: money(5) })).toEqual({
      value: { lines: [{ name: "x", unitPriceCents: 100 }], discountCents: 5 },
      issues: [],
    });
    const refused = fromMoneyFormBody(body, {
      lines: [
        { name: "x", unitPriceCents: 100 },
        { name: "y", unitPrice: 100 },
      ],
      discount: { amount: 5, currency: "EUR" },
    });
    expect(refused.issues.map((issue) => issue.path)).toEqual([
      ["lines", 0, "unitPriceCents"],
      ["lines", 1, "unitPrice"],
      ["discount"],
    ]);
    expect(moneyFormPath(body, ["lines", 2, "unitPriceCents"])).toEqual(["lines", 2, "unitPrice"]);
  });

  it("every admin operation that answers or takes money is in the money form; no public one is", () => {
    const inForm = backofficeRoutes.filter((spec) => moneyFormOf(spec) !== undefined).map((s) => s.operationId);
    expect(inForm).toEqual(
      expect.arrayContaining([
        "listOrders",
        "createOrder",
        "getOrder",
        "getDashboardStats",
        "listAdminProducts",
        "createProduct",
        "recordPayment",
        "listUsdtTransfers",
        "listEvents",
        "getSettings",
        "updateSettings",
      ]),
    );
    expect(backofficeRoutes.filter((s) => s.access !== "admin").some((spec) => moneyFormOf(spec))).toBe(false);
  });
});

describe("the admin API in the money form and pinned to 2026-11-28", () => {
  let apps: TestApps;
  let cookie: string;
  let orderId: number;
  let productId: number;

  useSignedInApps({ env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000 }, (signedIn) => {
    ({ apps, cookie } = signedIn);
  });

  const staff = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, version?: string) =>
    apps.backoffice.inject({
      method,
      url,
      headers: { cookie, origin: apps.env.backofficeOrigin, ...(version ? { "api-version": version } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    const placed = await placeOrderOf(apps, await firstProductOnSale(apps), { paymentMethod: "bank-transfer" });
    orderId = placed.receipt.id as number;
    expect((await sendContactEnquiry(apps, "money@example.com")).statusCode).toBe(201);
    const paid = await staff("POST", `/api/admin/orders/${orderId}/payments`, {
      amount: usd(2500.25),
      receivedAt: "2026-11-20",
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ amount: money(250_025) });
    const created = await staff("POST", "/api/admin/products", {
      name: "Money Form Cabin",
      description: "A 20 ft cabin priced in the money form.",
      price: money(4_250_050),
      category: "20ft-homes",
      images: [],
      specs: { bedrooms: 1, bathrooms: 1 },
      featured: false,
      inStock: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    productId = (created.json() as { id: number }).id;
  }, 60_000);

  it("answers every money figure as the pinned version's figure in whole cents, the rest unchanged", async () => {
    const urls = [
      "/api/admin/orders",
      `/api/admin/orders/${orderId}`,
      `/api/admin/orders/${orderId}/payments`,
      "/api/admin/dashboard/stats",
      "/api/admin/products?limit=50",
      `/api/admin/products/${productId}`,
      "/api/admin/pipeline",
      "/api/admin/settings",
    ];
    for (const url of urls) {
      const spec = backofficeRoutes.find(
        (r) => r.method === "GET" && new RegExp(`^${r.url.replace(/:\w+/g, "[^/?]+")}(\\?|$)`).test(url),
      )!;
      const now = await staff("GET", url);
      const then = await staff("GET", url, undefined, LEGACY_API_VERSION);
      expect(now.statusCode, `${url}: ${now.body}`).toBe(200);
      expect(then.statusCode).toBe(200);
      expect(now.headers["api-version"]).toBe(API_VERSION);
      expect(then.headers["api-version"]).toBe(LEGACY_API_VERSION);
      const form = moneyFormOf(spec)!;
      expect(now.json(), url).toEqual(JSON.parse(JSON.stringify(form.answer!(then.json(), API_VERSION))));
      expect(now.body, url).not.toBe(then.body);
    }
    const order = (await staff("GET", `/api/admin/orders/${orderId}`)).json() as Record<string, unknown>;
    const legacy = (await staff("GET", `/api/admin/orders/${orderId}`, undefined, LEGACY_API_VERSION)).json() as Record<
      string,
      number
    >;
    expect(order.totalAmount).toEqual(money(Math.round(legacy.totalAmount! * 100)));
    expect(order.paid).toEqual(money(250_025));
    expect(legacy.paid).toBe(2500.25);
    const product = (await staff("GET", `/api/admin/products/${productId}`)).json() as { price: unknown };
    expect(product.price).toEqual(money(4_250_050));
  });

  it("keeps the public paths in dollars whatever the version", async () => {
    const publicProduct = await apps.storefront.inject({ method: "GET", url: `/api/products/${productId}` });
    expect((publicProduct.json() as { price: number }).price).toBe(42_500.5);
  });

  it("refuses a bare number or an old field name with 400 naming the field as sent; the pinned version takes them", async () => {
    const bare = await staff("POST", `/api/admin/orders/${orderId}/payments`, { amount: 10, receivedAt: "2026-11-21" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: "invalid_request", issues: [{ path: ["amount"] }] });
    const euros = await staff("POST", `/api/admin/orders/${orderId}/payments`, {
      amount: { amount: 1000, currency: "EUR" },
      receivedAt: "2026-11-21",
    });
    expect(euros.statusCode).toBe(400);
    const fraction = await staff("POST", `/api/admin/orders/${orderId}/payments`, {
      amount: { amount: 10.5, currency: "USD" },
      receivedAt: "2026-11-21",
    });
    expect(fraction.statusCode).toBe(400);
    const proposal = {
      customerName: "Ana Ruiz",
      email: "ana@example.com",
      state: "TX",
      validUntil: "2099-01-31",
    };
    const oldName = await staff("POST", "/api/admin/proposals", {
      ...proposal,
      lines: [{ kind: "custom", name: "Site survey", unitPriceCents: 100_000, quantity: 1 }],
    });
    expect(oldName.statusCode).toBe(400);
    expect((oldName.json() as { issues: { path: unknown[] }[] }).issues[0]!.path).toEqual([
      "lines",
      0,
      "unitPriceCents",
    ]);
    // a rule of the schema names the field as sent, too
    const negative = await staff("POST", "/api/admin/proposals", {
      ...proposal,
      lines: [{ kind: "custom", name: "Site survey", unitPrice: money(100_000), quantity: 1 }],
      discount: { amount: -5, currency: "USD" },
    });
    expect(negative.statusCode).toBe(400);
    expect((negative.json() as { issues: { path: unknown[] }[] }).issues.map((i) => i.path)).toContainEqual([
      "discount",
    ]);
    const created = await staff("POST", "/api/admin/proposals", {
      ...proposal,
      lines: [{ kind: "custom", name: "Site survey", unitPrice: money(100_000), quantity: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      versions: [{ lines: [{ unitPrice: money(100_000), lineTotal: money(100_000) }] }],
    });
    const pinned = await staff(
      "POST",
      "/api/admin/proposals",
      { ...proposal, lines: [{ kind: "custom", name: "Site survey", unitPriceCents: 100_000, quantity: 1 }] },
      LEGACY_API_VERSION,
    );
    expect(pinned.statusCode, pinned.body).toBe(201);
    expect(pinned.json()).toMatchObject({ versions: [{ lines: [{ unitPriceCents: 100_000 }] }] });
    // nothing of the refused bodies was stored: one payment, as recorded before
    const payments = (await staff("GET", `/api/admin/orders/${orderId}/payments`)).json() as { payments: unknown[] };
    expect(payments.payments).toHaveLength(1);
  });

  it("lists the events feed's data in the money form, and in dollars when pinned", async () => {
    const read = async (version?: string) => {
      const res = await staff("GET", "/api/admin/events?type=payment.recorded", undefined, version);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { id: string; data: Record<string, unknown> }[] }).items;
    };
    // the feed shows the payment once every transaction older than it has settled
    await atLeast(1, () => read());
    const [now] = await read();
    const [then] = await read(LEGACY_API_VERSION);
    expect(now!.id).toBe(then!.id);
    expect(now!.data).toMatchObject({ amount: money(250_025), paidTotal: money(250_025) });
    expect(then!.data).toMatchObject({ amount: 2500.25, paidTotal: 2500.25 });
  });

  it("serves the document of the pinned version: Money on admin paths now, dollars in 2026-11-28's", async () => {
    const documentOf = async (version?: string) =>
      (
        await apps.backoffice.inject({
          method: "GET",
          url: "/api/openapi.json",
          headers: version ? { "api-version": version } : {},
        })
      ).json() as { info: { version: string }; paths: Record<string, Record<string, unknown>> };
    const now = await documentOf();
    const then = await documentOf(LEGACY_API_VERSION);
    expect(now.info.version).toBe(API_VERSION);
    expect(then.info.version).toBe(LEGACY_API_VERSION);
    const orderAnswer = (document: typeof now) =>
      JSON.stringify((document.paths["/api/admin/orders/{id}"]!.get as { responses: unknown }).responses);
    expect(orderAnswer(now)).toContain('"totalAmount":{"$ref":"#/components/schemas/Money"}');
    expect(orderAnswer(then)).not.toContain("Money");
    const publicAnswer = JSON.stringify(now.paths["/api/products/{id}"]);
    expect(publicAnswer).not.toContain("Money");
  });
});

it("has one changelog entry per version, newest first, and the SDK pins the current one", async () => {
  const { CHANGELOG } = await import("../src/http/api-version");
  const { API_VERSIONS } = await import("@ch/contracts/api-versions");
  expect(CHANGELOG.map((entry) => entry.date)).toEqual([...API_VERSIONS]);
  // the SDK's source (its types are generated at build, so it is read, not imported)
  const sdk = readFileSync(new URL("../../sdk/src/index.ts", import.meta.url), "utf8");
  expect(sdk).toContain(`export const API_VERSION = "${API_VERSION}";`);
});
