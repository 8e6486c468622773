// The storefront chat's operations, each a REST path and a procedure chat.<name> (chat.router.ts): a message
// forwarded to the team and the automatic answer to a message (a POST on both transports, so the visitor's
// words stay out of URLs).
import { chatForwardAnswer, chatForwardInput, chatReplyAnswer, chatReplyInput } from "@ch/contracts/chat";
import { route } from "../../http/route";
import { forwardChatMessage, replyToChat } from "./chat.service";

export const chatOperations = {
  forward: route({
    method: "POST",
    url: "/api/telegram/chat",
    access: "public",
    summary: "Forward a chat message to the team; delivered to Telegram asynchronously",
    operationId: "forwardChatMessage",
    tags: ["chat"],
    response: chatForwardAnswer,
    body: chatForwardInput,
    successStatus: 202,
    rateLimit: "chat",
    answer: "202 once stored; delivery happens in the background",
    handler: ({ deps, body, ip }) => forwardChatMessage(deps, body, ip),
  }),
  reply: route({
    // POST: the visitor's words stay out of URLs and access logs; nothing is stored
    method: "POST",
    url: "/api/chat/reply",
    access: "public",
    summary:
      "The chat's automatic answer to a message: keyword matching over the published catalog, the business settings, the delivery bands and the ROI calculator's defaults, as they are now",
    operationId: "replyToChatMessage",
    tags: ["chat"],
    body: chatReplyInput,
    response: chatReplyAnswer,
    rateLimit: "chatReply",
    answer:
      "{ topic, text, forwardOffer }: forwardOffer is true when only a person can answer (the chat then offers to send the message to the team)",
    handler: ({ deps, body }) => replyToChat(deps, body),
  }),
};

export const chatRoutes = Object.values(chatOperations);
