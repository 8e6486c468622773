// The pricing engine against hand-computed figures, and a property test: for the same products, ZIP and
// state, the cart and a proposal build the same engine input and get the same figures to the cent; and
// for any lines, options, custom lines, discount, ZIP and state the figures add up.

import { isDeepStrictEqual } from "node:util";
import { US_STATES } from "@ch/contracts/constants";
import type { TaxClass } from "@ch/contracts/pricing";
import type { ProposalLineInput } from "@ch/contracts/proposals";
import { seedDeliveryBands, seedTaxRates } from "@ch/db/seed";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { type PricingInput, type PricingLine, priceOrder } from "./engine";
import {
  bandForMiles,
  cartPricingInput,
  type OptionForPricing,
  type PricingContext,
  type ProductForPricing,
  proposalPricingInput,
  ratesByClass,
} from "./pricing.service";
import { findZip, milesBetween } from "./zip-distance";

/** The seeded yard (business settings' default company.latitude/longitude: San Antonio). */
const YARD = { latitude: 29.4739, longitude: -98.5292 };
const TX = { general: 625, housing: 325, delivery: 625 };
const WITHIN_100 = { label: "Up to 100 miles", feeCents: 150_000, perUnit: false };
const abilene = (taxClass: PricingLine["taxClass"]): PricingLine => ({
  kind: "product",
  refId: 2,
  name: "The Abilene",
  unitPriceCents: 4_311_600,
  quantity: 1,
  taxClass,
});
/** One custom line "x" of the general class at `unitPriceCents`. */
const customLine = (unitPriceCents: number): PricingLine => ({
  kind: "custom",
  refId: null,
  name: "x",
  unitPriceCents,
  quantity: 1,
  taxClass: "general",
});
const input = (over: Partial<PricingInput>): PricingInput => ({
  lines: [],
  discountCents: 0,
  delivery: null,
  taxState: "TX",
  rates: TX,
  depositPercent: 50,
  ...over,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, paths: error.issues.map((i) => i.path) };
    throw error;
  }
  throw new Error("not refused");
};

