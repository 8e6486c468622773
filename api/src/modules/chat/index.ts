// The storefront chat: automatic answers and messages forwarded to staff as leads.
export { chatRoutes } from "./chat.rest";
export { chatRouter } from "./chat.router";
