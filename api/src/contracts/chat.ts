import { z } from "zod";
import { requiredText, text } from "./fields";

export const chatForwardInput = z.strictObject({
  message: requiredText(2000, "message"),
  userInfo: z.strictObject({
    currentPage: text(500),
    device: z.enum(["Mobile", "Desktop"]),
    browser: z.enum(["Chrome", "Firefox", "Safari", "Unknown"]),
  }),
});
export type ChatForwardInput = z.infer<typeof chatForwardInput>;
