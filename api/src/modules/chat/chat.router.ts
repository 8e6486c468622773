import { chatForwardInput, chatReplyInput } from "../../contracts/chat";
import { rateLimited, router } from "../../trpc/trpc";
import { forwardChatMessage, replyToChat } from "./chat.service";

export const chatRouter = router({
  forward: rateLimited("chat")
    .input(chatForwardInput)
    .mutation(({ ctx, input }) => forwardChatMessage(ctx.deps, input, ctx.req.ip)),
  /** The automatic answer to a message, from the live catalog, settings and prices (POST /api/chat/reply). */
  reply: rateLimited("chatReply")
    .input(chatReplyInput)
    .query(({ ctx, input }) => replyToChat(ctx.deps, input)),
});