describe("priceOrder: hand-computed figures", () => {
  it("the Abilene delivered within 100 miles in Texas: the cart's and the quote's $47,404.50", () => {
    const p = priceOrder(input({ lines: [abilene("general")], delivery: WITHIN_100 }));
    // 4,311,600 × 6.25 % = 269,475; delivery 150,000 × 6.25 % = 9,375; 4,311,600 + 150,000 + 278,850
    expect(p).toMatchObject({
      subtotalCents: 4_311_600,
      discountCents: 0,
      deliveryCents: 150_000,
      deliveryLabel: "Up to 100 miles",
      taxCents: 278_850,
      totalCents: 4_740_450,
      taxRateBasisPoints: 625,
      depositPercent: 50,
      depositCents: 2_370_225,
      balanceCents: 2_370_225,
    });
    expect(p.taxLines).toEqual([
      {
        taxClass: "general",
        label: "TX sales tax (6.25 %)",
        rateBasisPoints: 625,
        taxableCents: 4_311_600,
        taxCents: 269_475,
      },
      {
        taxClass: "delivery",
        label: "TX sales tax on delivery (6.25 %)",
        rateBasisPoints: 625,
        taxableCents: 150_000,
        taxCents: 9_375,
      },
    ]);
    expect(p.lines[0]!.lineTotalCents).toBe(4_311_600);
  });

  it("a home of the housing class is taxed at its own rate (Texas: 65 % of the price at 5 % = 3.25 %)", () => {
    const p = priceOrder(input({ lines: [abilene("housing")], delivery: WITHIN_100 }));
    // 4,311,600 × 3.25 % = 140,127; + 9,375 on delivery = 149,502; total 4,611,102
    expect(p.taxLines.map((t) => [t.label, t.taxCents])).toEqual([
      ["TX sales tax, new manufactured housing (3.25 %)", 140_127],
      ["TX sales tax on delivery (6.25 %)", 9_375],
    ]);
    expect(p.taxCents).toBe(149_502);
    expect(p.totalCents).toBe(4_611_102);
    // no general line: the general rate is still the documented taxRateBasisPoints
    expect(p.taxRateBasisPoints).toBe(625);
  });

  it("shares the discount over the classes pro rata (largest remainder), each class rounded half up", () => {
    const p = priceOrder(
      input({
        lines: [
          abilene("housing"),
          { kind: "option", refId: 1, name: "Foundation", unitPriceCents: 450_000, quantity: 1, taxClass: "general" },
          { kind: "custom", refId: null, name: "Site work", unitPriceCents: 125_050, quantity: 2, taxClass: "general" },
        ],
        discountCents: 100_000,
        delivery: WITHIN_100,
      }),
    );
    // subtotal 4,311,600 + 450,000 + 250,100 = 5,011,700. Discount shares: housing 100,000 × 4,311,600 /
    // 5,011,700 = 86,030.69, general 100,000 × 700,100 / 5,011,700 = 13,969.31 → floors 86,030 + 13,969 =
    // 99,999, the cent left goes to the larger remainder (housing): 86,031 and 13,969.
    // housing (4,311,600 − 86,031) × 3.25 % = 4,225,569 × 0.0325 = 137,330.99 → 137,331
    // general (700,100 − 13,969) × 6.25 % = 686,131 × 0.0625 = 42,883.19 → 42,883
    // delivery 150,000 × 6.25 % = 9,375; tax 189,589; total 5,011,700 − 100,000 + 150,000 + 189,589
    expect(p.taxLines.map((t) => [t.taxClass, t.taxableCents, t.taxCents])).toEqual([
      ["general", 686_131, 42_883],
      ["housing", 4_225_569, 137_331],
      ["delivery", 150_000, 9_375],
    ]);
    expect(p.taxCents).toBe(189_589);
    expect(p.totalCents).toBe(5_251_289);
    // 5,251,289 × 50 % = 2,625,644.5: half a cent up on the deposit
    expect([p.depositCents, p.balanceCents]).toEqual([2_625_645, 2_625_644]);
  });

  it("one class: the figures of the proposal arithmetic before tax classes (delivery taxed at the same rate)", () => {
    const p = priceOrder(
      input({
        lines: [
          { kind: "product", refId: 1, name: "40ft home", unitPriceCents: 4_311_600, quantity: 1, taxClass: "general" },
          { kind: "option", refId: 2, name: "Foundation", unitPriceCents: 450_000, quantity: 1, taxClass: "general" },
          { kind: "custom", refId: null, name: "Site work", unitPriceCents: 125_050, quantity: 2, taxClass: "general" },
        ],
        discountCents: 100_000,
        delivery: WITHIN_100,
      }),
    );
    // 5,011,700 − 100,000 = 4,911,700 × 6.25 % = 306,981.25 → 306,981; + 9,375 = 316,356; total 5,378,056
    expect([p.taxCents, p.totalCents, p.depositCents, p.balanceCents]).toEqual([
      316_356, 5_378_056, 2_689_028, 2_689_028,
    ]);
  });

  it("a per-unit fee multiplies by the homes; options and custom lines are not homes", () => {
    const p = priceOrder(
      input({
        lines: [
          { kind: "product", refId: 1, name: "20ft home", unitPriceCents: 2_000_000, quantity: 2, taxClass: "general" },
          { kind: "option", refId: 3, name: "Deck", unitPriceCents: 0, quantity: 3, taxClass: "general" },
        ],
        delivery: { label: "Over 500 miles (per unit)", feeCents: 850_000, perUnit: true },
        taxState: "OK",
        rates: { general: 450, housing: 450, delivery: 450 },
        depositPercent: 30,
      }),
    );
    // 4,000,000 × 4.5 % = 180,000; delivery 2 × 850,000 = 1,700,000 × 4.5 % = 76,500; total 5,956,500
    expect([p.deliveryCents, p.taxCents, p.totalCents, p.depositCents, p.balanceCents]).toEqual([
      1_700_000, 256_500, 5_956_500, 1_786_950, 4_169_550,
    ]);
    expect(p.taxLines.map((t) => t.label)).toEqual(["OK sales tax (4.5 %)", "OK sales tax on delivery (4.5 %)"]);
  });

  it("rounds half a cent of tax up; a class without a rate is taxed at 0", () => {
    const eight = customLine(8);
    expect(priceOrder(input({ lines: [eight] })).taxCents).toBe(1); // 0.5 cent → 1
    const none = priceOrder(input({ lines: [eight], delivery: WITHIN_100, taxState: "OR", rates: {} }));
    expect(none.taxCents).toBe(0);
    expect(none.taxLines.map((t) => t.label)).toEqual(["OR sales tax (0 %)", "OR sales tax on delivery (0 %)"]);
    expect(none.totalCents).toBe(150_008);
  });

  it("refuses a discount larger than the subtotal (discountCents) and a total past $10 billion (the lines)", () => {
    const line = customLine(100);
    expect(refusal(() => priceOrder(input({ lines: [line], discountCents: 101 })))).toEqual({
      status: 400,
      paths: [["discountCents"]],
    });
    const huge = { ...line, unitPriceCents: 1_000_000_000, quantity: 1_001 };
    expect(refusal(() => priceOrder(input({ lines: [huge] })))).toEqual({ status: 400, paths: [["lines"]] });
    expect(refusal(() => priceOrder(input({ lines: [huge] }), { linesField: "cartItems" }))).toEqual({
      status: 400,
      paths: [["cartItems"]],
    });
    // just under the limit with its tax: exact to the cent
    const big = { ...line, unitPriceCents: 900_000_000, quantity: 1_000 };
    expect(priceOrder(input({ lines: [big] })).totalCents).toBe(956_250_000_000);
  });
});

