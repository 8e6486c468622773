// A proposal version: priced from a staff input by the pricing engine (the editor's preview uses the same
// path), stored, and shown; with the pieces the staff and customer sides share.
import { randomBytes } from "node:crypto";
import { taxLineLabel } from "@ch/contracts/pricing";
import type { ProposalLineDto, ProposalLineInput, proposalInput, proposalPreviewInput } from "@ch/contracts/proposals";
import { defaultMilestones, type PaymentMilestone, splitMilestones } from "@ch/contracts/totals";
import { type Executor, schema, type TaxLineRecord } from "@ch/db";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Deps } from "../../lib/deps";
import { AppError } from "../../lib/errors";
import {
  type PricedFigures,
  priceOrder,
  pricingContext,
  proposalPricingInput,
  refuseRepeatedOverCap,
} from "../pricing";
import { getSettings, milestonesOf } from "../settings";

const { proposals, proposalVersions, proposalOptions, products } = schema;

export type ProposalRow = typeof proposals.$inferSelect;
export type VersionRow = typeof proposalVersions.$inferSelect;
export type ParsedProposal = z.output<typeof proposalInput>;

export const gone = (message: string) => new AppError(410, message);
export const newToken = () => randomBytes(24).toString("base64url");

/** End of the validity day in the business's time zone is close enough to the end of that UTC day. */
export const validityEnd = (validUntil: string) => new Date(`${validUntil}T23:59:59.999Z`);

// ---------- pricing a staff input ----------

type CatalogLine = { kind: "product"; productId: number } | { kind: "option"; optionId: number } | { kind: "custom" };

/** The published products and the options the lines name (an unknown or draft one is left out: refused later). */
async function catalogRowsOf(db: Executor, lines: readonly CatalogLine[]) {
  const productIds = lines.flatMap((l) => (l.kind === "product" ? [l.productId] : []));
  const optionIds = lines.flatMap((l) => (l.kind === "option" ? [l.optionId] : []));
  const productRows = productIds.length
    ? await db
        .select({
          id: products.id,
          name: products.name,
          priceCents: products.priceCents,
          taxClass: products.taxClass,
        })
        .from(products)
        // a draft product is not offered: refused like an unknown one
        .where(and(inArray(products.id, productIds), eq(products.published, true)))
    : [];
  const optionRows = optionIds.length
    ? await db
        .select({ id: proposalOptions.id, name: proposalOptions.name, priceCents: proposalOptions.priceCents })
        .from(proposalOptions)
        .where(inArray(proposalOptions.id, optionIds))
    : [];
  return { productRows, optionRows };
}

/** Lines in the proposal line format as the engine's lines: catalog prices and tax classes (a change order's). */
export async function engineLinesOf(db: Executor, lines: readonly ProposalLineInput[]) {
  const { productRows, optionRows } = await catalogRowsOf(db, lines);
  const noPlace = { taxState: "", deliveryZip: null, delivery: null, rates: {} };
  return proposalPricingInput(lines, productRows, optionRows, 0, noPlace, 0).lines;
}

/**
 * Prices a staff input with the pricing engine: the catalog's products (with their tax class) and options,
 * delivery by the ZIP's distance from the yard unless staff chose a band, the tax state's rate per class.
 */
export async function priceInput(db: Executor, input: ProposalPricingFields, settings: ProposalPricingSettings) {
  const { productRows, optionRows } = await catalogRowsOf(db, input.lines);
  const context = await pricingContext(
    db,
    {
      state: input.state,
      zipCode: input.zipCode,
      deliveryBandId: input.deliveryBandId ?? null,
      taxState: input.taxState ?? input.state,
    },
    settings,
  );
  const milestones: PaymentMilestone[] =
    input.paymentSchedule ??
    (input.depositPercent !== undefined ? defaultMilestones(input.depositPercent) : milestonesOf(settings));
  // the schedule's first milestone (on acceptance) is the deposit
  const depositPercent = milestones[0]!.percent;
  const pricing = proposalPricingInput(
    input.lines,
    productRows,
    optionRows,
    input.discountCents,
    context,
    depositPercent,
  );
  refuseRepeatedOverCap(pricing.lines);
  const figures = priceOrder(pricing);
  const priced = { ...figures, deliveryZip: context.deliveryZip, milestones };
  const band = context.delivery ? { id: context.delivery.bandId, label: context.delivery.label } : undefined;
  return { priced, band };
}

type ProposalPricingSettings = Parameters<typeof pricingContext>[2] &
  Parameters<typeof milestonesOf>[0] & { depositPercent: number };
type ProposalPricingFields = z.output<typeof proposalPreviewInput>;

