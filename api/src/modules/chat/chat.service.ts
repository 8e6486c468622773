import type { ChatForwardInput, ChatReplyAnswer, ChatReplyInput } from "@ch/contracts/chat";
import { computeRoi, defaultRoiInputs } from "@ch/contracts/roi";
import { schema } from "@ch/db";
import type { Deps } from "../../lib/deps";
import { readCache } from "../../lib/read-cache";
import { listProducts } from "../catalog";
import { createChatLead } from "../leads";
import { chatForwardMessage, enqueue } from "../notifications";
import { deliveryBandPrices } from "../pricing";
import { getSiteConfig } from "../settings";
import { type ChatKnowledge, chatAnswer } from "./chat-answers";

/**
 * What the chat's answers are made from, read when the question comes: the published catalog (the read
 * cache's entry of GET /api/products, dropped at every catalog change), the business settings, the delivery
 * bands the pricing engine applies, and the figures the ROI calculator opens with.
 */
export async function chatKnowledge(deps: Pick<Deps, "db" | "env" | "log">): Promise<ChatKnowledge> {
  const [products, config, deliveryBands] = await Promise.all([
    readCache(deps.db).value("products:list:", () => listProducts(deps.db)),
    getSiteConfig(deps),
    deliveryBandPrices(deps.db),
  ]);
  const inputs = defaultRoiInputs();
  return {
    products: products.map((p) => ({
      name: p.name,
      category: p.category,
      priceCents: Math.round(p.price * 100),
      inStock: p.inStock,
      specs: p.specs,
    })),
    config,
    deliveryBands,
    roi: { inputs, figures: computeRoi(inputs) },
  };
}

/** The automatic answer to a chat message (keyword matching over the live data; see chat-answers.ts). */
export async function replyToChat(
  deps: Pick<Deps, "db" | "env" | "log">,
  input: ChatReplyInput,
): Promise<ChatReplyAnswer> {
  return chatAnswer(input.message, await chatKnowledge(deps));
}

/** Stores the forward, a lead for the inbox and the Telegram outbox row together; delivery is asynchronous. */
export async function forwardChatMessage(deps: Deps, input: ChatForwardInput, ipAddress: string) {
  return deps.db.transaction(async (tx) => {
    const lead = await createChatLead(tx, deps, input.message, input.userInfo.currentPage);
    const [forward] = await tx
      .insert(schema.chatForwards)
      .values({
        message: input.message,
        currentPage: input.userInfo.currentPage,
        device: input.userInfo.device,
        browser: input.userInfo.browser,
        ipAddress,
        enquiryId: lead.id,
        createdAt: deps.clock.now(),
      })
      .returning();
    await enqueue(tx, deps.env, [chatForwardMessage(forward!)]);
    return { id: forward!.id, forwarded: true };
  });
}
