import { schema } from "@ch/db";
import type { ChatForwardInput } from "../../contracts/chat";
import type { Deps } from "../../lib/deps";
import { createChatLead } from "../leads/leads.service";
import { chatForwardMessage } from "../notifications/messages";
import { enqueue } from "../notifications/outbox";

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
