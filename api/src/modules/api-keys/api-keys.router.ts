// tRPC procedures of the API-keys screen (back office; owner only through the staff access policy).
// Keys themselves are accepted on /api/admin/* REST paths only, never here (trpc/trpc.ts).
import { apiKeyCreateInput, apiKeyIdInput } from "@ch/contracts/api-keys";
import { adminProcedure, router } from "../../trpc/trpc";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.service";

export const adminApiKeysRouter = router({
  list: adminProcedure.query(({ ctx }) => listApiKeys(ctx.deps)),
  create: adminProcedure
    .input(apiKeyCreateInput)
    .mutation(({ ctx, input }) => createApiKey(ctx.deps, ctx.admin, input)),
  revoke: adminProcedure.input(apiKeyIdInput).mutation(({ ctx, input }) => revokeApiKey(ctx.deps, ctx.admin, input.id)),
});
