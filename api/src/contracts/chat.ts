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
