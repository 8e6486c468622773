// tRPC procedures of the storefront chat: chat.forward, made from its declared operation (chat.rest.ts), and
// chat.reply, hand-written: a query, where its REST path is a POST (made from it, it would be a mutation).
import { chatReplyInput } from "../../contracts/chat";
import { proceduresOf } from "../../trpc/operations";
import { rateLimited, router } from "../../trpc/trpc";
import { chatOperations } from "./chat.rest";
import { replyToChat } from "./chat.service";

export const chatRouter = router({
  ...proceduresOf(chatOperations),
  /** The automatic answer to a message, from the live catalog, settings and prices (POST /api/chat/reply). */
  reply: rateLimited("chatReply")
    .input(chatReplyInput)
    .query(({ ctx, input }) => replyToChat(ctx.deps, input)),
});
