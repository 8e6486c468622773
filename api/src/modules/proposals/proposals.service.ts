// Proposals: staff price a custom build (catalog products, options from the staff-managed list, custom
// lines, a delivery band, a discount, the delivery state's tax rate, validity and deposit terms); the
// server computes every figure (the pricing engine). A sent version is never edited in place: a change adds
// a draft version that the customer cannot see until staff send it; the customer's page (/proposal/{token})
// shows the latest SENT version, and an acceptance names the version it accepts (a stale one: 409).
// Acceptance creates the order through the order core (orders/order-core.ts), in one transaction.

import { humanDate } from "@ch/contracts/business-facts";
import type { ChangeFilter } from "@ch/contracts/change-filters";
import { type Executor, schema } from "@ch/db";
import { and, desc, eq } from "drizzle-orm";
import type { CreatedKey } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { lockedRow } from "../../lib/locked-row";
import { createdPageWhere } from "../../lib/sorted-page";
import { usd } from "../../lib/usd";
import { type Actor, recordAudit } from "../audit";
import { composeEmail, enqueue, portalBlock } from "../notifications";
import { getSettings, siteUrlOf } from "../settings";
import { emitWebhookEvent } from "../webhooks";

import {
  customerValues,
  newToken,
  type ParsedProposal,
  type ProposalRow,
  priceInput,
  versionDto,
  versionValues,
} from "./proposal-versions";

const { proposals, proposalVersions, proposalAcceptances, proposalChangeRequests, orders, enquiries } = schema;

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
    const p = await lockedRow(tx.select().from(proposals).where(eq(proposals.id, id)).limit(1), "Proposal not found");
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
    const p = await lockedRow(tx.select().from(proposals).where(eq(proposals.id, id)).limit(1), "Proposal not found");
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
      portalBlock(siteUrlOf(deps.env)),
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
    await emitWebhookEvent(
      tx,
      "proposal.sent",
      {
        proposalId: id,
        version: p.currentVersion,
        customerName: p.customerName,
        email: p.email,
        enquiryId: p.enquiryId ?? null,
        total: v!.totalCents / 100,
        validUntil: v!.validUntil,
        sentAt: now.toISOString(),
      },
      now,
    );
  });
  return getProposal(deps.db, id);
}

/** A page of proposals, newest first: `limit` rows after `cursor` (lib/cursor.ts createdPageItems). */
export async function listProposals(
  db: Executor,
  filter: ChangeFilter & { limit: number; cursor?: CreatedKey | undefined },
) {
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
    .where(createdPageWhere(proposals, filter))
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .limit(filter.limit);
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
          codeVerified: acceptance.codeVerified,
          consented: acceptance.consented,
          acceptedAt: acceptance.acceptedAt.toISOString(),
        }
      : null,
  };
}

// the price lists, the customer's side and the editor's preview live in their own files; the module's
// router and REST routes import them from here
export {
  deleteDeliveryBand,
  deleteOption,
  deleteTaxRate,
  listPriceLists,
  saveDeliveryBand,
  saveOption,
  saveTaxRate,
} from "./price-lists.service";
export {
  type AcceptContext,
  acceptProposal,
  getPublicProposal,
  requestChanges,
  requestProposalSigningCode,
} from "./proposal-customer";
export { previewProposal } from "./proposal-versions";

export type ProposalDetail = Awaited<ReturnType<typeof getProposal>>;
export type { ProposalRow };
