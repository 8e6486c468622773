// tRPC procedures of the business settings: the storefront's public view, and the owner's (settings.rest.ts).
import { proceduresOf } from "../../trpc/operations";
import { router } from "../../trpc/trpc";
import { settingsOperations, siteConfigOperations } from "./settings.rest";

export const settingsRouter = router(proceduresOf(siteConfigOperations));

export const adminSettingsRouter = router(proceduresOf(settingsOperations));
