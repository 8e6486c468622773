import { describe, expect, it } from "vitest";
import { botReply, type ChatFacts, FORWARDED_NOTE, GENERIC_REPLY, replyRuleName, SAVED_NOTE } from "./bot-reply";

describe("botReply", () => {
  it.each([
    ["What does it COST?", "pricing"],
    ["Tell me about pricing", "pricing"],
    ["Is the Cleveland available?", "20ft"],
    ["abilene", "20ft"],
    ["20ft layouts", "20ft"],
    ["Dallas or Austin?", "40ft"],
    ["I need an office for my business", "commercial"],
    ["Do you offer a loan?", "financing"],
    ["How long is delivery?", "delivery"],
    ["Can you install it?", "delivery"],
    ["What's your phone number", "contact"],
    ["hello there", "greeting"],
    ["Hey", "greeting"],
    ["show me the specs", "specs"],
    ["What ROI can I expect?", "roi"],
    ["rental income", "roi"],
    ["something else entirely", "generic"],
  ])("%s -> %s", (message, rule) => {
    expect(replyRuleName(message)).toBe(rule);
  });

  it("takes the first matching rule in the spec's order", () => {
    expect(replyRuleName("price of the 20ft Cleveland")).toBe("pricing");
    expect(replyRuleName("Dallas delivery")).toBe("40ft");
    expect(replyRuleName("hi, what about the specs")).toBe("greeting");
    expect(replyRuleName("call me about financing")).toBe("financing");
  });

  it("does not read 'this' or 'which' as a greeting", () => {
    expect(replyRuleName("which one is this")).toBe("generic");
  });

  it("quotes the section 9 figures", () => {
    expect(botReply("price")).toContain("$43,116 to $289,999+");
    expect(botReply("price")).toContain("$86,232");
    expect(botReply("price")).toContain("$129,348");
    expect(botReply("cleveland")).toContain("160 sq ft");
    expect(botReply("roi")).toContain("8-12% annually");
    expect(botReply("roi")).toContain("$2,500-4,000");
    expect(botReply("delivery")).toContain("a single container installs in one day");
    expect(botReply("delivery")).not.toMatch(/weeks/);
    expect(botReply("specs")).toContain("R-13 insulation");
    expect(botReply("phone", { contact: { phone: "(210) 555-0100", email: "a@b.co" } })).toContain("(210) 555-0100");
    expect(botReply("phone")).not.toMatch(/EST|AM|PM/);
    expect(botReply("zzz")).toBe(GENERIC_REPLY);
  });

  it("adds the forwarded note only when forwarding was attempted", () => {
    expect(botReply("urgent", { forwarded: true }).endsWith(FORWARDED_NOTE)).toBe(true);
    expect(botReply("urgent")).not.toContain(FORWARDED_NOTE);
  });

  it("names Telegram only when the server says it is configured", () => {
    expect(botReply("urgent", { forwarded: true, telegram: true }).endsWith(FORWARDED_NOTE)).toBe(true);
    const without = botReply("urgent", { forwarded: true, telegram: false });
    expect(without.endsWith(SAVED_NOTE)).toBe(true);
    expect(without).not.toMatch(/telegram/i);
  });
});

describe("botReply with the business settings", () => {
  const facts: ChatFacts = {
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
    openingHours: [
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
      { days: ["Saturday"], opens: "09:00", closes: "16:00" },
    ],
    timeZone: "America/Chicago",
    warranty: { structuralYears: 12, systemsYears: 5, finishYears: 2, installationYears: 1 },
    production: { minWeeks: 6, maxWeeks: 8 },
    delivery: { minWeeks: 8, maxWeeks: 12 },
    depositPercent: 40,
  };

  it("states the hours in the business's own time zone", () => {
    const reply = botReply("phone", { facts });
    expect(reply).toContain("(210) 555-0199");
    expect(reply).toContain("Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM (Central Time)");
    expect(reply).not.toContain("EST");
  });

  it("states the warranty, lead times and deposit of the settings", () => {
    expect(replyRuleName("what warranty do you give?")).toBe("warranty");
    expect(botReply("warranty", { facts })).toContain("12-year structural warranty");
    expect(botReply("delivery", { facts })).toContain("Production takes 6-8 weeks");
    expect(botReply("delivery", { facts })).toContain("delivered 8-12 weeks from your order");
    expect(botReply("loan", { facts })).toContain("a 40% deposit, with the balance due on delivery");
    expect(botReply("loan", { facts: { ...facts, depositPercent: 100 } })).toContain("the full amount when you order");
  });
});
