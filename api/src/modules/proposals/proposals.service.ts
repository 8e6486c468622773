// Proposals: staff price a custom build (catalog products, options from the staff-managed list, custom
// lines, a delivery band, a discount, the delivery state's tax rate, validity and deposit terms); the
// server computes every figure (the pricing engine). A sent version is never edited in place: a change adds
// a draft version that the customer cannot see until staff send it; the customer's page (/proposal/{token})
// shows the latest SENT version, and an acceptance names the version it accepts (a stale one: 409).
// Acceptance creates the order through the order core (orders/order-core.ts), in one transaction.
import { randomBytes } from "node:crypto";
import { type Executor, rowsOf, schema, type TaxLineRecord } from "@ch/db";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { humanDate } from "../../contracts/business-facts";
import { type TaxClass, taxLineLabel } from "../../contracts/pricing";
import type {
  acceptProposalInput,
  changeRequestInput,
  deliveryBandInput,
  ProposalLineDto,
  PublicProposalDto,
  proposalInput,
  proposalOptionInput,
  proposalPreviewInput,
  taxRateInput,
} from "../../contracts/proposals";
import { splitDeposit } from "../../contracts/totals";
import type { Deps } from "../../lib/deps";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { type Actor, CUSTOMER, recordAudit } from "../audit";
import { composeEmail, enqueue, escapeHtml } from "../notifications";
import { createOrder } from "../orders";
import {
  type PricedFigures,
  priceOrder,
  pricingContext,
  proposalPricingInput,
  refuseRepeatedOverCap,
} from "../pricing";
import { getSettings, siteUrlOf } from "../settings";
import { emitWebhookEvent } from "../webhooks";

const {
  proposals,
  proposalVersions,
  proposalAcceptances,
  proposalChangeRequests,
  proposalOptions,
  deliveryBands,
  taxRates,
  products,
  orders,
  enquiries,
  notes,
} = schema;

type ProposalRow = typeof proposals.$inferSelect;
type VersionRow = typeof proposalVersions.$inferSelect;
type ParsedProposal = z.output<typeof proposalInput>;

const gone = (message: string) => new AppError(410, message);
const newToken = () => randomBytes(24).toString("base64url");

/** End of the validity day in the business's time zone is close enough to the end of that UTC day. */
const validityEnd = (validUntil: string) => new Date(`${validUntil}T23:59:59.999Z`);

// ---------- pricing a staff input ----------

/**
 * Prices a staff input with the pricing engine: the catalog's products (with their tax class) and options,
 * delivery by the ZIP's distance from the yard unless staff chose a band, the tax state's rate per class.
 */
async function priceInput(db: Executor, input: ProposalPricingFields, settings: ProposalPricingSettings) {
  const productIds = input.lines.flatMap((l) => (l.kind === "product" ? [l.productId] : []));
  const optionIds = input.lines.flatMap((l) => (l.kind === "option" ? [l.optionId] : []));
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
  const depositPercent = input.depositPercent ?? settings.depositPercent;
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
  const priced = { ...figures, deliveryZip: context.deliveryZip };
  const band = context.delivery ? { id: context.delivery.bandId, label: context.delivery.label } : undefined;
  return { priced, band };
}

type ProposalPricingSettings = Parameters<typeof pricingContext>[2] & { depositPercent: number };
type ProposalPricingFields = z.output<typeof proposalPreviewInput>;

/** The editor's running total: the figures saving `input` would store, from the same engine (nothing saved). */
export async function previewProposal(deps: Deps, input: ProposalPricingFields) {
  const { priced } = await priceInput(deps.db, input, await getSettings(deps));
  return {
    lines: priced.lines,
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
    depositCents: priced.depositCents,
    balanceCents: priced.balanceCents,
  };
}

function versionValues(
  input: ParsedProposal,
  priced: PricedFigures & { deliveryZip: string | null },
  band: { id: number; label: string } | undefined,
) {
  return {
    lines: priced.lines,
    deliveryBandId: band?.id ?? null,
    deliveryLabel: priced.deliveryLabel,
    deliveryZip: priced.deliveryZip,
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    deliveryCents: priced.deliveryCents,
    taxState: priced.taxState,
    taxRateBasisPoints: priced.taxRateBasisPoints,
    taxLines: priced.taxLines,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
    depositPercent: priced.depositPercent,
    validUntil: input.validUntil,
    terms: input.terms,
    note: input.note ?? null,
  };
}

