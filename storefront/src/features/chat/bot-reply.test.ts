// The panel's part of an answer: the forwarding note, and no figure of its own (the answers and their
// matcher are tested with the server: api/src/modules/chat/chat-answers.test.ts, api/test/chat-answers.test.ts).
import { describe, expect, it } from "vitest";
import { FORWARDED_NOTE, forwardNote, replyText, SAVED_NOTE, UNAVAILABLE_REPLY } from "./bot-reply";

describe("replyText", () => {
  it.each([
    [{}, "answer"],
    [{ forwarded: false, telegram: true }, "answer"],
    [{ forwarded: true, telegram: true }, `answer\n\n${FORWARDED_NOTE}`],
    [{ forwarded: true, telegram: false }, `answer\n\n${SAVED_NOTE}`],
  ])("%o", (options, shown) => {
    expect(replyText("answer", options)).toBe(shown);
  });

  it("names Telegram only when the server says it is configured", () => {
    expect(forwardNote(true)).toBe(FORWARDED_NOTE);
    expect(forwardNote(false)).not.toMatch(/telegram/i);
  });

  it("states no price, percent or hours of its own", () => {
    for (const text of [FORWARDED_NOTE, SAVED_NOTE, UNAVAILABLE_REPLY]) {
      expect(text).not.toMatch(/\$|%|\d{1,2}:\d{2}|AM|PM/);
    }
  });
});