describe("the delivery band of a distance", () => {
  const bands = seedDeliveryBands.map((b, index) => ({ ...b, id: index + 1, sortOrder: index }));
  it("is the smallest maxMiles at least the miles; a band without maxMiles takes any distance", () => {
    expect(bandForMiles(bands, 0)?.label).toBe("Up to 100 miles");
    expect(bandForMiles(bands, 100)?.label).toBe("Up to 100 miles");
    expect(bandForMiles(bands, 101)?.label).toBe("100–250 miles");
    expect(bandForMiles(bands, 500)?.label).toBe("250–500 miles");
    expect(bandForMiles(bands, 501)?.label).toBe("Over 500 miles (per unit)");
    expect(bandForMiles(bands.slice(0, 3), 501)).toBeUndefined();
  });
});

// ---------- the cart and proposals agree ----------

/** Real ZIP codes at various distances from the yard (4 to 3,707 miles), with their state. */
const ZIPS = [
  "78205", // San Antonio, 4 miles
  "78666", // San Marcos, 45
  "78701", // Austin, 73
  "76501", // Temple, 132
  "78401", // Corpus Christi, 135
  "77002", // Houston, 191
  "79601", // Abilene, 219
  "75201", // Dallas, 251
  "73102", // Oklahoma City, 419
  "79901", // El Paso, 498
  "70112", // New Orleans, 508
  "72201", // Little Rock, 516
  "87501", // Santa Fe, 610
  "80202", // Denver, 799
  "85001", // Phoenix, 843
  "33101", // Miami, 1,149
  "10001", // New York, 1,582
  "99501", // Anchorage, 3,187
  "96813", // Honolulu, 3,707
];

/** What pricingContext reads for a ZIP, from the seeded bands and tax table (states without rows: 0). */
let contexts: PricingContext[] = [];
beforeAll(async () => {
  const bands = seedDeliveryBands.map((b, index) => ({ ...b, id: index + 1, sortOrder: index }));
  contexts = await Promise.all(
    ZIPS.map(async (zip) => {
      const place = (await findZip(zip))!;
      const miles = milesBetween(YARD, place);
      const band = bandForMiles(bands, miles)!;
      return {
        taxState: place.state,
        deliveryZip: zip,
        delivery: { bandId: band.id, label: band.label, feeCents: band.feeCents, perUnit: band.perUnit, miles },
        rates: ratesByClass(seedTaxRates.filter((r) => r.state === place.state)),
      };
    }),
  );
  expect(contexts.every((c) => c.taxState in US_STATES)).toBe(true);
});

const cents = (max: number) => fc.integer({ min: 0, max });
const catalog = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 60 }),
      priceCents: cents(50_000_000),
      taxClass: fc.constantFrom("general", "housing"),
    }),
    { selector: (p) => p.id, minLength: 1, maxLength: 12 },
  )
  .map((rows): ProductForPricing[] => rows.map((r) => ({ ...r, name: `Home ${r.id}` })));
const options = fc
  .uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 20 }), priceCents: cents(5_000_000) }), {
    selector: (o) => o.id,
    maxLength: 5,
  })
  .map((rows): OptionForPricing[] => rows.map((r) => ({ ...r, name: `Option ${r.id}` })));

