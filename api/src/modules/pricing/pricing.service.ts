// What the pricing engine (engine.ts) needs from the database, and each channel's lines mapped to its input:
// the cart (its quote here, and the order in orders.service) and proposals (proposals.service) build the same
// PricingInput from the same products, ZIP and state, so they agree to the cent (engine.test.ts shows it).
// Delivery: the band with the smallest maxMiles at least the miles from the yard (business settings
// company.latitude/longitude) to the delivery ZIP's centre; a band without maxMiles takes any distance.
// Tax: the delivery state's rate of each tax class (tax_rates); a class without a row is taxed at 0.

import { US_STATES } from "@ch/contracts/constants";
import { mergeCartLines, type OrderQuoteDto } from "@ch/contracts/orders";
import { productTaxClass, TAX_CLASSES, type TaxClass } from "@ch/contracts/pricing";
import type { ProposalLineInput } from "@ch/contracts/proposals";
import type { BusinessSettings } from "@ch/contracts/settings";
import { type Database, type Executor, schema } from "@ch/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { badRequest, conflict } from "../../lib/errors";
import { queryRows } from "../../lib/prepared";
import { readCache } from "../../lib/read-cache";
import { getSettings } from "../settings";
import { type PricedFigures, type PricingInput, type PricingLine, priceOrder } from "./engine";
import { findZip, milesBetween } from "./zip-distance";

const { deliveryBands, products } = schema;

/** A product as the engine prices it (what the cart and proposals read of it). */
export interface ProductForPricing {
  id: number;
  name: string;
  priceCents: number;
  /** products.tax_class; anything but a known class is general. */
  taxClass: string;
}

export interface OptionForPricing {
  id: number;
  name: string;
  priceCents: number;
}

export interface DeliveryQuote {
  bandId: number;
  label: string;
  feeCents: number;
  perUnit: boolean;
  /** Miles from the yard to the ZIP; null when staff chose the band and gave no ZIP we know. */
  miles: number | null;
}

export interface PricingContext {
  /** The state whose rates these are. */
  taxState: string;
  /** The five-digit ZIP the delivery was priced for; null when staff chose the band or there is no delivery. */
  deliveryZip: string | null;
  delivery: DeliveryQuote | null;
  rates: Partial<Record<TaxClass, number>>;
}

export interface PricingPlace {
  /** The delivery state: the ZIP must be in it. */
  state: string;
  /** The delivery ZIP (ZIP+4 accepted); "" prices no delivery unless deliveryBandId is given. */
  zipCode: string;
  /** Staff's choice of band, for proposals only: it replaces the ZIP's. */
  deliveryBandId?: number | null | undefined;
  /** The state whose rates apply; the delivery state when absent (a proposal may name another). */
  taxState?: string | undefined;
}

type BandRow = Pick<
  typeof deliveryBands.$inferSelect,
  "id" | "label" | "maxMiles" | "feeCents" | "perUnit" | "sortOrder"
>;

type BandOrder = Pick<BandRow, "id" | "maxMiles" | "sortOrder">;
const reach = (b: BandOrder) => b.maxMiles ?? Number.POSITIVE_INFINITY;
/** Nearest reach first (a band without maxMiles last), then the staff's order. */
const byReach = (a: BandOrder, b: BandOrder) => reach(a) - reach(b) || a.sortOrder - b.sortOrder || a.id - b.id;

/** The band for a distance: the smallest maxMiles at least `miles`, else one without maxMiles (any distance). */
export function bandForMiles<B extends BandOrder>(bands: readonly B[], miles: number): B | undefined {
  return bands.filter((b) => reach(b) >= miles).sort(byReach)[0];
}

/** Every delivery band in the order the engine tries them: what delivery costs by distance from the yard. */
export async function deliveryBandPrices(db: Executor): Promise<Omit<BandRow, "sortOrder">[]> {
  const rows = await db
    .select({
      id: deliveryBands.id,
      label: deliveryBands.label,
      maxMiles: deliveryBands.maxMiles,
      feeCents: deliveryBands.feeCents,
      perUnit: deliveryBands.perUnit,
      sortOrder: deliveryBands.sortOrder,
    })
    .from(deliveryBands);
  return rows.sort(byReach).map(({ sortOrder: _sortOrder, ...band }) => band);
}

/** A state's rate rows as the engine reads them (rows of unknown classes are ignored). */
export function ratesByClass(rows: readonly { taxClass: string; rateBasisPoints: number }[]) {
  const rates: Partial<Record<TaxClass, number>> = {};
  for (const row of rows) {
    if ((TAX_CLASSES as readonly string[]).includes(row.taxClass))
      rates[row.taxClass as TaxClass] = row.rateBasisPoints;
  }
  return rates;
}

const zipIssue = (message: string, reason: string) => badRequest(message, [{ path: ["zipCode"], message: reason }]);

