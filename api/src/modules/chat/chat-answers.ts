// The chat's automatic answers: keyword matching, honestly labelled as such, over what the business knows
// at the moment of the question. Pure: chat.service.ts reads the published catalog, the business settings,
// the delivery bands the pricing engine applies and the ROI calculator's default figures, and passes them
// in; nothing here states a price, range, lead time, hour or return of its own (docs/decisions/0026).
import {
  deliveryWindow,
  feeText,
  formatDays,
  formatWeeks,
  hoursSentence,
  type SiteConfig,
  WEEKDAYS,
  yearsLabel,
} from "@ch/contracts/business-facts";
import type { ChatReplyAnswer, ChatTopic } from "@ch/contracts/chat";
import { PRODUCT_CATEGORIES, type ProductCategory } from "@ch/contracts/constants";
import { type RoiFigures, type RoiInputs, roiSummary } from "@ch/contracts/roi";
import { CATEGORY_NAMES } from "@ch/contracts/seo";

export interface ChatProduct {
  name: string;
  category: string;
  /** 0: no catalog price, the team quotes it. */
  priceCents: number;
  inStock: boolean;
  specs: { bedrooms?: number; bathrooms?: number; sqft?: number; units?: number };
}

export interface ChatKnowledge {
  /** The published products. */
  products: readonly ChatProduct[];
  config: Pick<
    SiteConfig,
    | "company"
    | "openingHours"
    | "timeZone"
    | "warranty"
    | "production"
    | "delivery"
    | "depositPercent"
    | "usdtWalletAddress"
  >;
  /** The delivery bands in the order the pricing engine tries them. */
  deliveryBands: readonly { label: string; feeCents: number; perUnit: boolean }[];
  /** The ROI calculator's starting values and what they compute. */
  roi: { inputs: RoiInputs; figures: RoiFigures };
}

// ---- words -------------------------------------------------------------------------------------

/** Keywords match at the start of a word ("prices" matches price); each keyword is a regex fragment. */
const words = (...keywords: string[]) => new RegExp(`\\b(?:${keywords.join("|")})`, "i");
const size = (feet: string) => new RegExp(`\\b(?:${feet})\\s?-?\\s?(?:ft\\b|foot|feet|')`, "i");

/** The words that name each real category (every category of the catalog has some). */
const CATEGORY_WORDS: Record<ProductCategory, RegExp> = {
  "20ft-homes": size("20|twenty"),
  "40ft-homes": size("40|forty"),
  "53ft-homes": size("53|fifty[\\s-]?three"),
  "multi-unit": words("multi", "duplex", "triplex", "fourplex", "apartment"),
  "container-offices": words("office"),
  "commercial-industrial": words(
    "commercial",
    "industrial",
    "business",
    "retail",
    "cafe",
    "restaurant",
    "workshop",
    "warehouse",
    "storage",
  ),
};

