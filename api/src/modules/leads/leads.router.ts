// tRPC procedures of leads: those of the declared operations (leads.rest.ts, leads-admin.rest.ts), and by
// hand the back office's list (`{ items, nextCursor }`, sorted and filtered; REST pages the same rows by
// Link header).
import { adminContactPageInput } from "@ch/contracts/admin";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, router } from "../../trpc/trpc";
import { leadOperations } from "./leads.rest";
import { pageContactsForAdmin } from "./leads.service";
import { adminLeadOperations } from "./leads-admin.rest";

export const leadsRouter = router(proceduresOf(leadOperations));

export const adminLeadsRouter = router({
  ...proceduresOf(adminLeadOperations),
  /** The contacts table: `{ items, nextCursor }`, sorted and filtered (contracts/admin.ts adminContactPageInput). */
  list: adminProcedure
    .input(adminContactPageInput.optional())
    .query(({ ctx, input }) => pageContactsForAdmin(ctx.deps.db, input ?? {})),
});
