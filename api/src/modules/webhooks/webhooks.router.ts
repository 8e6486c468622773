// tRPC procedures of the webhook screen: those of the declared operations (webhooks.rest.ts).
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { webhookOperations } from "./webhooks.rest";

export const adminWebhooksRouter = router(proceduresOf(webhookOperations, { update: { bodyAs: "patch" } }));