const customerValues = (input: ParsedProposal) => ({
  enquiryId: input.enquiryId ?? null,
  customerName: input.customerName,
  email: input.email,
  phone: input.phone,
  address: input.address,
  city: input.city,
  state: input.state,
  zipCode: input.zipCode,
});

// ---------- staff ----------

export async function createProposal(deps: Deps, actor: Actor, input: ParsedProposal) {
  // read before the transaction: on the embedded database a read outside it would wait for it
  const settings = await getSettings(deps);
  const id = await deps.db.transaction(async (tx) => {
    if (input.enquiryId) {
      const [lead] = await tx.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.id, input.enquiryId));
      if (!lead) throw badRequest("Unknown lead", [{ path: ["enquiryId"], message: "no such lead" }]);
    }
    const { priced, band } = await priceInput(tx, input, settings);
    const [row] = await tx
      .insert(proposals)
      .values({
        ...customerValues(input),
        token: newToken(),
        status: "draft",
        currentVersion: 1,
        createdBy: actor.username,
      })
      .returning({ id: proposals.id });
    await tx.insert(proposalVersions).values({
      proposalId: row!.id,
      version: 1,
      ...versionValues(input, priced, band),
      createdBy: actor.username,
    });
    await recordAudit(tx, actor, "proposal.create", "proposal", row!.id, { total: priced.totalCents });
    return row!.id;
  });
  return getProposal(deps.db, id);
}

/** Edits a proposal: a draft's current version in place; a sent one gets a new version. */
export async function updateProposal(deps: Deps, actor: Actor, id: number, input: ParsedProposal) {
  const settings = await getSettings(deps);
  await deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update").limit(1);
    if (!p) throw notFound("Proposal not found");
    if (p.status === "accepted") throw conflict("This proposal has been accepted; it can no longer change");
    const [current] = await tx
      .select()
      .from(proposalVersions)
      .where(and(eq(proposalVersions.proposalId, id), eq(proposalVersions.version, p.currentVersion)));
    const { priced, band } = await priceInput(tx, input, settings);
    const values = versionValues(input, priced, band);
    const now = deps.clock.now();
    let version = p.currentVersion;
    if (current && current.sentAt === null) {
      await tx.update(proposalVersions).set(values).where(eq(proposalVersions.id, current.id));
    } else {
      version = p.currentVersion + 1;
      await tx.insert(proposalVersions).values({ proposalId: id, version, ...values, createdBy: actor.username });
    }
    await tx
      .update(proposals)
      .set({ ...customerValues(input), currentVersion: version, updatedAt: now })
      .where(eq(proposals.id, id));
    await recordAudit(tx, actor, "proposal.update", "proposal", id, { version, total: priced.totalCents });
  });
  return getProposal(deps.db, id);
}

const proposalUrl = (deps: Pick<Deps, "env">, token: string) => `${siteUrlOf(deps.env)}/proposal/${token}`;

/** Marks the latest version sent and e-mails the customer the link (outbox, same transaction). */
export async function sendProposal(deps: Deps, actor: Actor, id: number) {
  const settings = await getSettings(deps);
  await deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update").limit(1);
    if (!p) throw notFound("Proposal not found");
    if (p.status === "accepted") throw conflict("This proposal has already been accepted");
    const now = deps.clock.now();
    const [v] = await tx
      .update(proposalVersions)
      .set({ sentAt: now })
      .where(and(eq(proposalVersions.proposalId, id), eq(proposalVersions.version, p.currentVersion)))
      .returning();
    await tx.update(proposals).set({ status: "sent", updatedAt: now }).where(eq(proposals.id, id));
    const url = proposalUrl(deps, p.token);
    const { company } = settings;
    const total = usd(v!.totalCents);
    // a calendar day, written out ("December 3, 2026")
    const validUntil = humanDate(v!.validUntil, settings.timeZone);
    const version = p.currentVersion > 1 ? ` (version ${p.currentVersion})` : "";
    const { bodyText: text, bodyHtml: html } = composeEmail(company, [
      `Hello ${p.customerName},`,
      `Your proposal from ${company.name} is ready${version}: ${total}, valid until ${validUntil}.`,
      { href: url, label: "Read, accept or ask for changes", text: "Read it, accept it or ask for changes here:" },
    ]);
    await enqueue(tx, deps.env, [
      {
        channel: "email",
        kind: "proposal-sent",
        recipient: p.email,
        subject: `Your proposal from ${company.name}`,
        bodyText: text,
        bodyHtml: html,
        entityType: "proposal",
        entityId: id,
        payload: { version: p.currentVersion },
      },
    ]);
    await recordAudit(tx, actor, "proposal.send", "proposal", id, { version: p.currentVersion });
  });
  return getProposal(deps.db, id);
}

const usdFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usd = (cents: number) => usdFormat.format(cents / 100);

/** A version's lines as stored by the engine (each with its total; no tax class on versions older than it). */
const storedLines = (v: VersionRow): ProposalLineDto[] =>
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

function versionDto(v: VersionRow) {
  return {
    version: v.version,
    lines: storedLines(v),
    deliveryBandId: v.deliveryBandId,
    deliveryLabel: v.deliveryLabel,
    deliveryZip: v.deliveryZip,
    subtotalCents: v.subtotalCents,
    discountCents: v.discountCents,
    deliveryCents: v.deliveryCents,
    taxState: v.taxState,
    taxRateBasisPoints: v.taxRateBasisPoints,
    taxLines: storedTaxLines(v),
    taxCents: v.taxCents,
    totalCents: v.totalCents,
    depositPercent: v.depositPercent,
    validUntil: v.validUntil,
    terms: v.terms,
    note: v.note,
    sentAt: v.sentAt?.toISOString() ?? null,
    createdBy: v.createdBy,
    createdAt: v.createdAt.toISOString(),
  };
}

export async function listProposals(db: Executor) {
  const rows = await db
    .select({
      id: proposals.id,
      customerName: proposals.customerName,
      email: proposals.email,
      state: proposals.state,
      status: proposals.status,
      currentVersion: proposals.currentVersion,
      enquiryId: proposals.enquiryId,
      orderId: proposals.orderId,
      createdAt: proposals.createdAt,
      updatedAt: proposals.updatedAt,
      totalCents: proposalVersions.totalCents,
      validUntil: proposalVersions.validUntil,
    })
    .from(proposals)
    .innerJoin(
      proposalVersions,
      and(eq(proposalVersions.proposalId, proposals.id), eq(proposalVersions.version, proposals.currentVersion)),
    )
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .limit(500);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

export async function getProposal(db: Executor, id: number) {
  const [p] = await db.select().from(proposals).where(eq(proposals.id, id)).limit(1);
  if (!p) throw notFound("Proposal not found");
  const versions = await db
    .select()
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, id))
    .orderBy(desc(proposalVersions.version));
  const changeRequests = await db
    .select()
    .from(proposalChangeRequests)
    .where(eq(proposalChangeRequests.proposalId, id))
    .orderBy(desc(proposalChangeRequests.createdAt));
  const [acceptance] = await db.select().from(proposalAcceptances).where(eq(proposalAcceptances.proposalId, id));
  const [order] = p.orderId
    ? await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, p.orderId))
    : [];
  return {
    id: p.id,
    token: p.token,
    enquiryId: p.enquiryId,
    customerName: p.customerName,
    email: p.email,
    phone: p.phone,
    address: p.address,
    city: p.city,
    state: p.state,
    zipCode: p.zipCode,
    status: p.status,
    currentVersion: p.currentVersion,
    orderId: p.orderId,
    orderNumber: order?.orderNumber ?? null,
    createdBy: p.createdBy,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    versions: versions.map(versionDto),
    changeRequests: changeRequests.map((c) => ({
      id: c.id,
      version: c.version,
      message: c.message,
      createdAt: c.createdAt.toISOString(),
    })),
    acceptance: acceptance
      ? {
          version: acceptance.version,
          fullName: acceptance.fullName,
          ipAddress: acceptance.ipAddress,
          acceptedAt: acceptance.acceptedAt.toISOString(),
        }
      : null,
  };
}

// ---------- staff-managed lists ----------

/**
 * What a proposal is priced from: the catalog's published products (a product line; sales may not read
 * the catalog itself), the options, the delivery bands and the tax rates.
 */
export async function listPriceLists(db: Executor) {
  const [catalog, options, bands, rates] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, priceCents: products.priceCents })
      .from(products)
      .where(eq(products.published, true))
      .orderBy(asc(products.name), asc(products.id)),
    db.select().from(proposalOptions).orderBy(asc(proposalOptions.sortOrder), asc(proposalOptions.id)),
    db.select().from(deliveryBands).orderBy(asc(deliveryBands.sortOrder), asc(deliveryBands.id)),
    db
      .select({ state: taxRates.state, taxClass: taxRates.taxClass, rateBasisPoints: taxRates.rateBasisPoints })
      .from(taxRates)
      .orderBy(asc(taxRates.state), asc(taxRates.taxClass)),
  ]);
  return {
    products: catalog,
    options: options.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    bands,
    taxRates: rates,
  };
}

