// Warranty claims: after completion the customer opens one from the portal (with photos uploaded to the
// thread first), for as long as the longest warranty of the settings runs from the day the home was
// completed; staff work them in an inbox, and the customer is e-mailed at each change of status.
import { WARRANTY_CLAIM_STATUS_LABELS } from "@ch/contracts/project-files";
import type { BusinessSettings } from "@ch/contracts/settings";
import type { WarrantyClaimDto, warrantyClaimInput, warrantyClaimUpdate } from "@ch/contracts/warranty";
import { type Executor, schema } from "@ch/db";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { CreatedKey } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { conflict } from "../../lib/errors";
import { lockedRow } from "../../lib/locked-row";
import { createdPageWhere } from "../../lib/sorted-page";
import { type Actor, CUSTOMER, recordAudit } from "../audit";
import { documentsOfOrders } from "../documents";
import { type ObjectStore, objectStoreOf } from "../media";
import { composeEmail, enqueue, escapeHtml } from "../notifications";
import { stageHistory } from "../orders";
import { settingsIn, siteUrlOf } from "../settings";
import { emitWebhookEvent } from "../webhooks";
import { checkUnsentFiles, documentUrlFor } from "./messages.service";

const { warrantyClaims, orders } = schema;
type OrderRow = typeof orders.$inferSelect;
type ClaimRow = typeof warrantyClaims.$inferSelect;
type Reader = "customer" | "staff";

/** When the warranty ends: the longest of its parts, counted from completion; null before completion. */
export async function warrantyEnd(db: Executor, order: OrderRow, warranty: BusinessSettings["warranty"]) {
  if (order.stage !== "completed") return null;
  const completed = (await stageHistory(db, order.id)).filter((s) => s.stage === "completed").at(-1);
  const from = completed ? new Date(completed.at) : order.updatedAt;
  const years = Math.max(
    warranty.structuralYears,
    warranty.systemsYears,
    warranty.finishYears,
    warranty.installationYears,
  );
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
}

