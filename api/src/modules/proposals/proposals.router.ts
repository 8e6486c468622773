// tRPC procedures of proposals: those of the declared operations (proposals.rest.ts, proposals-admin.rest.ts),
// and hand-written ones: the editor's preview and the price lists (no REST path), and the sales funnel (its
// period's whole-query refinement and its optional input would not survive being made from its route).

import { idParams } from "@ch/contracts/admin";
import { id } from "@ch/contracts/fields";
import { funnelPeriodInput, funnelRange } from "@ch/contracts/funnel";
import {
  deliveryBandInput,
  proposalOptionInput,
  proposalPreviewInput,
  taxRateInput,
  taxRateKey,
} from "@ch/contracts/proposals";
import { z } from "zod";
import type { Deps } from "../../lib/deps";
import { proceduresOf } from "../../trpc/operations";
import { adminProcedure, router } from "../../trpc/trpc";
import { salesFunnel } from "../analytics";
import type { Actor } from "../audit";
import { adminProposalOperations, proposalOperations } from "./proposals.rest";
import {
  deleteDeliveryBand,
  deleteOption,
  deleteTaxRate,
  listPriceLists,
  previewProposal,
  saveDeliveryBand,
  saveOption,
  saveTaxRate,
} from "./proposals.service";
import { adminProposalEditOperations } from "./proposals-admin.rest";

/** A price list's row deleted by its id: { id }. */
const deletingById = (remove: (deps: Deps, actor: Actor, id: number) => Promise<{ ok: true }>) =>
  adminProcedure.input(idParams).mutation(({ ctx, input }) => remove(ctx.deps, ctx.admin, input.id));

export const proposalsRouter = router(proceduresOf(proposalOperations));

export const adminProposalsRouter = router({
  ...proceduresOf({ ...adminProposalOperations, ...adminProposalEditOperations }, { update: { bodyAs: "proposal" } }),
  /** The editor's running total before saving: the same engine and rules as create/update, nothing saved. */
  preview: adminProcedure.input(proposalPreviewInput).query(({ ctx, input }) => previewProposal(ctx.deps, input)),
  /** Visitors → leads → proposals sent → accepted → deposit paid, by source, over a chosen period (default: the last 30 days). */
  funnel: adminProcedure
    .input(funnelPeriodInput.optional())
    .query(({ ctx, input }) => salesFunnel(ctx.deps.db, funnelRange(input, ctx.deps.clock.now()))),
  priceLists: adminProcedure.query(({ ctx }) => listPriceLists(ctx.deps.db)),
  saveOption: adminProcedure
    .input(z.strictObject({ id: id().nullable(), option: proposalOptionInput }))
    .mutation(({ ctx, input }) => saveOption(ctx.deps, ctx.admin, input.id, input.option)),
  deleteOption: deletingById(deleteOption),
  saveDeliveryBand: adminProcedure
    .input(z.strictObject({ id: id().nullable(), band: deliveryBandInput }))
    .mutation(({ ctx, input }) => saveDeliveryBand(ctx.deps, ctx.admin, input.id, input.band)),
  deleteDeliveryBand: deletingById(deleteDeliveryBand),
  saveTaxRate: adminProcedure.input(taxRateInput).mutation(({ ctx, input }) => saveTaxRate(ctx.deps, ctx.admin, input)),
  deleteTaxRate: adminProcedure
    .input(taxRateKey)
    .mutation(({ ctx, input }) => deleteTaxRate(ctx.deps, ctx.admin, input.state, input.taxClass)),
});