/**
 * The state's rates and the delivery bands (all of them, or staff's one) in one prepared statement: the
 * order path runs it on every order (docs/decisions/0003: the order path in few prepared statements).
 */
const CONTEXT_SQL = `
  select
    (select coalesce(json_agg(json_build_object('taxClass', tax_class, 'rateBasisPoints', rate_basis_points)), '[]')
      from tax_rates where state = $1::text) as rates,
    (select coalesce(json_agg(json_build_object('id', id, 'label', label, 'maxMiles', max_miles,
        'feeCents', fee_cents, 'perUnit', per_unit, 'sortOrder', sort_order) order by sort_order, id), '[]')
      from delivery_bands where $2::int is null or id = $2::int) as bands`;

const fromJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

async function readContextRowsIn(db: Executor, taxState: string, bandId: number | null) {
  const [row] = await queryRows<{ rates: unknown; bands: unknown }>(db, CONTEXT_SQL, [taxState, bandId]);
  return {
    rates: ratesByClass(fromJson<{ taxClass: string; rateBasisPoints: number }[]>(row?.rates ?? [])),
    bands: fromJson<BandRow[]>(row?.bands ?? []),
  };
}

/**
 * The delivery band and the tax rates for a delivery: by the ZIP's distance from the yard, or staff's band.
 * 400 naming zipCode for a ZIP we do not know, one outside the delivery state, or one farther than every band.
 */
export async function pricingContext(
  db: Executor,
  place: PricingPlace,
  settings: Pick<BusinessSettings, "company">,
  /**
   * The database whose read cache may keep the state's rates and bands (the order and quote paths, outside
   * any transaction); every change to them announces itself (proposals/price-lists.service.ts).
   */
  options: { cachedIn?: Database } = {},
): Promise<PricingContext> {
  const { cachedIn } = options;
  const readContextRows = (taxState: string, bandId: number | null) =>
    cachedIn
      ? readCache(cachedIn).value(`pricing:${taxState}:${bandId ?? "by-distance"}`, () =>
          readContextRowsIn(db, taxState, bandId),
        )
      : readContextRowsIn(db, taxState, bandId);
  const taxState = place.taxState ?? place.state;
  const yard = settings.company;
  const chosen = place.deliveryBandId ?? null;
  if (chosen !== null) {
    const { rates, bands } = await readContextRows(taxState, chosen);
    const [band] = bands;
    if (!band)
      throw badRequest("Unknown delivery band", [{ path: ["deliveryBandId"], message: "no such delivery band" }]);
    const known = place.zipCode ? await findZip(place.zipCode) : null;
    const miles = known ? milesBetween(yard, known) : null;
    return { taxState, deliveryZip: null, delivery: deliveryOf(band, miles), rates };
  }
  if (place.zipCode.trim() === "") {
    return { taxState, deliveryZip: null, delivery: null, rates: (await readContextRows(taxState, 0)).rates };
  }
  const found = await findZip(place.zipCode);
  if (!found) {
    throw zipIssue(
      `We do not know the ZIP code ${place.zipCode.trim()}: please check it, or call us for a delivery quote`,
      "is not a US ZIP code we know",
    );
  }
  if (found.state !== place.state) {
    const where = US_STATES[found.state] ?? found.state;
    throw zipIssue(
      `The ZIP code ${found.zip} is in ${where}, not ${US_STATES[place.state] ?? place.state}`,
      `is in ${found.state}, not ${place.state}`,
    );
  }
  const miles = milesBetween(yard, found);
  const { rates, bands } = await readContextRows(taxState, null);
  const band = bandForMiles(bands, miles);
  if (!band) {
    throw zipIssue(
      `${found.zip} is ${miles} miles from our yard, farther than we deliver: please call us for a delivery quote`,
      `is ${miles} miles away, beyond our delivery bands`,
    );
  }
  return { taxState, deliveryZip: found.zip, delivery: deliveryOf(band, miles), rates };
}

const deliveryOf = (band: Pick<BandRow, "id" | "label" | "feeCents" | "perUnit">, miles: number | null) => ({
  bandId: band.id,
  label: band.label,
  feeCents: band.feeCents,
  perUnit: band.perUnit,
  miles,
});

const engineDelivery = (context: PricingContext): PricingInput["delivery"] =>
  context.delivery
    ? { label: context.delivery.label, feeCents: context.delivery.feeCents, perUnit: context.delivery.perUnit }
    : null;

/**
 * The cart's engine input: one product line per cart item (merged by product, in the cart's order), no
 * discount. Every item's product must be among `products` (the caller refused unknown ones already).
 */