/** The option and delivery-band lists: what the audit log and a 404 call them. */
const PRICE_LISTS = {
  proposal_option: { action: "proposal-option", label: "Option" },
  delivery_band: { action: "delivery-band", label: "Delivery band" },
} as const;
type PriceList = keyof typeof PRICE_LISTS;

/**
 * Creates a row of a price list (id null) or updates one (404 when it does not exist), with its audit
 * line, in one transaction. `write` runs the insert or update and returns the rows it touched.
 */
function savePriceListRow<R extends { id: number }>(
  deps: Deps,
  actor: Actor,
  list: PriceList,
  id: number | null,
  input: Record<string, unknown>,
  write: (tx: Executor) => Promise<R[]>,
): Promise<R> {
  return deps.db.transaction(async (tx) => {
    const [row] = await write(tx);
    if (!row) throw notFound(`${PRICE_LISTS[list].label} not found`);
    await recordAudit(tx, actor, `${PRICE_LISTS[list].action}.${id ? "update" : "create"}`, list, row.id, input);
    return row;
  });
}

/**
 * Deletes a row of a price list (404 when it does not exist). Proposals keep what they were priced with:
 * a version stores its lines, delivery label and figures, so nothing already priced changes.
 */
function deletePriceListRow(
  deps: Deps,
  actor: Actor,
  list: PriceList,
  id: number,
  remove: (tx: Executor) => Promise<unknown[]>,
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await remove(tx);
    if (!row) throw notFound(`${PRICE_LISTS[list].label} not found`);
    await recordAudit(tx, actor, `${PRICE_LISTS[list].action}.delete`, list, id);
    return { ok: true as const };
  });
}

export async function saveOption(
  deps: Deps,
  actor: Actor,
  id: number | null,
  input: z.output<typeof proposalOptionInput>,
) {
  const row = await savePriceListRow(deps, actor, "proposal_option", id, input, (tx) =>
    id
      ? tx.update(proposalOptions).set(input).where(eq(proposalOptions.id, id)).returning()
      : tx.insert(proposalOptions).values(input).returning(),
  );
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function deleteOption(deps: Deps, actor: Actor, id: number) {
  return deletePriceListRow(deps, actor, "proposal_option", id, (tx) =>
    tx.delete(proposalOptions).where(eq(proposalOptions.id, id)).returning({ id: proposalOptions.id }),
  );
}

export function saveDeliveryBand(
  deps: Deps,
  actor: Actor,
  id: number | null,
  input: z.output<typeof deliveryBandInput>,
) {
  return savePriceListRow(deps, actor, "delivery_band", id, input, (tx) =>
    id
      ? tx.update(deliveryBands).set(input).where(eq(deliveryBands.id, id)).returning()
      : tx.insert(deliveryBands).values(input).returning(),
  );
}

export function deleteDeliveryBand(deps: Deps, actor: Actor, id: number) {
  return deletePriceListRow(deps, actor, "delivery_band", id, (tx) =>
    tx.delete(deliveryBands).where(eq(deliveryBands.id, id)).returning({ id: deliveryBands.id }),
  );
}

/** One rate of the tax table, by state and class (an edit or a new row), audited with the rate it replaced. */
export async function saveTaxRate(deps: Deps, actor: Actor, input: z.output<typeof taxRateInput>) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [before] = await tx
      .select({ rateBasisPoints: taxRates.rateBasisPoints })
      .from(taxRates)
      .where(and(eq(taxRates.state, input.state), eq(taxRates.taxClass, input.taxClass)))
      .for("update");
    await tx
      .insert(taxRates)
      .values({ ...input, updatedAt: now })
      .onConflictDoUpdate({
        target: [taxRates.state, taxRates.taxClass],
        set: { rateBasisPoints: input.rateBasisPoints, updatedAt: now },
      });
    await recordAudit(tx, actor, "tax-rate.save", "tax_rate", `${input.state}:${input.taxClass}`, {
      ...input,
      previousRateBasisPoints: before?.rateBasisPoints ?? null,
    });
    return input;
  });
}

