// tRPC procedures of leads: those of the declared operations (leads.rest.ts, leads-admin.rest.ts), and by
// hand the storefront's enquiry and quote request (they answer only the id, and the source) and the back
// office's list (`{ items, nextCursor }`) and status change (their REST paths are admin.rest.ts's).
import { z } from "zod";
import { adminContactPageInput, contactStatusInput } from "../../contracts/admin";
import { id } from "../../contracts/fields";
import { contactInput, quoteRequestInput } from "../../contracts/leads";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, rateLimited, router } from "../../trpc/trpc";
import { leadOperations } from "./leads.rest";
import { pageContactsForAdmin, setContactStatus, submitContact, submitQuoteRequest } from "./leads.service";
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
  setStatus: adminProcedure
    .input(z.strictObject({ id: id(), ...contactStatusInput.shape }))
    .mutation(({ ctx, input }) => setContactStatus(ctx.deps, ctx.admin, input.id, input.status)),
});
