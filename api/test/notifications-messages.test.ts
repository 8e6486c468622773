// Message texts: escaping for Telegram's HTML parse mode, the 4096 limit, and the retry schedule.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chatForwardMessage,
  enquiryMessages,
  escapeHtml,
  fitTelegram,
  newVisitorMessage,
  TELEGRAM_TEXT_LIMIT,
  telegramPlainText,
} from "../src/modules/notifications/messages";
import { retryDelayMs } from "../src/modules/notifications/worker";
import { testEnv } from "./harness";
import { parseTelegramHtml } from "./notifications-fakes";

const env = testEnv();

describe("Telegram texts", () => {
  it("escape whatever a visitor types, so Telegram can parse them and shows it unchanged", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000, unit: "grapheme" }), (message) => {
        const { bodyText } = chatForwardMessage({
          id: 1,
          message: message || "x",
          currentPage: "/<a>&",
          device: "Mobile",
          browser: "Safari",
        });
        const parsed = parseTelegramHtml(bodyText);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(parsed.text).toContain(message || "x");
        expect(telegramPlainText(bodyText)).toBe(parsed.ok ? parsed.text : "");
      }),
      { numRuns: 200 },
    );
  });

  it("stay within 4096 characters without cutting a tag, an entity or a surrogate pair", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), fc.constantFrom('<&>"', "😀", "é")), {
          maxLength: 60,
        }),
        fc.integer({ min: 40, max: TELEGRAM_TEXT_LIMIT }),
        (pieces, limit) => {
          const html = pieces.map((p, i) => (i % 3 === 0 ? `<b>${escapeHtml(p)}:</b> ` : escapeHtml(p))).join("\n");
          const fitted = fitTelegram(html, limit);
          expect(fitted.length).toBeLessThanOrEqual(Math.max(limit, html.length <= limit ? html.length : 0));
          if (html.length <= limit) expect(fitted).toBe(html);
          const parsed = parseTelegramHtml(fitted);
          expect(parsed.ok).toBe(true);
          expect(fitted).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("say what happened in a few readable lines", () => {
    const [staff, ack] = enquiryMessages(
      {
        id: 7,
        source: "call-request",
        firstName: "Cy",
        lastName: "Diaz",
        email: "cy@example.com",
        phone: "210-555-0199",
        projectType: null,
        budget: null,
        message: null,
        preferredTime: "Weekday mornings",
        productName: null,
      },
      env,
    );
    expect(staff!.bodyText).toBe(
      "📩 <b>Call request</b>\n<b>Name:</b> Cy Diaz\n<b>Email:</b> cy@example.com\n<b>Phone:</b> 210-555-0199\n<b>Preferred time:</b> Weekday mornings",
    );
    expect(ack).toMatchObject({
      channel: "email",
      recipient: "cy@example.com",
      subject: "We received your call request",
    });
    // the acknowledgement goes to an address nobody has proven: fixed words, none of the visitor's
    expect(ack!.bodyText).toContain("Hello,\n\nThank you for your call request. A member of our team");
    for (const typed of ["Cy", "Diaz", "Weekday mornings", "210-555-0199"]) expect(ack!.bodyText).not.toContain(typed);
    expect(ack!.payload).toEqual({ acknowledgement: "unproven-recipient" });
    const visitor = newVisitorMessage({
      id: 3,
      path: "/gallery",
      deviceType: "Mobile",
      browser: "Safari",
      referrer: null,
    });
    expect(visitor.bodyText).toBe(
      "👀 <b>New visitor</b>\n<b>Page:</b> /gallery\n<b>Device:</b> Mobile · Safari\n<b>From:</b> Direct",
    );
  });
});

describe("retry schedule", () => {
  it("doubles from the base up to the cap, with half of each step random", () => {
    const at = (attempts: number, random: number) =>
      retryDelayMs(attempts, { retryBaseMs: 5000, retryMaxMs: 1_800_000, random: () => random });
    expect([1, 2, 3, 4].map((n) => at(n, 0))).toEqual([2500, 5000, 10_000, 20_000]);
    expect([1, 2, 3, 4].map((n) => at(n, 0.9999999))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(at(20, 0)).toBe(900_000);
    expect(at(20, 0.9999999)).toBe(1_800_000);
  });
});
