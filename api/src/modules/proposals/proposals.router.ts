// tRPC procedures of proposals: the same services and schemas as proposals.rest.ts.
import { z } from "zod";
import { id } from "../../contracts/fields";
import { funnelPeriodInput, funnelRange } from "../../contracts/funnel";
import {
  acceptProposalInput,
  changeRequestInput,
  deliveryBandInput,
  proposalInput,
  proposalOptionInput,
  proposalPreviewInput,
  taxRateInput,
  taxRateKey,
  tokenParams,
} from "../../contracts/proposals";
import { adminProcedure, rateLimited, router } from "../../trpc/trpc";
import { salesFunnel } from "../analytics";
import {
  acceptProposal,
  createProposal,
  deleteDeliveryBand,
  deleteOption,
  deleteTaxRate,
  getProposal,
  getPublicProposal,
  listPriceLists,
  listProposals,
  previewProposal,
  requestChanges,
  saveDeliveryBand,
  saveOption,
  saveTaxRate,
  sendProposal,
  updateProposal,
} from "./proposals.service";

export const proposalsRouter = router({
  byToken: rateLimited("proposal")
    .input(tokenParams)
    .query(({ ctx, input }) => getPublicProposal(ctx.deps, input.token)),
  accept: rateLimited("proposal")
    .input(z.strictObject({ ...tokenParams.shape, ...acceptProposalInput.shape }))
    .mutation(({ ctx, input: { token, ...body } }) =>
      acceptProposal(ctx.deps, token, body, { ip: ctx.req.ip, userAgent: ctx.req.headers["user-agent"] ?? null }),
    ),
  requestChanges: rateLimited("proposal")
    .input(z.strictObject({ ...tokenParams.shape, ...changeRequestInput.shape }))
    .mutation(({ ctx, input: { token, ...body } }) => requestChanges(ctx.deps, token, body)),
});

export const adminProposalsRouter = router({
  list: adminProcedure.query(({ ctx }) => listProposals(ctx.deps.db)),
  byId: adminProcedure
    .input(z.strictObject({ id: id() }))
    .query(({ ctx, input }) => getProposal(ctx.deps.db, input.id)),
  /** The editor's running total before saving: the same engine and rules as create/update, nothing saved. */
  preview: adminProcedure.input(proposalPreviewInput).query(({ ctx, input }) => previewProposal(ctx.deps, input)),
  create: adminProcedure.input(proposalInput).mutation(({ ctx, input }) => createProposal(ctx.deps, ctx.admin, input)),
  update: adminProcedure
    .input(z.strictObject({ id: id(), proposal: proposalInput }))
    .mutation(({ ctx, input }) => updateProposal(ctx.deps, ctx.admin, input.id, input.proposal)),
  send: adminProcedure
    .input(z.strictObject({ id: id() }))
    .mutation(({ ctx, input }) => sendProposal(ctx.deps, ctx.admin, input.id)),
  /** Visitors → leads → proposals sent → accepted → deposit paid, by source, over a chosen period (default: the last 30 days). */
  funnel: adminProcedure
    .input(funnelPeriodInput.optional())
    .query(({ ctx, input }) => salesFunnel(ctx.deps.db, funnelRange(input, ctx.deps.clock.now()))),
  priceLists: adminProcedure.query(({ ctx }) => listPriceLists(ctx.deps.db)),
  saveOption: adminProcedure
    .input(z.strictObject({ id: id().nullable(), option: proposalOptionInput }))
    .mutation(({ ctx, input }) => saveOption(ctx.deps, ctx.admin, input.id, input.option)),
  deleteOption: adminProcedure
    .input(z.strictObject({ id: id() }))
    .mutation(({ ctx, input }) => deleteOption(ctx.deps, ctx.admin, input.id)),
  saveDeliveryBand: adminProcedure
    .input(z.strictObject({ id: id().nullable(), band: deliveryBandInput }))
    .mutation(({ ctx, input }) => saveDeliveryBand(ctx.deps, ctx.admin, input.id, input.band)),
  deleteDeliveryBand: adminProcedure
    .input(z.strictObject({ id: id() }))
    .mutation(({ ctx, input }) => deleteDeliveryBand(ctx.deps, ctx.admin, input.id)),
  saveTaxRate: adminProcedure.input(taxRateInput).mutation(({ ctx, input }) => saveTaxRate(ctx.deps, ctx.admin, input)),
  deleteTaxRate: adminProcedure
    .input(taxRateKey)
    .mutation(({ ctx, input }) => deleteTaxRate(ctx.deps, ctx.admin, input.state, input.taxClass)),
});
