// The customer's side of a proposal (/proposal/{token}): the latest SENT version, accepting it (the order is
// created through the order core in the same transaction) and asking for changes.

import { contactFields, splitFullName } from "@ch/contracts/customer";
import type {
  acceptProposalInput,
  changeRequestInput,
  ProposalLineDto,
  PublicProposalDto,
} from "@ch/contracts/proposals";
import { splitDeposit } from "@ch/contracts/totals";
import { type Executor, rowsOf, schema } from "@ch/db";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Deps } from "../../lib/deps";
import { conflict, notFound } from "../../lib/errors";
import { usd } from "../../lib/usd";
import { CUSTOMER, recordAudit } from "../audit";
import { enqueue, escapeHtml } from "../notifications";
import { createOrder } from "../orders";
import { getSettings } from "../settings";
import { checkSigningCode, sendSigningCode, spendSigningCode } from "../signatures";
import { emitWebhookEvent } from "../webhooks";

import { fileContract } from "./proposal-contract";
import { gone, storedFigures, storedLines, type VersionRow, validityEnd, versionMilestones } from "./proposal-versions";

const { proposals, proposalVersions, proposalAcceptances, proposalChangeRequests, orders, notes } = schema;

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
    ...storedFigures(v),
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

type Accepting = Awaited<ReturnType<typeof loadByToken>>;
type AcceptInput = z.output<typeof acceptProposalInput>;

/** A second acceptance or a stale version → 409; an expired proposal → 410. */
async function refuseUnacceptable(tx: Executor, { p, v }: Accepting, input: AcceptInput, now: Date) {
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
  if (isExpired(v, now)) {
    throw gone(`This proposal expired on ${v.validUntil}: please ask us for an updated one`);
  }
}

/** Creates the order of the accepted version through the order core (stage awaiting_deposit). */
async function orderOfVersion(
  tx: Executor,
  deps: Deps,
  settings: Awaited<ReturnType<typeof getSettings>>,
  { p, v }: Accepting,
  input: AcceptInput,
) {
  const lines = v.lines as (ProposalLineDto & { taxClass?: string })[];
  const [{ id: orderId }] = rowsOf<{ id: number }>(
    await tx.execute(sql`select nextval('orders_id_seq')::int as id`),
  ) as [{ id: number }];
  const origin = { proposalId: p.id, version: v.version };
  const stored = await createOrder(
    tx,
    deps,
    settings,
    orderId,
    {
      customer: {
        ...splitFullName(p.customerName),
        ...contactFields(p),
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
      milestones: versionMilestones(v),
      // staff typed the proposal's address: not an acknowledgement to an unproven one
      recipientProven: true,
      origin,
    },
    { inTransaction: true },
  );
  if (!stored) throw new Error("acceptProposal: the order core stored nothing");
  return { orderId, stored };
}

/** The proposal reads accepted, the lead gets a note, the audit and the webhook hear of it. */
async function noteAccepted(
  tx: Executor,
  { p, v }: Accepting,
  input: AcceptInput,
  { orderId, stored }: Awaited<ReturnType<typeof orderOfVersion>>,
  now: Date,
) {
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
}

const signingSubject = (proposalId: number) => `proposal:${proposalId}`;

/**
 * POST /api/proposals/{token}/signing-code: e-mails the 6-digit code the acceptance must carry, to the
 * proposal's address. 409 once accepted, 410 once expired: there is nothing left to sign.
 */
export async function requestProposalSigningCode(deps: Deps, token: string) {
  const { p, v } = await loadByToken(deps.db, token);
  if (p.status === "accepted") throw conflict("This proposal has already been accepted");
  if (isExpired(v, deps.clock.now())) {
    throw gone(`This proposal expired on ${v.validUntil}: please ask us for an updated one`);
  }
  return sendSigningCode(deps, {
    subject: signingSubject(p.id),
    email: p.email,
    document: `proposal #${p.id} (version ${v.version})`,
  });
}

/**
 * The customer accepts the latest version: records the typed name, time and address, creates the order
 * (stage awaiting_deposit) with its deposit and balance invoices, and e-mails the confirmation.
 * A second acceptance or a stale version → 409; an expired proposal → 410.
 */
export async function acceptProposal(deps: Deps, token: string, input: AcceptInput, ctx: AcceptContext) {
  const settings = await getSettings(deps);
  // what refuses the acceptance whatever the code (409, 410) answers first, and costs no try
  const unlocked = await loadByToken(deps.db, token);
  await refuseUnacceptable(deps.db, unlocked, input, deps.clock.now());
  const codeId = await checkSigningCode(deps, signingSubject(unlocked.p.id), input.code);
  return deps.db.transaction(async (tx) => {
    const accepting = await loadByToken(tx, token, true);
    const { p, v } = accepting;
    const now = deps.clock.now();
    await refuseUnacceptable(tx, accepting, input, now);
    await spendSigningCode(tx, codeId, now);
    await tx.insert(proposalAcceptances).values({
      proposalId: p.id,
      version: v.version,
      fullName: input.fullName,
      ipAddress: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      codeVerified: true,
      consented: input.consent,
      acceptedAt: now,
    });
    const { orderId, stored } = await orderOfVersion(tx, deps, settings, accepting, input);
    await noteAccepted(tx, accepting, input, { orderId, stored }, now);
    await fileContract(
      tx,
      deps,
      settings,
      { p, v, orderId, orderNumber: stored.orderNumber },
      { fullName: input.fullName, signedAt: now, ipAddress: ctx.ip, userAgent: ctx.userAgent?.slice(0, 500) ?? null },
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
    await emitWebhookEvent(
      tx,
      "proposal.changes_requested",
      {
        proposalId: p.id,
        version: v.version,
        enquiryId: p.enquiryId ?? null,
        message: input.message,
        requestedAt: now.toISOString(),
      },
      now,
    );
  });
  return { ok: true as const, status: "changes_requested" as const };
}