export function cartPricingInput(
  productRows: readonly ProductForPricing[],
  items: readonly { id: number; quantity: number }[],
  context: PricingContext,
  depositPercent: number,
): PricingInput {
  const byId = new Map(productRows.map((p) => [p.id, p]));
  const lines = items.map((item): PricingLine => {
    const product = byId.get(item.id);
    if (!product) throw new Error(`cartPricingInput: product ${item.id} was not read`);
    return {
      kind: "product",
      refId: product.id,
      name: product.name,
      unitPriceCents: product.priceCents,
      quantity: item.quantity,
      taxClass: productTaxClass(product.taxClass),
    };
  });
  return {
    lines,
    discountCents: 0,
    delivery: engineDelivery(context),
    taxState: context.taxState,
    rates: context.rates,
    depositPercent,
  };
}

/**
 * A proposal's engine input: its lines priced from the catalog (products with their tax class) and the
 * option list (general, as custom lines); 400 naming the line for an unknown product or option.
 */
export function proposalPricingInput(
  inputLines: readonly ProposalLineInput[],
  productRows: readonly ProductForPricing[],
  optionRows: readonly OptionForPricing[],
  discountCents: number,
  context: PricingContext,
  depositPercent: number,
): PricingInput {
  const lines = inputLines.map((l, index): PricingLine => {
    if (l.kind === "custom") {
      return {
        kind: "custom",
        refId: null,
        name: l.name,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        taxClass: "general",
      };
    }
    const product = l.kind === "product" ? productRows.find((p) => p.id === l.productId) : undefined;
    const found = l.kind === "product" ? product : optionRows.find((o) => o.id === l.optionId);
    if (!found) {
      throw badRequest(`Line ${index + 1}: unknown ${l.kind}`, [
        { path: ["lines", index, l.kind === "product" ? "productId" : "optionId"], message: `no such ${l.kind}` },
      ]);
    }
    return {
      kind: l.kind,
      refId: found.id,
      name: found.name,
      unitPriceCents: found.priceCents,
      quantity: l.quantity,
      taxClass: product ? productTaxClass(product.taxClass) : "general",
    };
  });
  return {
    lines,
    discountCents,
    delivery: engineDelivery(context),
    taxState: context.taxState,
    rates: context.rates,
    depositPercent,
  };
}

const dollars = (cents: number) => cents / 100;

/** The engine's figures as the storefront reads them: US dollars, the delivery band and its miles. */
export function quoteDto(figures: PricedFigures, context: PricingContext): OrderQuoteDto {
  return {
    lines: figures.lines.map((l) => ({
      productId: l.refId ?? 0,
      name: l.name,
      unitPrice: dollars(l.unitPriceCents),
      quantity: l.quantity,
      lineTotal: dollars(l.lineTotalCents),
      taxClass: l.taxClass,
    })),
    subtotal: dollars(figures.subtotalCents),
    tax: dollars(figures.taxCents),
    taxLines: figures.taxLines.map((t) => ({
      taxClass: t.taxClass,
      label: t.label,
      rateBasisPoints: t.rateBasisPoints,
      taxable: dollars(t.taxableCents),
      tax: dollars(t.taxCents),
    })),
    shipping: dollars(figures.deliveryCents),
    deliveryLabel: figures.deliveryLabel,
    miles: context.delivery?.miles ?? null,
    taxState: figures.taxState,
    totalAmount: dollars(figures.totalCents),
    depositPercent: figures.depositPercent,
    amountDueNow: dollars(figures.depositCents),
    balanceOnDelivery: dollars(figures.balanceCents),
  };
}

/**
 * What the cart costs delivered to that ZIP: the figures POST /api/orders computes for it now. 400 naming
 * zipCode (see pricingContext); 409 for unknown (or draft) and out-of-stock products, as an order is.
 */
export async function quoteCart(
  deps: Deps,
  input: { cartItems: readonly { id: number; quantity: number }[]; state: string; zipCode: string },
): Promise<OrderQuoteDto> {
  const items = mergeCartLines(input.cartItems);
  const settings = await getSettings(deps);
  const context = await pricingContext(deps.db, { state: input.state, zipCode: input.zipCode }, settings, {
    cachedIn: deps.db,
  });
  const ids = items.map((item) => item.id);
  const rows = await deps.db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      taxClass: products.taxClass,
      inStock: products.inStock,
    })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.published, true)))
    .orderBy(asc(products.id));
  const known = new Set(rows.map((p) => p.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) throw conflict(`Unknown products: ${unknown.join(", ")}`, { unknownProductIds: unknown });
  const unavailable = rows.filter((p) => !p.inStock);
  if (unavailable.length > 0) {
    throw conflict(`Out of stock: ${unavailable.map((p) => p.name).join(", ")}`, {
      outOfStock: unavailable.map((p) => ({ id: p.id, name: p.name })),
    });
  }
  const figures = priceOrder(cartPricingInput(rows, items, context, settings.depositPercent), {
    linesField: "cartItems",
  });
  return quoteDto(figures, context);
}
