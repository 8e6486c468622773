// tRPC procedures of the business settings (owner only): those of the declared operations (settings.rest.ts).
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { settingsOperations } from "./settings.rest";

export const adminSettingsRouter = router(proceduresOf(settingsOperations));
