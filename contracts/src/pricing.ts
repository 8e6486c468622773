// Tax classes and how a tax line names its rate, shared by the pricing engine (api/src/modules/pricing),
// the back office and the storefront. No imports and no zod here: the storefront bundles this file.

/**
 * What a rate applies to. A product is "general" goods or "housing" (a new manufactured or industrialized
 * home, taxed on part of its price in Texas); options and custom lines are "general"; "delivery" is the
 * delivery charge only. tax_rates holds one rate per state and class; a missing one is 0.
 */
export const TAX_CLASSES = ["general", "housing", "delivery"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** The classes a product may have (the delivery charge is never a product). */
export const PRODUCT_TAX_CLASSES = ["general", "housing"] as const satisfies readonly TaxClass[];
export type ProductTaxClass = (typeof PRODUCT_TAX_CLASSES)[number];

/** products.tax_class as the engine knows it: anything but a product class is general. */
export const productTaxClass = (value: string): ProductTaxClass =>
  (PRODUCT_TAX_CLASSES as readonly string[]).includes(value) ? (value as ProductTaxClass) : "general";

export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  general: "General goods",
  housing: "New manufactured or industrialized housing",
  delivery: "Delivery charge",
};

/** What follows "TX sales tax" on a tax line of each class. */
const LINE_SUFFIX: Record<TaxClass, string> = {
  general: "",
  housing: ", new manufactured housing",
  delivery: " on delivery",
};

/** 625 → "6.25 %", 500 → "5 %", 290 → "2.9 %". */
export const formatRate = (basisPoints: number): string => `${basisPoints / 100} %`;

/** "TX sales tax (6.25 %)", "TX sales tax, new manufactured housing (3.25 %)", "TX sales tax on delivery (6.25 %)". */
export const taxLineLabel = (state: string, taxClass: TaxClass, basisPoints: number): string =>
  `${state} sales tax${LINE_SUFFIX[taxClass]} (${formatRate(basisPoints)})`;