export async function deleteTaxRate(deps: Deps, actor: Actor, state: string, taxClass: TaxClass = "general") {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(taxRates)
      .where(and(eq(taxRates.state, state), eq(taxRates.taxClass, taxClass)))
      .returning({ rateBasisPoints: taxRates.rateBasisPoints });
    if (!row) throw notFound("No rate for that state and tax class");
    await recordAudit(tx, actor, "tax-rate.delete", "tax_rate", `${state}:${taxClass}`, {
      state,
      taxClass,
      previousRateBasisPoints: row.rateBasisPoints,
    });
    return { ok: true };
  });
}

// ---------- the customer ----------

async function loadByToken(db: Executor, token: string, lock = false) {
  const q = db.select().from(proposals).where(eq(proposals.token, token)).limit(1);
  const [p] = lock ? await q.for("update") : await q;
  if (!p) throw notFound("Proposal not found");
  // the customer sees the latest version staff SENT: an edit after sending is a draft until it is sent,
  // and a proposal never sent has no page yet
  const [v] = await db
    .select()
    .from(proposalVersions)
    .where(and(eq(proposalVersions.proposalId, p.id), isNotNull(proposalVersions.sentAt)))
    .orderBy(desc(proposalVersions.version))
    .limit(1);
  if (!v) throw notFound("Proposal not found");
  return { p, v };
}

const isExpired = (v: VersionRow, now: Date) => validityEnd(v.validUntil).getTime() < now.getTime();

