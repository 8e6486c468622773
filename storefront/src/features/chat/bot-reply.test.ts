import { describe, expect, it } from "vitest";
import { botReply, FORWARDED_NOTE, GENERIC_REPLY, replyRuleName } from "./bot-reply";

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
    expect(botReply("delivery")).toContain("4-8 weeks");
    expect(botReply("delivery")).toContain("1-2 days");
    expect(botReply("specs")).toContain("R-13 insulation");
    expect(botReply("phone", { contact: { phone: "(210) 555-0100", email: "a@b.co" } })).toContain("(210) 555-0100");
    expect(botReply("phone")).toContain("Mon-Fri 8:00 AM-6:00 PM EST");
    expect(botReply("zzz")).toBe(GENERIC_REPLY);
  });

  it("adds the forwarded note only when forwarding was attempted", () => {
    expect(botReply("urgent", { forwarded: true }).endsWith(FORWARDED_NOTE)).toBe(true);
    expect(botReply("urgent")).not.toContain(FORWARDED_NOTE);
  });
});