/** The engine's figures a version stores (and the editor's preview shows, in this order). */
const pricedFigures = (priced: PricedFigures) => ({
  subtotalCents: priced.subtotalCents,
  discountCents: priced.discountCents,
  deliveryCents: priced.deliveryCents,
  deliveryLabel: priced.deliveryLabel,
  taxState: priced.taxState,
  taxRateBasisPoints: priced.taxRateBasisPoints,
  taxLines: priced.taxLines,
  taxCents: priced.taxCents,
  totalCents: priced.totalCents,
  depositPercent: priced.depositPercent,
});

/** The editor's running total: the figures saving `input` would store, from the same engine (nothing saved). */
export async function previewProposal(deps: Deps, input: ProposalPricingFields) {
  const { priced } = await priceInput(deps.db, input, await getSettings(deps));
  return {
    lines: priced.lines,
    ...pricedFigures(priced),
    depositCents: priced.depositCents,
    balanceCents: priced.balanceCents,
    paymentSchedule: scheduleWithAmounts(priced.totalCents, priced.milestones),
  };
}

/** Each milestone with its amount in cents (they add up to the total; a 0 % deposit is left out, as on the order). */
export function scheduleWithAmounts(totalCents: number, milestones: readonly PaymentMilestone[]) {
  const amounts = splitMilestones(totalCents, milestones);
  return milestones.map((m, i) => ({ ...m, amountCents: amounts[i]! })).filter((m) => m.percent > 0);
}

/** The milestones a version's order is invoiced by (a version priced before schedules: deposit and balance). */
export const versionMilestones = (v: Pick<VersionRow, "paymentSchedule" | "depositPercent">): PaymentMilestone[] =>
  (v.paymentSchedule as PaymentMilestone[] | null) ?? defaultMilestones(v.depositPercent);

export function versionValues(
  input: ParsedProposal,
  priced: PricedFigures & { deliveryZip: string | null; milestones: PaymentMilestone[] },
  band: { id: number; label: string } | undefined,
) {
  return {
    lines: priced.lines,
    paymentSchedule: priced.milestones,
    deliveryBandId: band?.id ?? null,
    deliveryZip: priced.deliveryZip,
    ...pricedFigures(priced),
    validUntil: input.validUntil,
    terms: input.terms,
    note: input.note ?? null,
  };
}

export const customerValues = (input: ParsedProposal) => ({
  enquiryId: input.enquiryId ?? null,
  customerName: input.customerName,
  email: input.email,
  phone: input.phone,
  address: input.address,
  city: input.city,
  state: input.state,
  zipCode: input.zipCode,
});

/** A version's lines as stored by the engine (each with its total; no tax class on versions older than it). */
export const storedLines = (v: VersionRow): ProposalLineDto[] =>
  (v.lines as ProposalLineDto[]).map((l) => ({ ...l, lineTotalCents: l.unitPriceCents * l.quantity }));

/** A version's tax lines; one general line for a version priced before tax classes (one rate on everything). */
function storedTaxLines(v: VersionRow): TaxLineRecord[] {
  if (v.taxLines.length > 0 || v.taxCents === 0) return v.taxLines;
  return [
    {
      taxClass: "general",
      label: taxLineLabel(v.taxState, "general", v.taxRateBasisPoints),
      rateBasisPoints: v.taxRateBasisPoints,
      taxableCents: v.subtotalCents - v.discountCents + v.deliveryCents,
      taxCents: v.taxCents,
    },
  ];
}

/** A version's figures as stored, up to the deposit's percent (the contracts' order). */
export function storedFigures(v: VersionRow) {
  return {
    subtotalCents: v.subtotalCents,
    discountCents: v.discountCents,
    deliveryCents: v.deliveryCents,
    taxState: v.taxState,
    taxRateBasisPoints: v.taxRateBasisPoints,
    taxLines: storedTaxLines(v),
    taxCents: v.taxCents,
    totalCents: v.totalCents,
    depositPercent: v.depositPercent,
    paymentSchedule: scheduleWithAmounts(v.totalCents, versionMilestones(v)),
  };
}

export function versionDto(v: VersionRow) {
  return {
    version: v.version,
    lines: storedLines(v),
    deliveryBandId: v.deliveryBandId,
    deliveryLabel: v.deliveryLabel,
    deliveryZip: v.deliveryZip,
    ...storedFigures(v),
    validUntil: v.validUntil,
    terms: v.terms,
    note: v.note,
    sentAt: v.sentAt?.toISOString() ?? null,
    createdBy: v.createdBy,
    createdAt: v.createdAt.toISOString(),
  };
}
