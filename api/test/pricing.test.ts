// One pricing engine for the cart and proposals, through the API: the storefront's quote (REST and tRPC)
// and a proposal with the same line and ZIP agree to the cent; the quote's total is what POST /api/orders
// accepts; the delivery band follows the ZIP's distance from the yard (staff may choose another on a
// proposal); unknown ZIPs, ZIPs of another state and unknown or unavailable products are refused; and a
// tax-rate edit per class is audited and changes the next quote.
import { productInputOf } from "@ch/contracts/catalog";
import { schema } from "@ch/db";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestApps, useSignedInApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";
import { lastAudit, staffMutation, staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;
let abilene: number;

const db = () => apps.db.handle.db;
const quote = (body: Record<string, unknown>) =>
  apps.storefront.inject({ method: "POST", url: "/api/orders/quote", payload: body });
const abileneTo = (state: string, zipCode: string, quantity = 1) => ({
  cartItems: [{ id: abilene, quantity }],
  state,
  zipCode,
});
const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  staffRequest(apps, cookie, method, url, payload);
const trpc = (path: string, input: unknown) => staffMutation(apps, cookie, path, input);
const proposal = (overrides: Record<string, unknown> = {}) => ({
  customerName: "Ana Ruiz",
  email: "ana@example.com",
  state: "TX",
  city: "Austin",
  zipCode: "78701",
  lines: [{ kind: "product", productId: abilene, quantity: 1 }],
  depositPercent: 50,
  validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  ...overrides,
});

useSignedInApps({ timeoutMs: 120_000, apiVersion: LEGACY_API_VERSION }, (signedIn) => {
  ({ apps, cookie } = signedIn);
});
beforeAll(async () => {
  const [row] = await db()
    .select({ id: schema.products.id })
    .from(schema.products)
    .where(eq(schema.products.name, "The Abilene"));
  abilene = row!.id;
}, 120_000);

describe("the cart's quote and a proposal agree", () => {
  it("the Abilene to Austin (73 miles from the yard): $47,404.50 through the cart and through a proposal", async () => {
    const res = await quote(abileneTo("TX", "78701"));
    expect(res.statusCode, res.body).toBe(200);
    // 43,116.00 + delivery 1,500.00; 6.25 % on each: 2,694.75 + 93.75
    expect(res.json()).toEqual({
      lines: [
        {
          productId: abilene,
          name: "The Abilene",
          unitPrice: 43_116,
          quantity: 1,
          lineTotal: 43_116,
          taxClass: "general",
        },
      ],
      subtotal: 43_116,
      tax: 2_788.5,
      taxLines: [
        { taxClass: "general", label: "TX sales tax (6.25 %)", rateBasisPoints: 625, taxable: 43_116, tax: 2_694.75 },
        {
          taxClass: "delivery",
          label: "TX sales tax on delivery (6.25 %)",
          rateBasisPoints: 625,
          taxable: 1_500,
          tax: 93.75,
        },
      ],
      shipping: 1_500,
      deliveryLabel: "Up to 100 miles",
      miles: 73,
      taxState: "TX",
      totalAmount: 47_404.5,
      depositPercent: 50,
      amountDueNow: 23_702.25,
      balanceOnDelivery: 23_702.25,
    });
    const created = await admin("POST", "/api/admin/proposals", proposal());
    expect(created.statusCode, created.body).toBe(201);
    const v = created.json().versions[0];
    expect(v).toMatchObject({
      subtotalCents: 4_311_600,
      deliveryCents: 150_000,
      deliveryLabel: "Up to 100 miles",
      deliveryBandId: expect.any(Number),
      deliveryZip: "78701",
      taxRateBasisPoints: 625,
      taxCents: 278_850,
      totalCents: 4_740_450,
    });
    const q = res.json();
    expect(v.taxLines).toEqual(
      q.taxLines.map((t: { taxable: number; tax: number; [k: string]: unknown }) => {
        const { taxable, tax, ...rest } = t;
        return { ...rest, taxableCents: Math.round(taxable * 100), taxCents: Math.round(tax * 100) };
      }),
    );
    expect(v.lines[0]).toMatchObject({
      kind: "product",
      refId: abilene,
      taxClass: "general",
      lineTotalCents: 4_311_600,
    });
  });

  it("tRPC pricing.quote answers the same figures", async () => {
    const res = await apps.storefront.inject({
      method: "POST",
      url: "/api/trpc/pricing.quote",
      payload: abileneTo("Texas", "78701"),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.data).toEqual((await quote(abileneTo("TX", "78701"))).json());
  });

  it("an order sent with the quote's total is placed at those figures", async () => {
    const q = (await quote(abileneTo("TX", "78205"))).json();
    const res = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        firstName: "Ana",
        lastName: "Ruiz",
        email: "ana@example.com",
        phone: "(512) 555-0101",
        address: "1 Main St",
        city: "San Antonio",
        state: "TX",
        zipCode: "78205",
        paymentMethod: "bank-transfer",
        cartItems: [{ id: abilene, quantity: 1 }],
        totalAmount: q.totalAmount,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      subtotal: q.subtotal,
      tax: q.tax,
      shipping: q.shipping,
      totalAmount: q.totalAmount,
    });
  });

  it("a distant ZIP takes the per-unit band; a state without rates is taxed at 0", async () => {
    const res = await quote(abileneTo("HI", "96813", 2));
    expect(res.statusCode, res.body).toBe(200);
    // 2 × 43,116.00 + 2 × 8,500.00 per unit; Hawaii has no rates in the seeded table
    expect(res.json()).toMatchObject({
      subtotal: 86_232,
      shipping: 17_000,
      deliveryLabel: "Over 500 miles (per unit)",
      miles: 3_707,
      tax: 0,
      totalAmount: 103_232,
    });
    const p = await admin(
      "POST",
      "/api/admin/proposals",
      proposal({ state: "HI", zipCode: "96813", lines: [{ kind: "product", productId: abilene, quantity: 2 }] }),
    );
    expect(p.statusCode, p.body).toBe(201);
    expect(p.json().versions[0]).toMatchObject({ deliveryCents: 1_700_000, taxCents: 0, totalCents: 10_323_200 });
  });

  it("staff's band replaces the ZIP's on a proposal; no ZIP and no band prices no delivery", async () => {
    const [far] = await db().select().from(schema.deliveryBands).where(eq(schema.deliveryBands.label, "250–500 miles"));
    const chosen = await admin("POST", "/api/admin/proposals", proposal({ deliveryBandId: far!.id }));
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().versions[0]).toMatchObject({
      deliveryBandId: far!.id,
      deliveryLabel: "250–500 miles",
      deliveryZip: null,
      deliveryCents: 580_000,
    });
    const none = await admin("POST", "/api/admin/proposals", proposal({ zipCode: "" }));
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().versions[0]).toMatchObject({ deliveryBandId: null, deliveryLabel: "", deliveryCents: 0 });
  });
});

