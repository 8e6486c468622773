// tRPC procedures of the outbox screen: those of the declared operations (notifications.rest.ts).
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { notificationOperations } from "./notifications.rest";

export const adminNotificationsRouter = router(proceduresOf(notificationOperations));
