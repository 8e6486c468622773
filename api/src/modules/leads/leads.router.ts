import { adminContactPageInput } from "../../contracts/admin";
import { contactInput, quoteRequestInput } from "../../contracts/leads";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, rateLimited, router } from "../../trpc/trpc";
import { leadOperations } from "./leads.rest";
import { pageContactsForAdmin, submitContact, submitQuoteRequest } from "./leads.service";
import { adminLeadOperations } from "./leads-admin.rest";

export const leadsRouter = router({
  ...proceduresOf(leadOperations),
  contact: rateLimited("contact")
    .input(contactInput)
    .mutation(({ ctx, input }) => submitContact(ctx.deps, input).then((e) => ({ id: e.id }))),
  requestQuote: rateLimited("quote")
    .input(quoteRequestInput)
    .mutation(({ ctx, input }) => submitQuoteRequest(ctx.deps, input).then((e) => ({ id: e.id, source: e.source }))),
});

export const adminLeadsRouter = router({
  ...proceduresOf(adminLeadOperations),
  /** The contacts table: `{ items, nextCursor }`, sorted and filtered (contracts/admin.ts adminContactPageInput). */
  list: adminProcedure
    .input(adminContactPageInput.optional())
    .query(({ ctx, input }) => pageContactsForAdmin(ctx.deps.db, input ?? {})),
});