describe("refusals", () => {
  it("an unknown ZIP is a 400 naming zipCode, on the quote and on a proposal", async () => {
    for (const res of [
      await quote(abileneTo("TX", "00000")),
      await admin("POST", "/api/admin/proposals", proposal({ zipCode: "00000" })),
      await admin("POST", "/api/admin/proposals", proposal({ zipCode: "Austin" })),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues.map((i: { path: unknown[] }) => i.path)).toEqual([["zipCode"]]);
      expect(res.json().message).toMatch(/ZIP code/);
    }
    const malformed = await quote(abileneTo("TX", "7870"));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0].path).toEqual(["zipCode"]);
  });

  it("a ZIP of another state is a 400 naming zipCode (the tax is the delivery state's)", async () => {
    const res = await quote(abileneTo("OK", "78701"));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "The ZIP code 78701 is in Texas, not Oklahoma",
      issues: [{ path: ["zipCode"], message: "is in TX, not OK" }],
    });
  });

  it("unknown, draft and out-of-stock products are a 409 as for an order", async () => {
    const unknown = await quote({ ...abileneTo("TX", "78701"), cartItems: [{ id: 999_999, quantity: 1 }] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().unknownProductIds).toEqual([999_999]);
    await db().update(schema.products).set({ inStock: false }).where(eq(schema.products.id, abilene));
    const out = await quote(abileneTo("TX", "78701"));
    await db().update(schema.products).set({ inStock: true }).where(eq(schema.products.id, abilene));
    expect(out.statusCode).toBe(409);
    expect(out.json().outOfStock).toEqual([{ id: abilene, name: "The Abilene" }]);
    const tooMany = await quote({ ...abileneTo("TX", "78701"), cartItems: [{ id: abilene, quantity: 11 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues[0].path).toEqual(["cartItems", 0, "quantity"]);
  });
});

describe("the tax table per class", () => {
  it("a home marked housing is taxed at the housing rate; an edit is audited and changes the next quote", async () => {
    await db().update(schema.products).set({ taxClass: "housing" }).where(eq(schema.products.id, abilene));
    const before = (await quote(abileneTo("TX", "78701"))).json();
    // 43,116.00 × 3.25 % = 1,401.27; delivery 93.75
    expect(before.taxLines.map((t: { label: string; tax: number }) => [t.label, t.tax])).toEqual([
      ["TX sales tax, new manufactured housing (3.25 %)", 1_401.27],
      ["TX sales tax on delivery (6.25 %)", 93.75],
    ]);
    expect(before.totalAmount).toBe(46_111.02);

    const edit = await trpc("proposals.saveTaxRate", { state: "TX", taxClass: "housing", rateBasisPoints: 300 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await lastAudit(db(), "tax-rate.save")).toMatchObject({
      entityType: "tax_rate",
      entityId: "TX:housing",
      detail: { state: "TX", taxClass: "housing", rateBasisPoints: 300, previousRateBasisPoints: 325 },
    });
    const [general] = await db()
      .select()
      .from(schema.taxRates)
      .where(and(eq(schema.taxRates.state, "TX"), eq(schema.taxRates.taxClass, "general")));
    expect(general!.rateBasisPoints).toBe(625);

    const after = (await quote(abileneTo("TX", "78701"))).json();
    // 43,116.00 × 3 % = 1,293.48
    expect(after.taxLines[0]).toMatchObject({ label: "TX sales tax, new manufactured housing (3 %)", tax: 1_293.48 });
    expect(after.totalAmount).toBe(46_003.23);
    // and a proposal prices the housing line alike
    const p = await admin("POST", "/api/admin/proposals", proposal());
    expect(p.json().versions[0].totalCents).toBe(4_600_323);
    await db().update(schema.products).set({ taxClass: "general" }).where(eq(schema.products.id, abilene));
  });

  it("staff set a product's tax class through the admin API", async () => {
    const product = (await admin("GET", `/api/admin/products/${abilene}`)).json();
    expect(product.taxClass).toBe("general");
    const input = productInputOf(product);
    const res = await admin("PUT", `/api/admin/products/${abilene}`, {
      ...input,
      taxClass: "housing",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().taxClass).toBe("housing");
    const bad = await admin("PUT", `/api/admin/products/${abilene}`, {
      ...input,
      taxClass: "delivery",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(["taxClass"]);
    await db().update(schema.products).set({ taxClass: "general" }).where(eq(schema.products.id, abilene));
  });
});
