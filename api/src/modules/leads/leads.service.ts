import type { AdminContactDto, AdminContactSort, adminContactPageInput } from "@ch/contracts/admin";
import type { contactInput, quoteRequestInput, roiInput } from "@ch/contracts/leads";
import { computeRoi, roiSummary } from "@ch/contracts/roi";
import { type Executor, schema } from "@ch/db";
import { and, desc, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../lib/deps";
import { notFound } from "../../lib/errors";
import { lockedRow } from "../../lib/locked-row";
import { type ListPaging, pagingClauses, type SortedTable, searchClause, sortedPage } from "../../lib/sorted-page";
import { type Actor, listAudit, recordAudit, SYSTEM } from "../audit";
import { enqueue, enquiryMessages } from "../notifications";
import { getSettings } from "../settings";
import { emitWebhookEvent } from "../webhooks";

const { enquiries, roiCalculations, products, notes } = schema;
type EnquiryRow = typeof enquiries.$inferSelect;

export function toAdminContact(row: EnquiryRow): AdminContactDto {
  return {
    id: row.id,
    source: row.source,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    projectType: row.projectType,
    budget: row.budget,
    message: row.message,
    preferredTime: row.preferredTime,
    deliveryZip: row.deliveryZip,
    deliveryState: row.deliveryState,
    productId: row.productId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function storeEnquiry(
  tx: Executor,
  deps: Deps,
  values: typeof enquiries.$inferInsert,
  settings: Awaited<ReturnType<typeof getSettings>>,
  productName: string | null = null,
): Promise<EnquiryRow> {
  const now = deps.clock.now();
  const [row] = await tx
    .insert(enquiries)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  await enqueue(tx, deps.env, enquiryMessages({ ...row!, productName }, deps.env, settings));
  await emitWebhookEvent(tx, "lead.created", { ...toAdminContact(row!), productName }, now);
  return row!;
}

export async function submitContact(deps: Deps, input: z.output<typeof contactInput>): Promise<AdminContactDto> {
  const source = input.source ?? "contact-form";
  // read before the transaction: on the embedded database a read outside it waits for it to end
  const settings = await getSettings(deps);
  const row = await deps.db.transaction((tx) =>
    storeEnquiry(
      tx,
      deps,
      {
        source,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        projectType: input.projectType,
        budget: input.budget,
        deliveryZip: input.deliveryZip,
        deliveryState: input.deliveryState,
        message: input.message,
      },
      settings,
    ),
  );
  return toAdminContact(row);
}

export async function submitQuoteRequest(
  deps: Deps,
  input: z.output<typeof quoteRequestInput>,
): Promise<AdminContactDto> {
  const settings = await getSettings(deps);
  const row = await deps.db.transaction(async (tx) => {
    let productName: string | null = null;
    if (input.productId) {
      const [product] = await tx
        .select({ name: products.name })
        .from(products)
        .where(eq(products.id, input.productId))
        .limit(1);
      if (!product) throw notFound("Product not found");
      productName = product.name;
    }
    return storeEnquiry(
      tx,
      deps,
      {
        source: input.kind === "call" ? "call-request" : "quote-request",
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        productId: input.productId ?? null,
        preferredTime: input.preferredTime,
        deliveryZip: input.deliveryZip,
        deliveryState: input.deliveryState,
        message: input.message,
      },
      settings,
      productName,
    );
  });
  return toAdminContact(row);
}

/** Recomputes the figures from the inputs; stores them in percent and months beside what the browser sent. */
export async function saveRoi(deps: Deps, input: z.output<typeof roiInput>) {
  const inputs = {
    investment: Math.round(input.investment),
    rentPerDay: Math.round(input.monthlyRent),
    occupancyDays: Math.round(input.occupancy),
    monthlyExpenses: Math.round(input.monthlyExpenses),
  };
  const figures = computeRoi(inputs);
  const settings = await getSettings(deps);
  return deps.db.transaction(async (tx) => {
    let enquiryId: number | null = null;
    if (input.email) {
      const enquiry = await storeEnquiry(
        tx,
        deps,
        {
          source: "roi",
          email: input.email,
          // the calculator's own words for the same figures (roiSummary), never a wording of our own
          message: roiSummary(inputs),
        },
        settings,
      );
      enquiryId = enquiry.id;
    }
    const [row] = await tx
      .insert(roiCalculations)
      .values({
        ...inputs,
        monthlyIncome: figures.monthlyIncome,
        roiPercent: figures.roiPercent.toFixed(4),
        paybackMonths: figures.paybackMonths,
        clientRoi: input.roi === undefined ? null : String(input.roi),
        clientPaybackPeriod: input.paybackPeriod === undefined ? null : String(input.paybackPeriod),
        email: input.email,
        enquiryId,
        createdAt: deps.clock.now(),
      })
      .returning({ id: roiCalculations.id });
    return {
      id: row!.id,
      monthlyIncome: figures.monthlyIncome,
      roiPercent: Math.round(figures.roiPercent * 100) / 100,
      paybackMonths: figures.paybackMonths,
    };
  });
}

export async function createChatLead(tx: Executor, deps: Deps, message: string, page: string): Promise<EnquiryRow> {
  const now = deps.clock.now();
  const [row] = await tx
    .insert(enquiries)
    .values({ source: "chat", message: `${message}\n\n(sent from ${page})`, createdAt: now, updatedAt: now })
    .returning();
  await emitWebhookEvent(tx, "lead.created", { ...toAdminContact(row!), productName: null }, now);
  return row!;
}

// The sorts of the back office's contacts table (contracts/admin.ts ADMIN_CONTACT_SORTS), paged by
// lib/sorted-page.ts.
const CONTACT_SORTS: SortedTable<AdminContactSort["id"], string> = {
  table: enquiries,
  id: enquiries.id,
  createdAt: enquiries.createdAt,
  updatedAt: enquiries.updatedAt,
  defaultSort: { id: "createdAt", desc: true },
  sorts: {
    createdAt: { by: sql`${enquiries.createdAt}`, cast: sql`timestamptz`, value: z.iso.datetime() },
    name: {
      by: sql`lower(${enquiries.firstName} || ' ' || ${enquiries.lastName})`,
      cast: sql`text`,
      value: z.string(),
    },
  },
};

const contactSortValue = (sort: AdminContactSort, lead: AdminContactDto) =>
  sort.id === "name" ? `${lead.firstName} ${lead.lastName}`.toLowerCase() : lead.createdAt;

/** The back office's contacts table (tRPC leads.list): one page in the asked sort and the next page's cursor. */
export function pageContactsForAdmin(
  db: Executor,
  input: z.output<typeof adminContactPageInput>,
): Promise<{ items: AdminContactDto[]; nextCursor: string | null }> {
  return sortedPage(CONTACT_SORTS, input, contactSortValue, (filter) => listContactsForAdmin(db, filter));
}

export async function listContactsForAdmin(
  db: Executor,
  filter: ListPaging<AdminContactSort["id"], string> & {
    q?: string | undefined;
    status?: string | undefined;
  } = {},
): Promise<AdminContactDto[]> {
  const paging = pagingClauses(CONTACT_SORTS, filter);
  const rows = await db
    .select()
    .from(enquiries)
    .where(
      and(
        filter.status ? eq(enquiries.status, filter.status) : undefined,
        ...paging.where,
        searchClause(filter.q, [
          enquiries.email,
          sql`${enquiries.firstName} || ' ' || ${enquiries.lastName}`,
          sql`coalesce(${enquiries.message}, '')`,
        ]),
      ),
    )
    .orderBy(...paging.orderBy)
    .limit(paging.limit);
  return rows.map(toAdminContact);
}

export async function getContactDetails(db: Executor, id: number) {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id)).limit(1);
  if (!row) throw notFound("Contact not found");
  let productName: string | null = null;
  if (row.productId) {
    const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, row.productId));
    productName = product?.name ?? null;
  }
  const leadNotes = await db
    .select()
    .from(notes)
    .where(and(eq(notes.entityType, "enquiry"), eq(notes.entityId, id)))
    .orderBy(desc(notes.createdAt));
  return {
    ...toAdminContact(row),
    productName,
    notes: leadNotes.map((n) => ({
      id: n.id,
      adminName: n.adminName,
      body: n.body,
      createdAt: n.createdAt.toISOString(),
    })),
    timeline: await listAudit(db, { entityType: "enquiry", entityId: id }),
  };
}

