// Pricing: the one arithmetic of an order's money and what it reads from the database.
export type { PricedFigures } from "./engine";
export { priceOrder, refuseRepeatedOverCap } from "./engine";
export { pricingRoutes } from "./pricing.rest";
export { pricingRouter } from "./pricing.router";
export { cartPricingInput, deliveryBandPrices, pricingContext, proposalPricingInput } from "./pricing.service";
