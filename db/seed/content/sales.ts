// Starting price lists for proposals; staff edit them in the back office (Proposals → Price lists).

/** State sales tax base rates in basis points (625 = 6.25 %), as published by each state's revenue office. */
export const seedTaxRates = [
  { state: "TX", rateBasisPoints: 625 },
  { state: "OK", rateBasisPoints: 450 },
  { state: "LA", rateBasisPoints: 500 },
  { state: "AR", rateBasisPoints: 650 },
  { state: "FL", rateBasisPoints: 600 },
  { state: "CO", rateBasisPoints: 290 },
];

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
