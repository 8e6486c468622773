// The chat's keyword matcher as a table, and properties of its answers: every dollar figure and percent it
// states is one of the data's (catalog prices, delivery fees, the ROI calculator's figures, the deposit), a
// price change shows in the next answer, and a question it cannot match offers a person.

import { DEFAULT_BUSINESS_FACTS, feeText } from "@ch/contracts/business-facts";
import { computeRoi, defaultRoiInputs } from "@ch/contracts/roi";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ChatKnowledge, type ChatProduct, chatAnswer, chatTopic } from "./chat-answers";

const product = (
  name: string,
  category: string,
  priceCents: number,
  extra: Partial<ChatProduct> = {},
): ChatProduct => ({
  name,
  category,
  priceCents,
  inStock: true,
  specs: { bedrooms: 1, bathrooms: 1, sqft: 160, units: 1 },
  ...extra,
});

const PRODUCTS: ChatProduct[] = [
  product("The Cleveland", "20ft-homes", 4_495_000),
  product("The Dallas", "40ft-homes", 8_623_200, { specs: { bedrooms: 2, bathrooms: 1, sqft: 320 } }),
  product("The Big Bend", "53ft-homes", 11_248_000, {
    inStock: false,
    specs: { bedrooms: 2, bathrooms: 1, sqft: 424 },
  }),
  product("The Houston Duplex", "multi-unit", 21_475_000, {
    specs: { bedrooms: 2, bathrooms: 2, sqft: 640, units: 2 },
  }),
  product("The Foreman Site Office", "container-offices", 3_895_000, { specs: { bathrooms: 1, sqft: 160 } }),
  product("The Workshop", "commercial-industrial", 5_480_050, { specs: { bathrooms: 1, sqft: 320 } }),
];

const roiInputs = defaultRoiInputs();
const KNOWLEDGE: ChatKnowledge = {
  products: PRODUCTS,
  config: {
    company: {
      name: "Container Homes of Texas",
      phone: "(210) 555-0199",
      email: "team@example.test",
      street: "4100 Fredericksburg Rd",
      city: "San Antonio",
      region: "TX",
      postalCode: "78201",
      latitude: 29.4739,
      longitude: -98.5292,
    },
    ...DEFAULT_BUSINESS_FACTS,
    // other figures than the defaults, so that an answer cannot state a default by accident
    warranty: { ...DEFAULT_BUSINESS_FACTS.warranty, structuralYears: 12 },
    depositPercent: 40,
    usdtWalletAddress: "TXYZ",
  },
  deliveryBands: [
    { label: "Up to 100 miles", feeCents: 150_000, perUnit: false },
    { label: "Over 100 miles", feeCents: 850_000, perUnit: true },
  ],
  roi: { inputs: roiInputs, figures: computeRoi(roiInputs) },
};

describe("chatTopic: first matching rule", () => {
  it.each([
    ["What are your hours?", "hours"],
    ["Are you open on Saturday", "hours"],
    ["What does it COST?", "pricing"],
    ["Tell me about your container home pricing", "pricing"],
    ["Is the Cleveland available?", "product"],
    ["tell me about the big bend", "product"],
    ["How much is the Houston Duplex", "product"],
    ["Do you have 53ft models?", "category"],
    ["a 53 ft home", "category"],
    ["twenty foot or forty foot?", "category"],
    ["I need an office for my business", "category"],
    ["multi-unit buildings", "category"],
    ["Do you offer a loan?", "payment"],
    ["Can I pay with USDT", "payment"],
    ["How long is delivery?", "delivery"],
    ["Can you install it?", "delivery"],
    ["Do you deliver to the Dallas area?", "delivery"],
    ["Do you sell shipping containers?", "generic"],
    ["What warranty do you give?", "warranty"],
    ["Can you quote my own plans?", "quote"],
    ["a custom design", "quote"],
    ["What's your phone number", "contact"],
    ["How can I contact you?", "contact"],
    ["I'd like to schedule a call", "contact"],
    ["What are the standard specifications?", "specs"],
    ["What ROI can I expect?", "roi"],
    ["rental income", "roi"],
    ["what is your return policy", "generic"],
    ["hello there", "greeting"],
    ["Hey", "greeting"],
    ["which one is this", "generic"],
    ["something else entirely", "generic"],
  ])("%s -> %s", (message, topic) => {
    expect(chatTopic(message, PRODUCTS)).toBe(topic);
  });
});

