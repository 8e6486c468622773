// The price lists staff keep (options/add-ons, delivery bands, sales-tax rates): create, edit and delete
// through tRPC, 404 for a row that does not exist, 400 naming the field for bad input, an audit line for
// each write; and deleting an option or a band a sent proposal was priced with changes none of that
// proposal's stored figures (staff view, the customer's page, the acceptance, the order's receipt with its
// discount line and the confirmation e-mail).
import { schema } from "@ch/db";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type TestApps, useSignedInApps } from "./harness";
import { LEGACY_API_VERSION } from "./money";
import { signed } from "./signing";
import { lastAudit, staffMutation, staffRequest } from "./staff-requests";

let apps: TestApps;
let cookie: string;

const db = () => apps.db.handle.db;
const mutate = (path: string, input: unknown) => staffMutation(apps, cookie, `proposals.${path}`, input);
const lists = async () => {
  const res = await apps.backoffice.inject({
    method: "GET",
    url: "/api/trpc/proposals.priceLists",
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.data as {
    options: { id: number; name: string; priceCents: number; active: boolean }[];
    bands: { id: number; label: string; feeCents: number; perUnit: boolean }[];
    taxRates: { state: string; taxClass: string; rateBasisPoints: number }[];
  };
};
const admin = (method: "GET" | "POST", url: string, payload?: unknown) =>
  staffRequest(apps, cookie, method, url, payload);

useSignedInApps(
  { env: { SMTP_URL: "smtp://127.0.0.1:9" }, timeoutMs: 120_000, apiVersion: LEGACY_API_VERSION },
  (signedIn) => {
    ({ apps, cookie } = signedIn);
  },
);

describe("options and add-ons", () => {
  it("creates, edits and deletes an option", async () => {
    const created = await mutate("saveOption", { id: null, option: { name: "Rooftop deck", priceCents: 850_000 } });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.data.id as number;
    const edited = await mutate("saveOption", {
      id,
      option: { name: "Rooftop deck (cedar)", priceCents: 925_000, active: false },
    });
    expect(edited.statusCode).toBe(200);
    expect((await lists()).options.find((o) => o.id === id)).toMatchObject({
      name: "Rooftop deck (cedar)",
      priceCents: 925_000,
      active: false,
    });
    expect((await lastAudit(db(), "proposal-option.update"))?.entityId).toBe(String(id));
    const deleted = await mutate("deleteOption", { id });
    expect(deleted.statusCode).toBe(200);
    expect((await lists()).options.some((o) => o.id === id)).toBe(false);
    expect((await lastAudit(db(), "proposal-option.delete"))?.entityId).toBe(String(id));
    // gone: editing or deleting it again is a 404
    expect((await mutate("deleteOption", { id })).statusCode).toBe(404);
    expect((await mutate("saveOption", { id, option: { name: "x", priceCents: 1 } })).statusCode).toBe(404);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const res = await mutate("saveOption", { id: null, option: { name: "", priceCents: -5 } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/name|price/);
    expect((await mutate("deleteOption", { id: "one" })).statusCode).toBe(400);
  });
});

describe("delivery bands and tax rates", () => {
  it("creates, edits and deletes a band", async () => {
    const created = await mutate("saveDeliveryBand", {
      id: null,
      band: { label: "Up to 500 miles", feeCents: 600_000 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.data.id as number;
    expect(
      (await mutate("saveDeliveryBand", { id, band: { label: "Per home", feeCents: 90_000, perUnit: true } }))
        .statusCode,
    ).toBe(200);
    expect((await lists()).bands.find((b) => b.id === id)).toMatchObject({
      label: "Per home",
      feeCents: 90_000,
      perUnit: true,
    });
    expect((await mutate("deleteDeliveryBand", { id })).statusCode).toBe(200);
    expect((await lists()).bands.some((b) => b.id === id)).toBe(false);
    expect((await mutate("deleteDeliveryBand", { id })).statusCode).toBe(404);
  });

  it("edits a state's rate per tax class in place and deletes it, audited with the rate it replaced", async () => {
    expect((await mutate("saveTaxRate", { state: "NM", rateBasisPoints: 500 })).statusCode).toBe(200);
    expect((await mutate("saveTaxRate", { state: "NM", rateBasisPoints: 513 })).statusCode).toBe(200);
    expect((await mutate("saveTaxRate", { state: "NM", taxClass: "housing", rateBasisPoints: 300 })).statusCode).toBe(
      200,
    );
    expect((await lists()).taxRates.filter((r) => r.state === "NM")).toEqual([
      { state: "NM", taxClass: "general", rateBasisPoints: 513 },
      { state: "NM", taxClass: "housing", rateBasisPoints: 300 },
    ]);
    expect(await lastAudit(db(), "tax-rate.save")).toMatchObject({
      entityId: "NM:housing",
      detail: { state: "NM", taxClass: "housing", rateBasisPoints: 300, previousRateBasisPoints: null },
    });
    expect((await mutate("deleteTaxRate", { state: "NM" })).statusCode).toBe(200);
    expect((await lists()).taxRates.filter((r) => r.state === "NM")).toEqual([
      { state: "NM", taxClass: "housing", rateBasisPoints: 300 },
    ]);
    expect((await mutate("deleteTaxRate", { state: "NM" })).statusCode).toBe(404);
    expect((await mutate("deleteTaxRate", { state: "NM", taxClass: "housing" })).statusCode).toBe(200);
    expect(await lastAudit(db(), "tax-rate.delete")).toMatchObject({
      entityId: "NM:housing",
      detail: { previousRateBasisPoints: 300 },
    });
    const bad = await mutate("saveTaxRate", { state: "NM", rateBasisPoints: 2500 });
    expect(bad.statusCode).toBe(400);
    const badClass = await mutate("saveTaxRate", { state: "NM", taxClass: "food", rateBasisPoints: 100 });
    expect(badClass.statusCode).toBe(400);
    expect(JSON.stringify(badClass.json())).toContain("taxClass");
  });
});

describe("the checkout's prices after a price-list change", () => {
  it("quotes the new tax rate at once: the order path's kept rates are dropped by the change", async () => {
    const product = (await apps.storefront.inject({ method: "GET", url: "/api/products" }))
      .json()
      .find((p: { inStock: boolean }) => p.inStock) as { id: number; name: string; price: number };
    const quote = async () => {
      const res = await apps.storefront.inject({
        method: "POST",
        url: "/api/orders/quote",
        payload: {
          cartItems: [{ id: product.id, name: product.name, price: product.price, quantity: 1 }],
          state: "TX",
          zipCode: "78201",
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { tax: number; shipping: number };
    };
    // every class of Texas at 0 %: the product's, and the delivery charge's
    const current = await db().select().from(schema.taxRates).where(eq(schema.taxRates.state, "TX"));
    expect(current.length).toBeGreaterThan(0);
    const before = await quote();
    expect(before.tax).toBeGreaterThan(0);
    await quote(); // read from the kept rates now
    try {
      for (const rate of current) {
        const saved = await mutate("saveTaxRate", { state: "TX", taxClass: rate.taxClass, rateBasisPoints: 0 });
        expect(saved.statusCode).toBe(200);
      }
      expect((await quote()).tax).toBe(0);
    } finally {
      for (const rate of current) {
        await mutate("saveTaxRate", { state: "TX", taxClass: rate.taxClass, rateBasisPoints: rate.rateBasisPoints });
      }
    }
    expect((await quote()).tax).toBe(before.tax);
  });
});

describe("deleting what a proposal was priced with", () => {
  it("leaves the sent proposal's stored figures, the customer's page and the acceptance unchanged", async () => {
    const option = (
      await mutate("saveOption", { id: null, option: { name: "Solar package", priceCents: 1_199_999 } })
    ).json().result.data.id as number;
    const band = (
      await mutate("saveDeliveryBand", { id: null, band: { label: "Up to 250 miles", feeCents: 275_000 } })
    ).json().result.data.id as number;
    // Solar 11,999.99 × 2 = 23,999.98 + site work 5,000.00 = 28,999.98; − 999.98 = 28,000.00; + delivery 2,750.00
    // = 30,750.00; OK 4.5 % = 1,383.75; total 32,133.75; deposit 50 % = 16,066.88 (half-up), balance 16,066.87
    const created = await admin("POST", "/api/admin/proposals", {
      customerName: "Ada Price",
      email: "ada@example.com",
      state: "OK",
      city: "Tulsa",
      lines: [
        { kind: "option", optionId: option, quantity: 2 },
        { kind: "custom", name: "Site work", unitPriceCents: 500_000, quantity: 1 },
      ],
      deliveryBandId: band,
      discountCents: 99_998,
      depositPercent: 50,
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json().versions[0]).toMatchObject({
      subtotalCents: 2_899_998,
      discountCents: 99_998,
      deliveryCents: 275_000,
      taxRateBasisPoints: 450,
      taxCents: 138_375,
      totalCents: 3_213_375,
    });
    expect((await admin("POST", `/api/admin/proposals/${id}/send`)).statusCode).toBe(200);
    const before = (await admin("GET", `/api/admin/proposals/${id}`)).json();
    const token = before.token as string;
    const page = async () => (await apps.storefront.inject({ method: "GET", url: `/api/proposals/${token}` })).json();
    const pageBefore = await page();
    expect(pageBefore).toMatchObject({ totalCents: 3_213_375, depositCents: 1_606_688, balanceCents: 1_606_687 });

    expect((await mutate("deleteOption", { id: option })).statusCode).toBe(200);
    expect((await mutate("deleteDeliveryBand", { id: band })).statusCode).toBe(200);
    // and the state's rate changes: the sent version keeps the rate it was priced at
    expect((await mutate("saveTaxRate", { state: "OK", rateBasisPoints: 900 })).statusCode).toBe(200);

    const after = (await admin("GET", `/api/admin/proposals/${id}`)).json();
    expect(after.versions).toEqual(before.versions);
    expect(after.versions[0].lines[0]).toMatchObject({ kind: "option", refId: option, name: "Solar package" });
    expect(after.versions[0].deliveryLabel).toBe("Up to 250 miles");
    expect(await page()).toEqual(pageBefore);

    const accepted = await apps.storefront.inject({
      method: "POST",
      url: `/api/proposals/${token}/accept`,
      payload: await signed(apps, token, { fullName: "Ada Price", agree: true, version: 1 }),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ totalCents: 3_213_375, depositCents: 1_606_688, balanceCents: 1_606_687 });
    const [order] = await db()
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderNumber, accepted.json().orderNumber));
    expect(order).toMatchObject({ totalCents: 3_213_375, taxCents: 138_375, shippingCents: 275_000 });
    const lines = await db()
      .select()
      .from(schema.orderLines)
      .where(and(eq(schema.orderLines.orderId, order!.id), eq(schema.orderLines.productName, "Solar package")));
    expect(lines).toMatchObject([{ unitPriceCents: 1_199_999, quantity: 2 }]);
    // the customer's receipt: subtotal (the lines) 28,999.98 − discount 999.98 + delivery 2,750.00 + tax
    const lookup = await apps.storefront.inject({
      method: "POST",
      url: "/api/orders/lookup",
      payload: { orderNumber: order!.orderNumber, email: "ada@example.com" },
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({
      discount: 999.98,
      subtotal: 28_999.98,
      tax: 1_383.75,
      totalAmount: 32_133.75,
    });
    const mail = (
      await db()
        .select()
        .from(schema.notifications)
        .where(and(eq(schema.notifications.kind, "order-confirmation"), eq(schema.notifications.entityId, order!.id)))
    )[0];
    // the tax named per class at the rates the version was priced with (4.5 %, not the 9 % set since)
    expect(mail!.bodyText).toContain(
      [
        "Subtotal: $28,999.98",
        "Discount: −$999.98",
        "Delivery (Up to 250 miles): $2,750.00",
        "OK sales tax (4.5 %): $1,260.00",
        "OK sales tax on delivery (4.5 %): $123.75",
      ].join("\n"),
    );
  });
});