export async function getPublicProposal(deps: Deps, token: string): Promise<PublicProposalDto> {
  const { p, v } = await loadByToken(deps.db, token);
  const [acceptance] = await deps.db.select().from(proposalAcceptances).where(eq(proposalAcceptances.proposalId, p.id));
  const [order] = p.orderId
    ? await deps.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, p.orderId))
    : [];
  const { company } = await getSettings(deps);
  return {
    state: acceptance ? "accepted" : isExpired(v, deps.clock.now()) ? "expired" : "open",
    version: v.version,
    customerName: p.customerName,
    deliverTo: [p.address, p.city, [p.state, p.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    lines: storedLines(v),
    deliveryLabel: v.deliveryLabel,
    subtotalCents: v.subtotalCents,
    discountCents: v.discountCents,
    deliveryCents: v.deliveryCents,
    taxState: v.taxState,
    taxRateBasisPoints: v.taxRateBasisPoints,
    taxLines: storedTaxLines(v),
    taxCents: v.taxCents,
    totalCents: v.totalCents,
    depositPercent: v.depositPercent,
    ...depositOf(v),
    validUntil: v.validUntil,
    terms: v.terms,
    sentAt: v.sentAt?.toISOString() ?? null,
    acceptedAt: acceptance?.acceptedAt.toISOString() ?? null,
    acceptedBy: acceptance?.fullName ?? null,
    orderNumber: order?.orderNumber ?? null,
    company: { name: company.name, phone: company.phone, email: company.email },
  };
}

function depositOf(v: VersionRow) {
  const { depositCents, balanceCents } = splitDeposit(v.totalCents, v.depositPercent);
  return { depositCents, balanceCents };
}

export interface AcceptContext {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The customer accepts the latest version: records the typed name, time and address, creates the order
 * (stage awaiting_deposit) with its deposit and balance invoices, and e-mails the confirmation.
 * A second acceptance or a stale version → 409; an expired proposal → 410.
 */
export async function acceptProposal(
  deps: Deps,
  token: string,
  input: z.output<typeof acceptProposalInput>,
  ctx: AcceptContext,
) {
  const settings = await getSettings(deps);
  return deps.db.transaction(async (tx) => {
    const { p, v } = await loadByToken(tx, token, true);
    const [already] = await tx
      .select({ id: proposalAcceptances.id })
      .from(proposalAcceptances)
      .where(eq(proposalAcceptances.proposalId, p.id));
    if (already || p.status === "accepted") throw conflict("This proposal has already been accepted");
    if (input.version !== v.version) {
      throw conflict(
        `This proposal has been updated: you accepted version ${input.version}, but its current version is ${v.version}; please read it before accepting`,
        { version: v.version },
      );
    }
    const now = deps.clock.now();
    if (isExpired(v, now)) {
      throw gone(`This proposal expired on ${v.validUntil}: please ask us for an updated one`);
    }
    await tx.insert(proposalAcceptances).values({
      proposalId: p.id,
      version: v.version,
      fullName: input.fullName,
      ipAddress: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      acceptedAt: now,
    });
    const lines = v.lines as (ProposalLineDto & { taxClass?: string })[];
    const [{ id: orderId }] = rowsOf<{ id: number }>(
      await tx.execute(sql`select nextval('orders_id_seq')::int as id`),
    ) as [{ id: number }];
    const [firstName, ...rest] = p.customerName.split(/\s+/);
    const origin = { proposalId: p.id, version: v.version };
    const stored = await createOrder(tx, deps, settings, orderId, {
      customer: {
        firstName: firstName ?? p.customerName,
        lastName: rest.join(" "),
        email: p.email,
        phone: p.phone ?? "",
        address: p.address,
        city: p.city,
        state: p.state,
        zipCode: p.zipCode,
        deliveryNotes: null,
      },
      paymentMethod: input.paymentMethod,
      // option and custom lines name no catalog product: product_id 0
      lines: lines.map((l) => ({
        productId: l.kind === "product" && l.refId ? l.refId : 0,
        productName: l.name,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        taxClass: l.taxClass ?? "general",
      })),
      figures: {
        subtotalCents: v.subtotalCents,
        discountCents: v.discountCents,
        shippingCents: v.deliveryCents,
        deliveryLabel: v.deliveryLabel,
        taxLines: v.taxLines,
        taxCents: v.taxCents,
        totalCents: v.totalCents,
        depositPercent: v.depositPercent,
      },
      // the version's prices are the ones the customer accepts: nothing to re-check against the catalog
      catalogCheck: [],
      proposalId: p.id,
      actor: "customer",
      clientOrderDate: null,
      depositValidUntil: validityEnd(v.validUntil),
      // staff typed the proposal's address: not an acknowledgement to an unproven one
      recipientProven: true,
      origin,
    });
    if (!stored) throw new Error("acceptProposal: the order core stored nothing");
    await tx.update(proposals).set({ status: "accepted", orderId, updatedAt: now }).where(eq(proposals.id, p.id));
    if (p.enquiryId) {
      await tx.insert(notes).values({
        entityType: "enquiry",
        entityId: p.enquiryId,
        adminName: "customer",
        body: `Proposal #${p.id} (version ${v.version}) accepted by ${input.fullName}: order ${stored.orderNumber}, ${usd(v.totalCents)}.`,
      });
    }
    await recordAudit(tx, CUSTOMER, "proposal.accept", "proposal", p.id, {
      version: v.version,
      acceptedBy: input.fullName,
      orderNumber: stored.orderNumber,
      totalCents: v.totalCents,
      paymentMethod: input.paymentMethod,
    });
    await emitWebhookEvent(
      tx,
      "proposal.accepted",
      {
        proposalId: p.id,
        version: v.version,
        acceptedBy: input.fullName,
        acceptedAt: now.toISOString(),
        enquiryId: p.enquiryId ?? null,
        orderId,
        orderNumber: stored.orderNumber,
        total: v.totalCents / 100,
        paymentMethod: input.paymentMethod,
      },
      now,
    );
    return {
      orderNumber: stored.orderNumber,
      email: p.email,
      totalCents: v.totalCents,
      ...depositOf(v),
      accessToken: stored.accessToken,
      payment: stored.payment,
    };
  });
}

/** "Request changes": the message lands on the lead as a note and the proposal reads changes_requested. */
export async function requestChanges(deps: Deps, token: string, input: z.output<typeof changeRequestInput>) {
  await deps.db.transaction(async (tx) => {
    const { p, v } = await loadByToken(tx, token, true);
    if (p.status === "accepted") throw conflict("This proposal has already been accepted");
    const now = deps.clock.now();
    await tx
      .insert(proposalChangeRequests)
      .values({ proposalId: p.id, version: v.version, message: input.message, createdAt: now });
    await tx.update(proposals).set({ status: "changes_requested", updatedAt: now }).where(eq(proposals.id, p.id));
    if (p.enquiryId) {
      await tx.insert(notes).values({
        entityType: "enquiry",
        entityId: p.enquiryId,
        adminName: "customer",
        body: `Changes requested on proposal #${p.id} (version ${v.version}): ${input.message}`,
        createdAt: now,
      });
    }
    await enqueue(tx, deps.env, [
      {
        channel: "telegram",
        kind: "proposal-changes",
        bodyText: `✏️ <b>Changes requested</b> on proposal #${p.id} (${escapeHtml(p.customerName)}):\n${escapeHtml(input.message)}`,
        entityType: "proposal",
        entityId: p.id,
      },
    ]);
  });
  return { ok: true as const, status: "changes_requested" as const };
}

export type ProposalDetail = Awaited<ReturnType<typeof getProposal>>;
export type { ProposalRow };
