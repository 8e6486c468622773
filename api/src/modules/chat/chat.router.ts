import { chatForwardInput } from "../../contracts/chat";
import { rateLimited, router } from "../../trpc/trpc";
import { forwardChatMessage } from "./chat.service";

export const chatRouter = router({
  forward: rateLimited("chat")
    .input(chatForwardInput)
    .mutation(({ ctx, input }) => forwardChatMessage(ctx.deps, input, ctx.req.ip)),
});