describe("chatAnswer: facts from the data", () => {
  const ask = (message: string, k: ChatKnowledge = KNOWLEDGE) => chatAnswer(message, k);

  it("prices the range from the cheapest published product, whatever its category", () => {
    const { text } = ask("what are your prices?");
    expect(text).toContain(
      "from $38,950 (The Foreman Site Office, Container Offices) to $214,750 (The Houston Duplex)",
    );
    expect(text).toContain("20ft Container Homes from $44,950");
    expect(text).toContain("Commercial & Industrial Containers from $54,800.50");
    expect(text).not.toMatch(/quoted to your plans/);
  });

  it("answers a named model with its current figures and stock", () => {
    expect(ask("the cleveland?").text).toBe(
      "The Cleveland (20ft Container Homes): $44,950, 1 bedroom, 1 bathroom, 160 sq ft, in stock. Catalog prices are fixed; delivery and sales tax are added at checkout for your ZIP code.",
    );
    expect(ask("Big Bend").text).toContain("currently out of stock");
    expect(ask("houston duplex").text).toContain("2 units, 2 bedrooms, 2 bathrooms, 640 sq ft");
  });

  it("lists a category's models, and offers a person when it has none", () => {
    const answer = ask("Do you have 53ft models?");
    expect(answer).toMatchObject({ topic: "category", forwardOffer: false });
    expect(answer.text).toContain(
      "53ft Container Homes from $112,480: The Big Bend $112,480 (2 bed, 1 bath, 424 sq ft, out of stock)",
    );
    const empty = ask("53ft?", { ...KNOWLEDGE, products: PRODUCTS.filter((p) => p.category !== "53ft-homes") });
    expect(empty).toMatchObject({ topic: "category", forwardOffer: true });
    expect(empty.text).toContain("We have no 53ft Container Homes listed right now");
  });

  it("says a product without a price is quoted, and that listed prices are fixed", () => {
    const quoted = { ...KNOWLEDGE, products: [...PRODUCTS, product("The Custom Tower", "multi-unit", 0)] };
    const answer = ask("multi-unit", quoted);
    expect(answer.text).toContain("The Custom Tower priced on request");
    expect(answer.forwardOffer).toBe(true);
    expect(ask("custom plans", quoted).text).toContain("6 of our 7 models have a fixed price, from $38,950");
    expect(ask("custom plans").text).toContain("Every model in our catalog has a fixed price, from $38,950");
  });

  it("states the hours, closed days and time zone of the settings", () => {
    expect(ask("What are your hours?").text).toBe(
      "Our hours are Monday - Friday 8:00 AM-6:00 PM, Saturday 9:00 AM-4:00 PM (Central Time); closed Sunday. Call us at (210) 555-0199 or e-mail team@example.test.",
    );
    const byAppointment = { ...KNOWLEDGE, config: { ...KNOWLEDGE.config, openingHours: [] } };
    expect(ask("opening hours", byAppointment).text).toContain("by appointment");
  });

  it("states lead times, delivery fees, deposit and warranty of the settings and price lists", () => {
    const delivery = ask("delivery?").text;
    expect(delivery).toContain("Production takes 6-8 weeks and your home is delivered 8-12 weeks from your deposit.");
    expect(delivery).toContain("Up to 100 miles: $1,500; Over 100 miles: $8,500 per home.");
    expect(ask("payment").text).toBe(
      "We take payment by USDT (TRC20 network) or bank transfer: a 40% deposit when you order, with the balance due on delivery.",
    );
    const noWallet = { ...KNOWLEDGE, config: { ...KNOWLEDGE.config, usdtWalletAddress: null, depositPercent: 100 } };
    expect(ask("payment", noWallet).text).toBe("We take payment by bank transfer: the full amount when you order.");
    expect(ask("loan?")).toMatchObject({ topic: "payment", forwardOffer: true });
    expect(ask("warranty").text).toContain("12-year structural warranty");
  });

  it("quotes the ROI calculator's own default figures as an example, not a promise", () => {
    const figures = computeRoi(roiInputs);
    const text = ask("What ROI can I expect?").text;
    expect(text).toContain(`(${figures.roiPercent.toFixed(1)}% per year)`);
    expect(text).toContain(feeText(figures.monthlyIncome * 100));
    expect(text).toContain("not a promise");
    expect(text).not.toMatch(/8-12%/);
  });

  it("offers to pass an unmatched question to a person", () => {
    expect(ask("can you paint it purple")).toMatchObject({ topic: "generic", forwardOffer: true });
    expect(ask("can you paint it purple").text).toContain("a person from our team can answer");
  });
});

