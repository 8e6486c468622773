// Business constants and enumerations shared by the server and both browser apps.
// No imports here: the storefront pulls this file into its bundle.

export const MAX_ORDER_LINES = 20;
export const MAX_LINE_QUANTITY = 10;

export const PRODUCT_CATEGORIES = [
  "20ft-homes",
  "40ft-homes",
  "53ft-homes",
  "multi-unit",
  "container-offices",
  "commercial-industrial",
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const GALLERY_CATEGORIES = ["exterior", "interior", "commercial"] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export const BLOG_CATEGORIES = ["construction", "sustainability", "investment", "design"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const BUDGETS = ["under-100k", "100k-250k", "250k-500k", "over-500k"] as const;

/** How the catalog names each category (the storefront's chips and tiles, the enquiry forms, the back office). */
export const PRODUCT_CATEGORY_LABELS: Record<ProductCategory, string> = {
  "20ft-homes": "20ft Homes",
  "40ft-homes": "40ft Homes",
  "53ft-homes": "53ft Homes",
  "multi-unit": "Multi-Unit",
  "container-offices": "Container Offices",
  "commercial-industrial": "Commercial & Industrial",
};

/**
 * What a visitor can enquire about (the values integrators send and read back, kept as they were; 53ft
 * homes and offices added when the catalog began to sell them).
 */
export const PROJECT_TYPES = [
  "20ft-home",
  "40ft-home",
  "53ft-home",
  "multi-unit",
  "office",
  "commercial",
  "custom",
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** How the forms and the back office name each value (the values themselves are stored). */
export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = {
  "20ft-home": "20ft Home",
  "40ft-home": "40ft Home",
  "53ft-home": "53ft Home",
  "multi-unit": "Multi-Unit",
  office: "Container Office",
  commercial: "Commercial & Industrial",
  custom: "Custom Project",
};
export const BUDGET_LABELS: Record<(typeof BUDGETS)[number], string> = {
  "under-100k": "Under $100,000",
  "100k-250k": "$100,000 - $250,000",
  "250k-500k": "$250,000 - $500,000",
  "over-500k": "Over $500,000",
};

export const PAYMENT_METHODS = ["usdt", "bank-transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_STATUSES = ["pending", "confirmed", "in_production", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ["pending", "paid", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const CONTACT_STATUSES = ["new", "contacted", "qualified", "won", "closed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Where a lead came from; all of them land in the back office's Contacts inbox. */
export const LEAD_SOURCES = ["contact-form", "contact-page", "quote-request", "call-request", "roi", "chat"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  "contact-form": "Contact form",
  "contact-page": "Contact page",
  "quote-request": "Quote request",
  "call-request": "Call request",
  roi: "ROI calculator",
  chat: "Chat message",
};

/** The spec's "simple shape": text, at sign, text, dot, text. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** Accepts a two-letter code or a full name in any case; returns the code, or null. */
export function normalizeUsState(input: string): string | null {
  const value = input.trim();
  const upper = value.toUpperCase();
  if (US_STATES[upper]) return upper;
  const lower = value.toLowerCase();
  for (const [code, name] of Object.entries(US_STATES)) if (name.toLowerCase() === lower) return code;
  return null;
}

export const ZIP_CODE = /^\d{5}(?:-\d{4})?$/;
