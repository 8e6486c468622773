import { z } from "zod";
import { requiredText, text } from "./fields";
import { int } from "./responses";

export const chatForwardInput = z.strictObject({
  message: requiredText(2000, "message"),
  userInfo: z.strictObject({
    currentPage: text(500),
    device: z.enum(["Mobile", "Desktop"]),
    browser: z.enum(["Chrome", "Firefox", "Safari", "Unknown"]),
  }),
});
export type ChatForwardInput = z.infer<typeof chatForwardInput>;

/** 202: stored; forwarded says whether it already reached the team (otherwise it is delivered in the background). */
export const chatForwardAnswer = z
  .object({ id: int(), forwarded: z.boolean() })
  .meta({ examples: [{ id: 12, forwarded: false }] });

/** What a visitor typed into the chat; the answer is computed from the live catalog, settings and prices. */
export const chatReplyInput = z.strictObject({ message: requiredText(2000, "message") });
export type ChatReplyInput = z.infer<typeof chatReplyInput>;

/** Which kind of question the automatic answer took the message for (first match wins, in this order). */
export const CHAT_TOPICS = [
  "hours",
  "delivery",
  "payment",
  "warranty",
  "product",
  "category",
  "pricing",
  "quote",
  "contact",
  "specs",
  "roi",
  "greeting",
  "generic",
] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];

/**
 * The automatic answer: its text, and whether the chat should offer to send the question to a person
 * (a question it could not match, or one only the team can answer, such as a quote for your plans).
 */
export const chatReplyAnswer = z
  .object({ topic: z.enum(CHAT_TOPICS), text: z.string(), forwardOffer: z.boolean() })
  .meta({
    examples: [
      {
        topic: "product",
        text: "The Cleveland (20ft Container Homes): $43,116, 1 bedroom, 1 bathroom, 160 sq ft, in stock.",
        forwardOffer: false,
      },
    ],
  });
export type ChatReplyAnswer = z.infer<typeof chatReplyAnswer>;
