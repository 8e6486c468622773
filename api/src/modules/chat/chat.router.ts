// tRPC procedures of the storefront chat: those of the declared operations (chat.rest.ts).
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { chatOperations } from "./chat.rest";

export const chatRouter = router(proceduresOf(chatOperations));
