import { chatForwardAnswer, chatForwardInput } from "../../contracts/chat";
import { route } from "../../http/route";
import { forwardChatMessage } from "./chat.service";

export const chatRoutes = [
  route({
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
];