const order = fc
  .record({
    products: catalog,
    options,
    context: fc.nat(ZIPS.length - 1),
    depositPercent: fc.integer({ min: 1, max: 100 }),
  })
  .chain(({ products, options, context, depositPercent }) =>
    fc.record({
      products: fc.constant(products),
      options: fc.constant(options),
      context: fc.constant(context),
      depositPercent: fc.constant(depositPercent),
      // the cart: distinct products, 1–10 of each (the storefront's caps)
      cart: fc.uniqueArray(
        fc.record({ id: fc.constantFrom(...products.map((p) => p.id)), quantity: fc.integer({ min: 1, max: 10 }) }),
        { selector: (i) => i.id, minLength: 1, maxLength: 20 },
      ),
      // and what a proposal adds: options and custom lines
      extras: fc.array(
        options.length > 0
          ? fc.oneof(
              fc.record({
                kind: fc.constant("option" as const),
                optionId: fc.constantFrom(...options.map((o) => o.id)),
                quantity: fc.integer({ min: 1, max: 100 }),
              }),
              fc.record({
                kind: fc.constant("custom" as const),
                name: fc.constant("Site work"),
                unitPriceCents: cents(1_000_000_000),
                quantity: fc.integer({ min: 1, max: 100 }),
              }),
            )
          : fc.record({
              kind: fc.constant("custom" as const),
              name: fc.constant("Site work"),
              unitPriceCents: cents(1_000_000_000),
              quantity: fc.integer({ min: 1, max: 100 }),
            }),
        { maxLength: 6 },
      ),
      discountPart: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  );

/** An invariant of the property (expect() on every case would be most of its time). */
function check(ok: boolean, what: string) {
  if (!ok) throw new Error(`broken: ${what}`);
}

describe("the cart and proposals price alike (property, 10,000 cases)", () => {
  it("the same products, ZIP and state give the same engine input and figures; every figure adds up", () => {
    fc.assert(
      fc.property(order, (o) => {
        const context = contexts[o.context]!;
        // the same lines through both channels
        const cart = cartPricingInput(o.products, o.cart, context, o.depositPercent);
        const productLines: ProposalLineInput[] = o.cart.map((i) => ({
          kind: "product",
          productId: i.id,
          quantity: i.quantity,
        }));
        const proposal = proposalPricingInput(productLines, o.products, o.options, 0, context, o.depositPercent);
        check(isDeepStrictEqual(proposal, cart), "the proposal's engine input is the cart's");
        const byCart = priceOrder(cart, { linesField: "cartItems" });
        check(isDeepStrictEqual(priceOrder(proposal), byCart), "the proposal's figures are the cart's");

        // a proposal with options, custom lines and a discount: the figures add up
        const lines = [...productLines, ...o.extras];
        const subtotal = priceOrder(proposalPricingInput(lines, o.products, o.options, 0, context, 50)).subtotalCents;
        const discount = Math.floor(subtotal * o.discountPart);
        for (const figures of [
          byCart,
          priceOrder(proposalPricingInput(lines, o.products, o.options, discount, context, o.depositPercent)),
        ]) {
          const { taxLines } = figures;
          const taxable = figures.subtotalCents - figures.discountCents + figures.deliveryCents;
          check(figures.totalCents === taxable + figures.taxCents, "total = subtotal − discount + delivery + tax");
          check(figures.depositCents + figures.balanceCents === figures.totalCents, "deposit + balance = total");
          check(taxLines.reduce((sum, t) => sum + t.taxCents, 0) === figures.taxCents, "the tax lines add up");
          check(taxLines.reduce((sum, t) => sum + t.taxableCents, 0) === taxable, "the taxable amounts add up");
          for (const t of taxLines) {
            check(t.taxCents >= 0 && t.taxableCents >= 0, "no negative tax or taxable amount");
            // half up: within half a cent of the exact tax
            check(Math.abs(t.taxCents * 10_000 - t.taxableCents * t.rateBasisPoints) <= 5_000, "tax rounded");
            check(t.rateBasisPoints === (context.rates[t.taxClass as TaxClass] ?? 0), "the class's rate");
          }
          check(figures.taxCents >= 0 && figures.deliveryCents > 0, "tax ≥ 0, delivery > 0");
          check(Number.isSafeInteger(figures.totalCents), "an exact total");
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it("the order of the lines changes nothing", () => {
    fc.assert(
      fc.property(order, (o) => {
        const context = contexts[o.context]!;
        const forward = priceOrder(cartPricingInput(o.products, o.cart, context, o.depositPercent));
        const backward = priceOrder(cartPricingInput(o.products, [...o.cart].reverse(), context, o.depositPercent));
        expect(backward.totalCents).toBe(forward.totalCents);
        expect(backward.taxLines).toEqual(forward.taxLines);
      }),
      { numRuns: 1_000 },
    );
  });
});