/** The topics in the order they are tried (first match wins); product and category match the catalog. */
const TOPIC_WORDS: Partial<Record<ChatTopic, RegExp>> = {
  hours: words("hours", "open\\b", "opening", "closed", "closing", "what time", "weekend", "saturday", "sunday"),
  // "shipping container" is what we build, not how it travels
  delivery: new RegExp(
    `${words("deliver", "install", "lead time", "transport", "set up").source}|\\bshipping\\b(?!\\s+containers?)`,
    "i",
  ),
  payment: words(
    "financ",
    "loan",
    "payment",
    "pay\\b",
    "paying",
    "deposit",
    "usdt",
    "crypto",
    "bank transfer",
    "mortgage",
  ),
  warranty: words("warrant", "guarantee"),
  pricing: words("price", "cost", "pricing", "how much", "cheap", "expensive", "afford", "budget"),
  quote: words("quot", "custom\\b", "customi[sz]", "my plans", "your plans", "bespoke", "modif", "design"),
  contact: words(
    "contact",
    "call",
    "phone",
    "e-?mail",
    "address",
    "reach you",
    "talk to",
    "speak",
    "located",
    "location",
    "where are you",
  ),
  specs: words("spec", "details", "sizes?\\b", "sq\\.? ?ft", "square", "bedroom", "bathroom", "floor plan", "layout"),
  roi: words(
    "roi\\b",
    "invest",
    "rental",
    "rent\\b",
    "renting",
    "renters?\\b",
    "returns?\\b(?!\\s+polic)",
    "income",
    "airbnb",
    "payback",
  ),
  greeting: /\b(?:hello|hi|hey|howdy|good (?:morning|afternoon|evening))\b/i,
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A product is named by its name without a leading "The", as whole words ("Big Bend", "Cleveland"). */
const namePattern = (name: string) =>
  new RegExp(`(?<![\\w])${escapeRegex(name.replace(/^the\s+/i, "").trim())}(?![\\w])`, "i");

// ---- text --------------------------------------------------------------------------------------

/** $43,116 for whole dollars, $43,116.50 otherwise (cents in, dollars only here at the edge). */
const usd = feeText;

const count = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;
const list = (items: string[]) =>
  items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
const categoryName = (category: string) => CATEGORY_NAMES[category] ?? category;
const isPriced = (p: ChatProduct) => p.priceCents > 0;
const byPrice = (a: ChatProduct, b: ChatProduct) => a.priceCents - b.priceCents || a.name.localeCompare(b.name);
const priceOf = (p: ChatProduct) => (isPriced(p) ? usd(p.priceCents) : "priced on request (our team quotes it)");

function specText(p: ChatProduct, short: boolean): string {
  const s = p.specs;
  const parts: string[] = [];
  if (s.units && s.units > 1) parts.push(count(s.units, "unit"));
  if (s.bedrooms) parts.push(short ? `${s.bedrooms} bed` : count(s.bedrooms, "bedroom"));
  if (s.bathrooms) parts.push(short ? `${s.bathrooms} bath` : count(s.bathrooms, "bathroom"));
  if (s.sqft) parts.push(`${s.sqft.toLocaleString("en-US")} sq ft`);
  return parts.join(", ");
}

const FIXED_NOTE = "Catalog prices are fixed; delivery and sales tax are added at checkout for your ZIP code.";

const contactLine = (k: ChatKnowledge) => `Call us at ${k.config.company.phone} or e-mail ${k.config.company.email}.`;

function hoursText(k: ChatKnowledge): string {
  const rows = k.config.openingHours;
  if (rows.length === 0) return "We see customers by appointment.";
  const closed = WEEKDAYS.filter((day) => !rows.some((row) => row.days.includes(day)));
  return `Our hours are ${hoursSentence(k.config)}${closed.length > 0 ? `; closed ${formatDays(closed)}` : ""}.`;
}

/** The lowest catalog price of each category that has one, in the catalog's category order. */
function fromPrices(products: readonly ChatProduct[]): { category: string; cents: number }[] {
  return PRODUCT_CATEGORIES.flatMap((category) => {
    const priced = products.filter((p) => p.category === category && isPriced(p)).sort(byPrice);
    return priced[0] ? [{ category, cents: priced[0].priceCents }] : [];
  });
}

const answer = (topic: ChatTopic, text: string, forwardOffer = false): ChatReplyAnswer => ({
  topic,
  text,
  forwardOffer,
});

// ---- answers -----------------------------------------------------------------------------------

function productAnswer(named: ChatProduct[]): ChatReplyAnswer {
  const lines = named.map((p) => {
    const specs = specText(p, false);
    return `${p.name} (${categoryName(p.category)}): ${priceOf(p)}${specs ? `, ${specs}` : ""}, ${p.inStock ? "in stock" : "currently out of stock"}.`;
  });
  const anyPriced = named.some(isPriced);
  return answer("product", [...lines, ...(anyPriced ? [FIXED_NOTE] : [])].join(" "), !named.every(isPriced));
}

function categoryAnswer(categories: ProductCategory[], k: ChatKnowledge): ChatReplyAnswer {
  let missing = false;
  const parts = categories.map((category) => {
    const models = k.products.filter((p) => p.category === category).sort(byPrice);
    if (models.length === 0) {
      missing = true;
      return `We have no ${categoryName(category)} listed right now; our team can tell you what is possible.`;
    }
    const cheapest = models.find(isPriced);
    const items = models.map((p) => {
      const notes = [specText(p, true), p.inStock ? "" : "out of stock"].filter(Boolean).join(", ");
      return `${p.name} ${isPriced(p) ? usd(p.priceCents) : "priced on request"}${notes ? ` (${notes})` : ""}`;
    });
    return `${categoryName(category)}${cheapest ? ` from ${usd(cheapest.priceCents)}` : ""}: ${list(items)}.`;
  });
  const anyPriced = categories.some((c) => k.products.some((p) => p.category === c && isPriced(p)));
  const unpriced = categories.some((c) => k.products.some((p) => p.category === c && !isPriced(p)));
  return answer("category", [...parts, ...(anyPriced ? [FIXED_NOTE] : [])].join(" "), missing || unpriced);
}

function pricingAnswer(k: ChatKnowledge): ChatReplyAnswer {
  const priced = k.products.filter(isPriced).sort(byPrice);
  const cheapest = priced[0];
  const dearest = priced.at(-1);
  if (!cheapest || !dearest) {
    return answer(
      "pricing",
      "Our catalog has no priced models listed right now; our team can quote your project.",
      true,
    );
  }
  const ranges = fromPrices(priced).map((r) => `${categoryName(r.category)} from ${usd(r.cents)}`);
  return answer(
    "pricing",
    `Our models run from ${usd(cheapest.priceCents)} (${cheapest.name}, ${categoryName(cheapest.category)}) to ${usd(dearest.priceCents)} (${dearest.name}). By range: ${list(ranges)}. ${FIXED_NOTE} Ask me about a size or a model by name for its details.`,
  );
}

function quoteAnswer(k: ChatKnowledge): ChatReplyAnswer {
  const priced = k.products.filter(isPriced).sort(byPrice);
  const fixed =
    priced.length === 0
      ? "Our team quotes every build."
      : priced.length === k.products.length
        ? `Every model in our catalog has a fixed price, from ${usd(priced[0]!.priceCents)}.`
        : `${priced.length} of our ${k.products.length} models have a fixed price, from ${usd(priced[0]!.priceCents)}; the others are quoted.`;
  return answer(
    "quote",
    `${fixed} A layout changed to your plans, or a custom build, is quoted by our team: send them your question, or call ${k.config.company.phone}.`,
    true,
  );
}

function deliveryAnswer(k: ChatKnowledge): ChatReplyAnswer {
  const { company, production, delivery } = k.config;
  const bands = k.deliveryBands.map((b) => `${b.label}: ${usd(b.feeCents)}${b.perUnit ? " per home" : ""}`);
  const fees =
    bands.length > 0
      ? `The delivery fee depends on the distance from our yard in ${company.city}, ${company.region}: ${bands.join("; ")}.`
      : `We deliver from our yard in ${company.city}, ${company.region}.`;
  return answer(
    "delivery",
    `Production takes ${formatWeeks(production)} and your home is delivered ${deliveryWindow({ delivery })}. ${fees} The checkout prices delivery and sales tax for your ZIP code.`,
  );
}

function paymentAnswer(k: ChatKnowledge, message: string): ChatReplyAnswer {
  const { depositPercent, usdtWalletAddress } = k.config;
  const methods = usdtWalletAddress ? "USDT (TRC20 network) or bank transfer" : "bank transfer";
  const due =
    depositPercent >= 100
      ? "the full amount when you order"
      : `a ${depositPercent}% deposit when you order, with the balance due on delivery`;
  const financing = /financ|loan|mortgage/i.test(message);
  return answer(
    "payment",
    `We take payment by ${methods}: ${due}.${financing ? " Financing depends on your project; our team can talk you through the options." : ""}`,
    financing,
  );
}

function warrantyAnswer(k: ChatKnowledge): ChatReplyAnswer {
  const w = k.config.warranty;
  return answer(
    "warranty",
    `Every home carries a ${yearsLabel(w.structuralYears)} structural warranty, a ${yearsLabel(w.systemsYears)} systems warranty and a ${yearsLabel(w.finishYears)} finish warranty, counted from delivery; installation work has a ${yearsLabel(w.installationYears)} warranty. ${contactLine(k)}`,
  );
}

function contactAnswer(k: ChatKnowledge): ChatReplyAnswer {
  const c = k.config.company;
  return answer(
    "contact",
    `${contactLine(k)} ${hoursText(k)} Our yard is at ${c.street}, ${c.city}, ${c.region} ${c.postalCode}.`,
  );
}

function specsAnswer(k: ChatKnowledge): ChatReplyAnswer {
  const areas = k.products.map((p) => p.specs.sqft ?? 0).filter((n) => n > 0);
  const beds = Math.max(0, ...k.products.map((p) => p.specs.bedrooms ?? 0));
  const example = [...k.products].sort(byPrice)[0];
  const range =
    areas.length > 0
      ? `Our models run from ${Math.min(...areas).toLocaleString("en-US")} to ${Math.max(...areas).toLocaleString("en-US")} sq ft${beds > 0 ? `, with up to ${count(beds, "bedroom")}` : ""}. `
      : "";
  return answer(
    "specs",
    `${range}Each product page lists bedrooms, bathrooms and floor area, with a spec sheet to download.${example ? ` Ask me about a model by name (for example ${example.name}) or a size for its figures.` : ""}`,
  );
}

function roiAnswer(k: ChatKnowledge): ChatReplyAnswer {
  const { inputs } = k.roi;
  // the calculator's own words for its figures (contracts/roi.ts, as the e-mail quotes them)
  return answer(
    "roi",
    `Our ROI calculator (on the home page) starts from these figures: ${roiSummary(inputs)} These are example figures, not a promise: your rent, occupancy and costs decide the return, so set your own in the calculator.`,
  );
}

function greetingAnswer(k: ChatKnowledge): ChatReplyAnswer {
  return answer(
    "greeting",
    `Hello! Welcome to ${k.config.company.name}. I give automatic answers from our current catalog and business details: models and prices, delivery, payment, warranty, hours and rental returns. What would you like to know?`,
  );
}

function genericAnswer(k: ChatKnowledge): ChatReplyAnswer {
  const categories = PRODUCT_CATEGORIES.filter((c) => k.products.some((p) => p.category === c)).map(categoryName);
  return answer(
    "generic",
    `I couldn't match that to a question I can answer automatically. I can tell you about our models and prices${categories.length > 0 ? ` (${list(categories)})` : ""}, delivery, payment, warranty, our hours and contact details, and rental returns. For anything else a person from our team can answer: send them your question, with your phone number or e-mail so they can reply.`,
    true,
  );
}

/** The products whose names the message mentions, in catalog order. */
export const namedProducts = (message: string, products: readonly ChatProduct[]) =>
  products.filter((p) => namePattern(p.name).test(message));

/** The categories the message names by size or kind. */
export const namedCategories = (message: string): ProductCategory[] =>
  PRODUCT_CATEGORIES.filter((c) => CATEGORY_WORDS[c].test(message));

/** The topic of the first rule that matches (the order of CHAT_TOPICS). */
export function chatTopic(message: string, products: readonly ChatProduct[]): ChatTopic {
  const matches = (topic: ChatTopic) => TOPIC_WORDS[topic]?.test(message) ?? false;
  for (const topic of ["hours", "delivery", "payment", "warranty"] as const) if (matches(topic)) return topic;
  if (namedProducts(message, products).length > 0) return "product";
  if (namedCategories(message).length > 0) return "category";
  for (const topic of ["pricing", "quote", "contact", "specs", "roi", "greeting"] as const) {
    if (matches(topic)) return topic;
  }
  return "generic";
}

/** Each topic's answer, from what the business knows now (and the message, for the topics that read it). */
const TOPIC_ANSWERS: Record<ChatTopic, (k: ChatKnowledge, message: string) => ChatReplyAnswer> = {
  hours: (k) => answer("hours", `${hoursText(k)} ${contactLine(k)}`),
  delivery: deliveryAnswer,
  payment: paymentAnswer,
  warranty: warrantyAnswer,
  product: (k, message) => productAnswer(namedProducts(message, k.products)),
  category: (k, message) => categoryAnswer(namedCategories(message), k),
  pricing: pricingAnswer,
  quote: quoteAnswer,
  contact: contactAnswer,
  specs: specsAnswer,
  roi: roiAnswer,
  greeting: greetingAnswer,
  generic: genericAnswer,
};

/** The automatic answer to a chat message from what the business knows now. */
export function chatAnswer(message: string, k: ChatKnowledge): ChatReplyAnswer {
  return TOPIC_ANSWERS[chatTopic(message, k.products)](k, message);
}