async function claimDtos(
  db: Executor,
  store: ObjectStore,
  rows: ClaimRow[],
  reader: Reader,
): Promise<WarrantyClaimDto[]> {
  if (rows.length === 0) return [];
  const orderRows = await db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        rows.map((r) => r.orderId),
      ),
    );
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  const wanted = new Map<number, number[]>();
  for (const row of rows) wanted.set(row.orderId, [...(wanted.get(row.orderId) ?? []), ...row.photos]);
  const photos = await documentsOfOrders(db, store, wanted, (orderId, id) =>
    documentUrlFor(byId.get(orderId)!, reader)(id),
  );
  return rows.map((row) => {
    const order = byId.get(row.orderId)!;
    return {
      id: row.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      customerName: `${order.firstName} ${order.lastName}`,
      description: row.description,
      photos: (photos.get(order.id) ?? []).filter((p) => row.photos.includes(p.id)),
      status: row.status,
      staffNote: row.staffNote,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function claimsOfOrder(db: Executor, store: ObjectStore, order: OrderRow, reader: Reader) {
  const rows = await db
    .select()
    .from(warrantyClaims)
    .where(eq(warrantyClaims.orderId, order.id))
    .orderBy(desc(warrantyClaims.id));
  return claimDtos(db, store, rows, reader);
}

/** The staff inbox: a page of the claims (or those of one status), newest first (lib/cursor.ts keysetPage). */
export async function listClaims(
  db: Executor,
  store: ObjectStore,
  page: { status?: ClaimRow["status"] | undefined; limit: number; cursor?: CreatedKey | undefined },
) {
  const status = page.status ? eq(warrantyClaims.status, page.status) : undefined;
  const rows = await db
    .select()
    .from(warrantyClaims)
    .where(and(status, createdPageWhere(warrantyClaims, { cursor: page.cursor })))
    .orderBy(desc(warrantyClaims.createdAt), desc(warrantyClaims.id))
    .limit(page.limit);
  return claimDtos(db, store, rows, "staff");
}

/** The customer opens a claim: 409 before completion and after the warranty's end. */
export async function openClaim(deps: Deps, order: OrderRow, input: z.output<typeof warrantyClaimInput>) {
  const settings = await settingsIn(deps.db, deps);
  const now = deps.clock.now();
  const end = await warrantyEnd(deps.db, order, settings.warranty);
  if (!end) throw conflict("A warranty claim can be opened once your home is completed: until then, write to us");
  if (end.getTime() < now.getTime()) {
    throw conflict(`The warranty of this home ended on ${end.toISOString().slice(0, 10)}: please write to us`);
  }
  const { company } = settings;
  const customer = `${order.firstName} ${order.lastName}`;
  return deps.db.transaction(async (tx) => {
    await checkUnsentFiles(tx, order.id, input.photos, "photos", true);
    const [row] = await tx
      .insert(warrantyClaims)
      .values({
        orderId: order.id,
        description: input.description,
        photos: [...new Set(input.photos)],
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, CUSTOMER, "warranty_claim.open", "order", order.id, { claimId: row!.id });
    await emitWebhookEvent(
      tx,
      "warranty_claim.opened",
      {
        claimId: row!.id,
        orderId: order.id,
        orderNumber: order.orderNumber,
        status: row!.status,
        openedAt: now.toISOString(),
      },
      now,
    );
    await enqueue(tx, deps.env, [
      {
        channel: "telegram",
        kind: "warranty-claim",
        bodyText: `🛠️ <b>Warranty claim</b> from ${escapeHtml(customer)} on order ${escapeHtml(order.orderNumber)}:\n${escapeHtml(input.description.slice(0, 1000))}`,
        entityType: "warranty_claim",
        entityId: row!.id,
      },
      {
        channel: "email",
        kind: "warranty-claim-staff",
        recipient: company.email,
        subject: `Warranty claim from ${customer} on order ${order.orderNumber}`,
        ...composeEmail(company, [
          `${customer} opened a warranty claim on order ${order.orderNumber}:`,
          input.description,
        ]),
        entityType: "warranty_claim",
        entityId: row!.id,
      },
      claimEmail(deps, company, order, row!, "We received your warranty claim"),
    ]);
    const [dto] = await claimDtos(tx, objectStoreOf(deps.env), [row!], "customer");
    return dto!;
  });
}

function claimEmail(deps: Deps, company: BusinessSettings["company"], order: OrderRow, claim: ClaimRow, lead: string) {
  return {
    channel: "email" as const,
    kind: "warranty-claim-customer",
    recipient: order.email,
    subject: `Your warranty claim #${claim.id}: ${WARRANTY_CLAIM_STATUS_LABELS[claim.status]}`,
    ...composeEmail(company, [
      `Hello ${order.firstName},`,
      `${lead} (order ${order.orderNumber}). Its status: ${WARRANTY_CLAIM_STATUS_LABELS[claim.status]}.`,
      claim.staffNote ?? "",
      {
        href: `${siteUrlOf(deps.env)}/portal/${order.orderNumber}`,
        label: "Follow it in your projects",
        text: "Follow it in your projects (sign in with this e-mail address):",
      },
    ]),
    entityType: "warranty_claim",
    entityId: claim.id,
  };
}

/** Staff move a claim on; the customer is e-mailed the new status and the note. */
export async function updateClaim(deps: Deps, actor: Actor, id: number, input: z.output<typeof warrantyClaimUpdate>) {
  const { company } = await settingsIn(deps.db, deps);
  return deps.db.transaction(async (tx) => {
    const claim = await lockedRow(
      tx.select().from(warrantyClaims).where(eq(warrantyClaims.id, id)),
      "Warranty claim not found",
    );
    const now = deps.clock.now();
    const [row] = await tx
      .update(warrantyClaims)
      .set({ status: input.status, staffNote: input.note || claim.staffNote, updatedAt: now })
      .where(eq(warrantyClaims.id, id))
      .returning();
    const [order] = await tx.select().from(orders).where(eq(orders.id, claim.orderId));
    await recordAudit(tx, actor, "warranty_claim.update", "order", claim.orderId, {
      claimId: id,
      from: claim.status,
      to: input.status,
    });
    await emitWebhookEvent(
      tx,
      "warranty_claim.updated",
      {
        claimId: id,
        orderId: order!.id,
        orderNumber: order!.orderNumber,
        status: input.status,
        from: claim.status,
        updatedAt: now.toISOString(),
      },
      now,
    );
    await enqueue(tx, deps.env, [claimEmail(deps, company, order!, row!, `We updated your warranty claim #${id}`)]);
    const [dto] = await claimDtos(tx, objectStoreOf(deps.env), [row!], "staff");
    return dto!;
  });
}