export async function setContactStatus(deps: Deps, actor: Actor, id: number, status: string): Promise<AdminContactDto> {
  return deps.db.transaction(async (tx) => {
    const before = await lockedRow(
      tx.select().from(enquiries).where(eq(enquiries.id, id)).limit(1),
      "Contact not found",
    );
    const [after] = await tx
      .update(enquiries)
      .set({ status, updatedAt: deps.clock.now() })
      .where(eq(enquiries.id, id))
      .returning();
    await recordAudit(tx, actor, "enquiry.status", "enquiry", id, { from: before.status, to: status });
    const contact = toAdminContact(after!);
    if (before.status !== status) {
      await emitWebhookEvent(tx, "lead.status_changed", { ...contact, from: before.status }, after!.updatedAt);
    }
    return contact;
  });
}

export async function addNote(
  deps: Deps,
  actor: Actor,
  entityType: "order" | "enquiry",
  entityId: number,
  body: string,
) {
  return deps.db.transaction(async (tx) => {
    const table = entityType === "order" ? schema.orders : enquiries;
    const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, entityId)).limit(1);
    if (!exists) throw notFound(entityType === "order" ? "Order not found" : "Contact not found");
    const [note] = await tx
      .insert(notes)
      .values({ entityType, entityId, adminName: actor.username, body, createdAt: deps.clock.now() })
      .returning();
    await recordAudit(tx, actor, `${entityType}.note`, entityType, entityId, { noteId: note!.id });
    return { id: note!.id, adminName: note!.adminName, body: note!.body, createdAt: note!.createdAt.toISOString() };
  });
}