describe("chatAnswer: properties", () => {
  const money = (text: string) => [...text.matchAll(/\$\d{1,3}(?:,\d{3})*(?:\.\d{2})?/g)].map((m) => m[0]);
  const percents = (text: string) => [...text.matchAll(/(\d+(?:\.\d+)?)%/g)].map((m) => m[1]!);
  const known = (k: ChatKnowledge) => {
    const { inputs, figures } = k.roi;
    return new Set(
      [
        ...k.products.map((p) => p.priceCents),
        ...k.deliveryBands.map((b) => b.feeCents),
        ...[
          inputs.investment,
          inputs.rentPerDay,
          inputs.monthlyExpenses,
          figures.monthlyIncome,
          figures.yearlyGain,
        ].map((n) => Math.round(n * 100)),
      ].map(feeText),
    );
  };
  const vocabulary = [
    "price",
    "cost",
    "hours",
    "open",
    "20ft",
    "40ft",
    "53ft",
    "office",
    "commercial",
    "multi-unit",
    "Cleveland",
    "Big Bend",
    "delivery",
    "loan",
    "warranty",
    "quote",
    "phone",
    "specs",
    "roi",
    "rental",
    "hello",
    "purple",
    "?",
  ];
  const messages = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 5 }).map((w) => w.join(" ")),
  );
  const prices = fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), {
    minLength: PRODUCTS.length,
    maxLength: PRODUCTS.length,
  });

  it("every dollar figure and percent in any answer is one of the data's", () => {
    fc.assert(
      fc.property(messages, prices, (message, cents) => {
        const k = { ...KNOWLEDGE, products: PRODUCTS.map((p, i) => ({ ...p, priceCents: cents[i]! })) };
        const answer = chatAnswer(message, k);
        expect(answer.text.length).toBeGreaterThan(0);
        const allowed = known(k);
        for (const figure of money(answer.text)) expect(allowed, `${figure} in "${answer.text}"`).toContain(figure);
        const rates = [String(k.config.depositPercent), k.roi.figures.roiPercent.toFixed(1)];
        for (const rate of percents(answer.text)) expect(rates).toContain(rate);
      }),
      { seed: 26, numRuns: 400 },
    );
  });

  it("a model's answer always carries its current price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), fc.constantFrom(...PRODUCTS), (cents, chosen) => {
        const k = { ...KNOWLEDGE, products: PRODUCTS.map((p) => (p === chosen ? { ...p, priceCents: cents } : p)) };
        const answer = chatAnswer(`How much is ${chosen.name}?`, k);
        expect(answer.topic).toBe("product");
        expect(answer.text).toContain(`${chosen.name} (`);
        expect(answer.text).toContain(feeText(cents));
      }),
      { seed: 26, numRuns: 200 },
    );
  });

  it("an unmatched question always offers a person", () => {
    fc.assert(
      fc.property(messages, (message) => {
        const answer = chatAnswer(message, KNOWLEDGE);
        if (answer.topic === "generic") expect(answer.forwardOffer).toBe(true);
      }),
      { seed: 26, numRuns: 300 },
    );
  });
});
