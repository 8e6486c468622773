// The back office's change-order procedures, made from the declared operations (change-orders.rest.ts).
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { adminChangeOrderOperations } from "./change-orders.rest";

export const adminChangeOrdersRouter = router(proceduresOf(adminChangeOrderOperations));
