// The chat assistant's canned answers (spec section 5, figures from section 9). Pure: unit-tested.
// Business facts (hours, warranty, lead times, deposit, phone) come from the business settings, the
// same values every page shows; without them (still loading) the answer names no figure.
import { formatWeeks, hoursSentence, type SiteConfig, yearsLabel } from "@ch/api/contracts/business-facts";

export interface ChatContact {
  phone: string;
  email: string;
}

/** The parts of the site configuration the answers state. */
export type ChatFacts = Pick<
  SiteConfig,
  "company" | "openingHours" | "timeZone" | "warranty" | "production" | "delivery" | "depositPercent"
>;

interface Rule {
  name: string;
  pattern: RegExp;
  reply: (contact: ChatContact | null, facts: ChatFacts | null) => string;
}

// Keywords match at the start of a word ("prices" matches price, "installation" matches install);
// greetings must be whole words so that "this" or "which" is not taken for "hi".
const words = (...keywords: string[]) => new RegExp(`\\b(?:${keywords.join("|")})`, "i");

const contactLine = (contact: ChatContact | null) =>
  contact ? `Call us at ${contact.phone} or e-mail ${contact.email}.` : "Use the contact form on our Contact page.";

export const REPLY_RULES: Rule[] = [
  {
    name: "pricing",
    pattern: words("price", "cost", "pricing"),
    reply: () =>
      "Our container homes range from $43,116 to $289,999+. The 20ft Cleveland and Abilene are $43,116 each, the 40ft Dallas is $86,232 and the 40ft Austin is $129,348. Multi-unit and commercial builds are quoted to your plans. Would you like details on a specific model?",
  },
  {
    name: "20ft",
    pattern: words("20ft", "cleveland", "abilene"),
    reply: () =>
      "Our 20ft models, the Cleveland and the Abilene, are 160 sq ft with 1 bedroom and 1 bathroom, at $43,116 each. As rentals they typically bring $800-1,200/month.",
  },
  {
    name: "40ft",
    pattern: words("40ft", "dallas", "austin"),
    reply: () =>
      "Our 40ft models: the Dallas (320 sq ft, 2 bed, 1 bath) at $86,232 and the Austin (320 sq ft, 2 bed, 2 bath) at $129,348. As rentals they typically bring $1,200-2,000/month.",
  },
  {
    name: "commercial",
    pattern: words("commercial", "office", "business"),
    reply: () =>
      "We build container offices and commercial & industrial units: site offices, retail pop-ups, storage and workshops. Each is designed to your layout and quoted individually. Tell us what you need and we'll prepare a quote.",
  },
  {
    name: "financing",
    pattern: words("financing", "loan", "payment"),
    reply: (_contact, facts) =>
      `We take payment by USDT (TRC20 network) or bank transfer: ${facts ? (facts.depositPercent >= 100 ? "the full amount when you order" : `a ${facts.depositPercent}% deposit, with the balance due on delivery`) : "a deposit, with the balance due on delivery"}. For financing options, our team can walk you through what's available for your project.`,
  },
  {
    name: "delivery",
    pattern: words("delivery", "shipping", "install"),
    reply: (_contact, facts) =>
      `${facts ? `Production takes ${formatWeeks(facts.production)} and your home is delivered ${formatWeeks(facts.delivery)} from your order. ` : ""}On site, a single container installs in one day and a multi-container home in 2-3 days. Delivery and setup is a flat $2,500 per order. We deliver across Texas from San Antonio.`,
  },
  {
    name: "warranty",
    pattern: words("warrant", "guarantee"),
    reply: (contact, facts) =>
      facts
        ? `Every home carries a ${yearsLabel(facts.warranty.structuralYears)} structural warranty, a ${yearsLabel(facts.warranty.systemsYears)} systems warranty and a ${yearsLabel(facts.warranty.finishYears)} finish warranty, counted from delivery; installation work has a ${yearsLabel(facts.warranty.installationYears)} warranty. ${contactLine(contact)}`
        : `Every home is covered by written warranties; see our Warranty & Support page. ${contactLine(contact)}`,
  },
  {
    name: "contact",
    pattern: words("contact", "call", "phone"),
    reply: (contact, facts) => `${contactLine(contact)}${facts ? ` Our hours are ${hoursSentence(facts, true)}.` : ""}`,
  },
  {
    name: "greeting",
    pattern: /\b(?:hello|hi|hey)\b/i,
    reply: (_contact, facts) =>
      `Hello! Welcome to ${facts?.company.name ?? "Container Homes of Texas"}. I can help with models, prices, specifications, delivery and rental returns. What would you like to know?`,
  },
  {
    name: "specs",
    pattern: words("specs", "specifications", "details"),
    reply: () =>
      "Every home comes with a steel frame, R-13 insulation, a 100-amp electrical panel, PEX plumbing, mini-split HVAC and vinyl plank flooring. Each product page lists bedrooms, bathrooms and square footage, and you can download its spec sheet.",
  },
  {
    name: "roi",
    pattern: words("roi", "investment", "rental"),
    reply: () =>
      "Container homes make strong rentals: 20ft homes typically bring $800-1,200/month, 40ft homes $1,200-2,000 and multi-unit buildings $2,500-4,000, for an average ROI of 8-12% annually. Try the ROI calculator on our home page for your own figures.",
  },
];

export const GENERIC_REPLY =
  "I can help with pricing, our 20ft and 40ft models, commercial units, financing and payment, delivery and installation, warranties, specifications, ROI and rental income, and how to contact us. What would you like to know?";

export const FORWARDED_NOTE =
  "Your message has been forwarded to our team via Telegram. We'll get back to you quickly with a personalized response!";

/** When Telegram is not set up the message still reaches the team's inbox, but nobody is alerted at once. */
export const SAVED_NOTE =
  "Your message has been saved for our team. We can't reply in this chat, so please include your phone number or e-mail, or call us.";

/**
 * The first matching rule's answer, or the generic help; adds a note when the message was passed on:
 * "via Telegram" only when the server says Telegram is configured (`telegram`, from the site config).
 */
export function botReply(
  message: string,
  options: { contact?: ChatContact | null; facts?: ChatFacts | null; forwarded?: boolean; telegram?: boolean } = {},
): string {
  const rule = REPLY_RULES.find((r) => r.pattern.test(message));
  const facts = options.facts ?? null;
  const contact = options.contact ?? (facts ? { phone: facts.company.phone, email: facts.company.email } : null);
  const answer = rule ? rule.reply(contact, facts) : GENERIC_REPLY;
  if (!options.forwarded) return answer;
  return `${answer}\n\n${options.telegram === false ? SAVED_NOTE : FORWARDED_NOTE}`;
}

export const replyRuleName = (message: string): string =>
  REPLY_RULES.find((r) => r.pattern.test(message))?.name ?? "generic";
