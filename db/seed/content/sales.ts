// Starting price lists for proposals; staff edit them in the back office (Proposals → Price lists).

/** State sales tax base rates in basis points (625 = 6.25 %), as published by each state's revenue office. */
const baseRates: Record<string, number> = { TX: 625, OK: 450, LA: 500, AR: 650, FL: 600, CO: 290 };

/**
 * The tax table: per state, the general rate, the rate of a new manufactured or industrialized home
 * ("housing") and the rate of the delivery charge, in basis points. The business's accountant decides these
 * and edits them in the back office (Proposals → Price lists); these are starting values only.
 * Texas taxes a new manufactured home on 65 % of its sales price at 5 % (Tax Code ch. 158), which is
 * 3.25 % of the price; a delivery charge is taxed with the goods at the state rate. Elsewhere every class
 * starts at the state's base rate. Products are general unless staff mark a home as housing.
 */
export const seedTaxRates = Object.entries(baseRates).flatMap(([state, base]) => [
  { state, taxClass: "general", rateBasisPoints: base },
  { state, taxClass: "housing", rateBasisPoints: state === "TX" ? 325 : base },
  { state, taxClass: "delivery", rateBasisPoints: base },
]);

export const seedProposalOptions = [
  { name: "Concrete pier foundation", description: "Engineered piers poured on site", priceCents: 450_000 },
  { name: "Covered deck (12 × 20 ft)", description: "Pressure-treated deck with a steel roof", priceCents: 680_000 },
  { name: "Solar package (5 kW)", description: "Panels, inverter and battery-ready wiring", priceCents: 1_450_000 },
  {
    name: "Finish upgrade",
    description: "Quartz counters, luxury vinyl plank, upgraded fixtures",
    priceCents: 390_000,
  },
];

export const seedDeliveryBands = [
  { label: "Up to 100 miles", maxMiles: 100, feeCents: 150_000, perUnit: false },
  { label: "100–250 miles", maxMiles: 250, feeCents: 320_000, perUnit: false },
  { label: "250–500 miles", maxMiles: 500, feeCents: 580_000, perUnit: false },
  { label: "Over 500 miles (per unit)", maxMiles: null, feeCents: 850_000, perUnit: true },
];
