import { z } from "zod";
import { adminContactPageInput, contactStatusInput } from "../../contracts/admin";
import { id } from "../../contracts/fields";
import { contactInput, quoteRequestInput, roiInput } from "../../contracts/leads";
import { adminProcedure, rateLimited, router } from "../../trpc/trpc";
import {
  getContactDetails,
  pageContactsForAdmin,
  saveRoi,
  setContactStatus,
  submitContact,
  submitQuoteRequest,
} from "./leads.service";
import { addNoteProcedure } from "./notes.router";

export const leadsRouter = router({
  contact: rateLimited("contact")
    .input(contactInput)
    .mutation(({ ctx, input }) => submitContact(ctx.deps, input).then((e) => ({ id: e.id }))),
  requestQuote: rateLimited("quote")
    .input(quoteRequestInput)
    .mutation(({ ctx, input }) => submitQuoteRequest(ctx.deps, input).then((e) => ({ id: e.id, source: e.source }))),
  saveRoi: rateLimited("roi")
    .input(roiInput)
    .mutation(({ ctx, input }) => saveRoi(ctx.deps, input)),
});

export const adminLeadsRouter = router({
  /** The contacts table: `{ items, nextCursor }`, sorted and filtered (contracts/admin.ts adminContactPageInput). */
  list: adminProcedure
    .input(adminContactPageInput.optional())
    .query(({ ctx, input }) => pageContactsForAdmin(ctx.deps.db, input ?? {})),
  details: adminProcedure
    .input(z.strictObject({ id: id() }))
    .query(({ ctx, input }) => getContactDetails(ctx.deps.db, input.id)),
  setStatus: adminProcedure
    .input(z.strictObject({ id: id(), ...contactStatusInput.shape }))
    .mutation(({ ctx, input }) => setContactStatus(ctx.deps, ctx.admin, input.id, input.status)),
  addNote: addNoteProcedure("enquiry"),
});