/** The staff notes on an order or a lead, newest first; 404 when the record does not exist. */
export async function listNotes(db: Executor, entityType: "order" | "enquiry", entityId: number) {
  const table = entityType === "order" ? schema.orders : enquiries;
  const [exists] = await db.select({ id: table.id }).from(table).where(eq(table.id, entityId)).limit(1);
  if (!exists) throw notFound(entityType === "order" ? "Order not found" : "Contact not found");
  const rows = await db
    .select()
    .from(notes)
    .where(and(eq(notes.entityType, entityType), eq(notes.entityId, entityId)))
    .orderBy(desc(notes.createdAt), desc(notes.id));
  return rows.map((n) => ({ id: n.id, adminName: n.adminName, body: n.body, createdAt: n.createdAt.toISOString() }));
}

/** A lead still being worked on; "won" and "closed" are where a lead ends. */
const OPEN_LEAD_STATUSES = ["new", "contacted", "qualified"];

/**
 * "A lead is marked won when its order completes" (called in the transaction that moves the order to
 * completed). Won: the enquiry of the proposal the order came from (orders.proposal_id →
 * proposals.enquiry_id), whatever its status; and every still-open enquiry (new, contacted, qualified)
 * sent from the order's e-mail address (case-insensitive) before the order was placed. A closed lead
 * stays closed unless it is the proposal's own. Each change is audited as the system's "enquiry.status".
 */
export async function markLeadWonForOrder(tx: Executor, orderId: number): Promise<void> {
  const { orders, proposals } = schema;
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      email: orders.email,
      createdAt: orders.createdAt,
      proposalId: orders.proposalId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return;
  const [proposal] = order.proposalId
    ? await tx
        .select({ enquiryId: proposals.enquiryId })
        .from(proposals)
        .where(eq(proposals.id, order.proposalId))
        .limit(1)
    : [];
  const fromProposal = proposal?.enquiryId ?? null;
  const leads = await tx
    .select({ id: enquiries.id, status: enquiries.status })
    .from(enquiries)
    .where(
      and(
        ne(enquiries.status, "won"),
        or(
          fromProposal !== null ? eq(enquiries.id, fromProposal) : undefined,
          and(
            // enquiries_email_lower_idx
            sql`lower(${enquiries.email}) = lower(${order.email})`,
            lte(enquiries.createdAt, order.createdAt),
            inArray(enquiries.status, OPEN_LEAD_STATUSES),
          ),
        ),
      ),
    )
    .orderBy(enquiries.id)
    .for("update");
  if (leads.length === 0) return;
  await tx
    .update(enquiries)
    .set({ status: "won", updatedAt: sql`now()` })
    .where(
      inArray(
        enquiries.id,
        leads.map((l) => l.id),
      ),
    );
  for (const lead of leads) {
    await recordAudit(tx, SYSTEM, "enquiry.status", "enquiry", lead.id, {
      from: lead.status,
      to: "won",
      orderId: order.id,
      orderNumber: order.orderNumber,
    });
  }
}
