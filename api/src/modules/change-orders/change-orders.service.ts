// Change orders: staff change the build of an active order (lines in the proposal format; a negative
// quantity or a credit removes); the pricing engine prices the order with and without them, and the
// difference is the change. Nothing moves until the customer signs it with the contract's consent and
// e-mailed code: then the order's figures and its balance invoice change, the ledger settles again, the
// signed PDF is filed and order.changed is raised. Staff may withdraw one that is not signed.

import type { ChangeOrderDto, changeOrderInput, signChangeOrderInput } from "@ch/contracts/change-orders";
import type { TaxClass } from "@ch/contracts/pricing";
import { changeOrderAgreementText, SIGNING_CONSENT_TEXT } from "@ch/contracts/signing-texts";
import { type ChangeOrderLine, type Executor, schema } from "@ch/db";
import { asc, desc, eq, max, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Deps } from "../../lib/deps";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { lockedRow } from "../../lib/locked-row";
import { usd } from "../../lib/usd";
import { type Actor, CUSTOMER, recordAudit } from "../audit";
import { invoiceDueText, ledger } from "../ledger";
import { composeEmail, enqueue } from "../notifications";
import { settleOrder } from "../payments";
import { priceOrder, pricingContext } from "../pricing";
import { businessTerms, engineLinesOf } from "../proposals";
import { settingsIn, siteUrlOf } from "../settings";
import { checkSigningCode, fileSignedRecord, sendSigningCode, spendSigningCode } from "../signatures";
import { emitWebhookEvent } from "../webhooks";

const { changeOrders, orders, orderLines, invoices } = schema;
type OrderRow = typeof orders.$inferSelect;
type ChangeOrderRow = typeof changeOrders.$inferSelect;

const CLOSED_STAGES = new Set(["completed", "cancelled"]);

/** The engine's figures of the order as it is and with `added`: the same rates, delivery and discount for both. */
async function priceChange(deps: Deps, db: Executor, order: OrderRow, added: ChangeOrderLine[]) {
  const existing = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const current: ChangeOrderLine[] = existing.map((l) => ({
    kind: l.productId > 0 ? "product" : "custom",
    refId: l.productId > 0 ? l.productId : null,
    name: l.productName,
    unitPriceCents: l.unitPriceCents,
    quantity: l.quantity,
    taxClass: l.taxClass,
  }));
  // a line removed must be on the order: never fewer than none of a product
  added.forEach((line, index) => {
    if (line.quantity > 0 || line.kind !== "product") return;
    const onOrder = current.filter((l) => l.refId === line.refId).reduce((n, l) => n + l.quantity, 0);
    if (onOrder + line.quantity < 0) {
      throw badRequest(`Line ${index + 1} removes more than the order has`, [
        { path: ["lines", index, "quantity"], message: `the order has ${onOrder} of this product` },
      ]);
    }
  });
  const settings = await settingsIn(db, deps);
  const { rates } = await pricingContext(db, { state: order.state, zipCode: "" }, settings);
  // the order's own rates first: those it was taxed at
  for (const t of order.taxLines) rates[t.taxClass as TaxClass] = t.rateBasisPoints;
  const price = (lines: ChangeOrderLine[]) =>
    priceOrder({
      lines: lines.map((l) => ({ ...l, taxClass: l.taxClass as TaxClass })),
      discountCents: order.discountCents,
      delivery: { label: order.deliveryLabel, feeCents: order.shippingCents, perUnit: false },
      taxState: order.state,
      rates,
      depositPercent: order.depositPercent,
    });
  const before = price(current);
  const subtotalAfter = [...current, ...added].reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  if (subtotalAfter < order.discountCents) {
    throw badRequest("The change takes off more than the order holds", [
      { path: ["lines"], message: "the credits and removals add up to more than the order's lines" },
    ]);
  }
  const after = price([...current, ...added]);
  return {
    subtotalDeltaCents: after.subtotalCents - before.subtotalCents,
    taxDeltaCents: after.taxCents - before.taxCents,
    totalDeltaCents: after.totalCents - before.totalCents,
    taxLines: after.taxLines,
  };
}

type Allocation = Awaited<ReturnType<typeof ledger>>["allocations"][number];

/** Whether `deltaCents` can go on the balance: a credit never takes it below what is already paid on it. */
const fits = (balance: Allocation | undefined, deltaCents: number) =>
  balance ? balance.invoice.amountCents + deltaCents >= balance.paidCents : deltaCents === 0;

/** The invoices as they are and once `deltaCents` goes on the balance (the balance takes the change). */
function scheduleOf(allocations: Allocation[], deltaCents: number) {
  const balance = allocations.find((a) => a.invoice.kind === "balance" && a.status !== "void");
  const schedule = allocations
    .filter((a) => a.status !== "void")
    .map((a) => ({
      kind: a.invoice.kind,
      label: a.invoice.label,
      when: invoiceDueText(a.invoice),
      amountCents: a.invoice.amountCents,
      newAmountCents: a.invoice.amountCents + (a === balance ? deltaCents : 0),
    }));
  return { balance, schedule };
}

/** The schedule once the change is made; 409 when it cannot go on the invoices (a refund is recorded instead). */
async function scheduleWith(db: Executor, orderId: number, deltaCents: number) {
  const { balance, schedule } = scheduleOf((await ledger(db, orderId)).allocations, deltaCents);
  if (!fits(balance, deltaCents)) {
    throw conflict(
      balance
        ? `The credit is larger than the balance still due (${usd(balance.invoice.amountCents - balance.paidCents)}): record a refund instead`
        : "This order has no balance invoice for the change to go on",
    );
  }
  return { balance: balance?.invoice ?? null, schedule };
}

/** A change order as staff and the customer read it, with the order's invoices (`allocations`) now. */
function toDto(row: ChangeOrderRow, order: OrderRow, allocations: Allocation[]): ChangeOrderDto {
  const pending = row.status === "pending";
  const { balance } = scheduleOf(allocations, 0);
  // a pending one that no longer fits (the balance was paid since) shows the invoices as they are
  const delta = pending && fits(balance, row.totalDeltaCents) ? row.totalDeltaCents : 0;
  const { schedule } = scheduleOf(allocations, delta);
  return {
    id: row.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    number: row.number,
    status: row.status,
    note: row.note,
    lines: row.lines.map((l) => ({
      kind: l.kind,
      refId: l.refId,
      name: l.name,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      lineTotalCents: l.unitPriceCents * l.quantity,
    })),
    subtotalDeltaCents: row.subtotalDeltaCents,
    taxDeltaCents: row.taxDeltaCents,
    totalDeltaCents: row.totalDeltaCents,
    orderTotalCents: pending ? order.totalCents : null,
    newOrderTotalCents: pending ? order.totalCents + row.totalDeltaCents : null,
    schedule,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    signedName: row.signedName,
    signedAt: row.signedAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    documentId: row.documentId,
  };
}

export async function listChangeOrders(db: Executor, order: OrderRow): Promise<ChangeOrderDto[]> {
  const rows = await db
    .select()
    .from(changeOrders)
    .where(eq(changeOrders.orderId, order.id))
    .orderBy(desc(changeOrders.number));
  const { allocations } = await ledger(db, order.id);
  return rows.map((row) => toDto(row, order, allocations));
}

const portalLink = (deps: Deps, order: OrderRow) => ({
  href: `${siteUrlOf(deps.env)}/portal/${order.orderNumber}`,
  label: "Read and sign it in your projects",
  text: "Read and sign it in your projects (sign in with this e-mail address):",
});

/** Staff create a change order on an active order (409 on a completed or cancelled one). */
export async function createChangeOrder(
  deps: Deps,
  actor: Actor,
  order: OrderRow,
  input: z.output<typeof changeOrderInput>,
): Promise<ChangeOrderDto> {
  if (CLOSED_STAGES.has(order.stage)) throw conflict(`A ${order.stage} order cannot be changed`);
  const added: ChangeOrderLine[] = (await engineLinesOf(deps.db, input.lines)).map((l) => ({ ...l }));
  const priced = await priceChange(deps, deps.db, order, added);
  await scheduleWith(deps.db, order.id, priced.totalDeltaCents);
  const { company } = await settingsIn(deps.db, deps);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // one number after another within the order (the unique index refuses a race's twin)
    const [{ last }] = (await tx
      .select({ last: max(changeOrders.number) })
      .from(changeOrders)
      .where(eq(changeOrders.orderId, order.id))) as [{ last: number | null }];
    const [row] = await tx
      .insert(changeOrders)
      .values({
        orderId: order.id,
        number: (last ?? 0) + 1,
        note: input.note,
        lines: added,
        subtotalDeltaCents: priced.subtotalDeltaCents,
        taxDeltaCents: priced.taxDeltaCents,
        totalDeltaCents: priced.totalDeltaCents,
        createdBy: actor.username,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, actor, "order.change_order_create", "order", order.id, {
      changeOrderId: row!.id,
      number: row!.number,
      totalDeltaCents: priced.totalDeltaCents,
    });
    const change = priced.totalDeltaCents;
    await enqueue(tx, deps.env, [
      {
        channel: "email",
        kind: "change-order",
        recipient: order.email,
        subject: `Change order ${row!.number} to your order ${order.orderNumber}: ready to sign`,
        ...composeEmail(company, [
          `Hello ${order.firstName},`,
          `We prepared change order ${row!.number} to your order ${order.orderNumber}: ${input.note}`,
          `It ${change >= 0 ? "adds" : "takes off"} ${usd(Math.abs(change))} (tax included). Nothing changes until you sign it.`,
          portalLink(deps, order),
        ]),
        entityType: "order",
        entityId: order.id,
      },
    ]);
    return toDto(row!, order, (await ledger(tx, order.id)).allocations);
  });
}

async function lockChangeOrder(tx: Executor, id: number) {
  return lockedRow(tx.select().from(changeOrders).where(eq(changeOrders.id, id)), "Change order not found");
}

const refuseClosed = (row: ChangeOrderRow) => {
  if (row.status === "signed") throw conflict("This change order is already signed");
  if (row.status === "withdrawn") throw conflict("This change order was withdrawn");
};

export async function withdrawChangeOrder(deps: Deps, actor: Actor, order: OrderRow, id: number) {
  return deps.db.transaction(async (tx) => {
    const row = await lockChangeOrder(tx, id);
    if (row.orderId !== order.id) throw notFound("Change order not found");
    refuseClosed(row);
    const now = deps.clock.now();
    const [withdrawn] = await tx
      .update(changeOrders)
      .set({ status: "withdrawn", withdrawnAt: now, updatedAt: now })
      .where(eq(changeOrders.id, id))
      .returning();
    await recordAudit(tx, actor, "order.change_order_withdraw", "order", order.id, { changeOrderId: id });
    return toDto(withdrawn!, order, (await ledger(tx, order.id)).allocations);
  });
}

const signingSubject = (id: number) => `change-order:${id}`;

/** The change order of one of `email`'s orders (404 for anyone else's), with its order. */
export async function customerChangeOrder(db: Executor, email: string, id: number) {
  const [found] = await db
    .select({ row: changeOrders, order: orders })
    .from(changeOrders)
    .innerJoin(orders, eq(orders.id, changeOrders.orderId))
    .where(sql`${changeOrders.id} = ${id} and lower(${orders.email}) = ${email}`)
    .limit(1);
  if (!found) throw notFound("Change order not found");
  return found;
}

export async function requestChangeOrderCode(deps: Deps, email: string, id: number) {
  const { row, order } = await customerChangeOrder(deps.db, email, id);
  refuseClosed(row);
  return sendSigningCode(deps, {
    subject: signingSubject(id),
    email: order.email,
    document: `change order ${row.number} to order ${order.orderNumber}`,
  });
}

export interface SignContext {
  ip: string | null;
  userAgent: string | null;
}

/** The customer signs: the order's figures and balance change, the PDF is filed, order.changed is raised. */
export async function signChangeOrder(
  deps: Deps,
  email: string,
  id: number,
  input: z.output<typeof signChangeOrderInput>,
  ctx: SignContext,
): Promise<ChangeOrderDto> {
  const first = await customerChangeOrder(deps.db, email, id);
  refuseClosed(first.row);
  const codeId = await checkSigningCode(deps, signingSubject(id), input.code);
  const settings = await settingsIn(deps.db, deps);
  return deps.db.transaction(async (tx) => {
    const row = await lockChangeOrder(tx, id);
    refuseClosed(row);
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for("update");
    if (!order || CLOSED_STAGES.has(order.stage)) throw conflict("This order can no longer be changed");
    const priced = await priceChange(deps, tx, order, row.lines);
    if (priced.totalDeltaCents !== row.totalDeltaCents) {
      throw conflict("The order changed since this change order was made: we will send you an updated one");
    }
    const { balance, schedule } = await scheduleWith(tx, order.id, row.totalDeltaCents);
    const now = deps.clock.now();
    await spendSigningCode(tx, codeId, now);
    const [changed] = await tx
      .update(orders)
      .set({
        subtotalCents: order.subtotalCents + row.subtotalDeltaCents,
        taxCents: order.taxCents + row.taxDeltaCents,
        totalCents: order.totalCents + row.totalDeltaCents,
        taxLines: priced.taxLines,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await tx.insert(orderLines).values(
      row.lines.map((l) => ({
        orderId: order.id,
        productId: l.kind === "product" && l.refId ? l.refId : 0,
        productName: `Change order ${row.number}: ${l.name}`,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        taxClass: l.taxClass,
      })),
    );
    if (balance) {
      await tx
        .update(invoices)
        .set({ amountCents: balance.amountCents + row.totalDeltaCents, updatedAt: now })
        .where(eq(invoices.id, balance.id));
    }
    // the invoices' statuses, the USDT amounts they ask and the payment status, from the ledger again
    await settleOrder(tx, deps, changed!);
    const filed = await fileSignedRecord(tx, deps, {
      orderId: order.id,
      kind: "change_order",
      title: `Your signed change order ${row.number} to order ${order.orderNumber}`,
      fileName: `change-order-${order.orderNumber}-${row.number}.pdf`,
      record: {
        title: `Change order ${row.number} to order ${order.orderNumber}`,
        references: [`Order ${order.orderNumber}, contract amended`, `Made by ${row.createdBy}: ${row.note}`],
        company: settings.company,
        customer: {
          name: `${order.firstName} ${order.lastName}`,
          email: order.email,
          deliverTo: [order.address, order.city, `${order.state} ${order.zipCode}`].filter(Boolean).join(", "),
        },
        lines: row.lines,
        figures: [
          ["Change to the subtotal", row.subtotalDeltaCents],
          ["Change to the tax", row.taxDeltaCents],
          ["Order total before", order.totalCents],
          ["Order total now", changed!.totalCents],
        ],
        schedule: schedule.map((s) => ({ label: s.label, when: s.when, amountCents: s.newAmountCents })),
        terms: [
          `This change order amends the contract of order ${order.orderNumber}; everything else in it stands.`,
          ...businessTerms(settings),
        ],
        signature: {
          fullName: input.fullName,
          email: order.email,
          signedAt: now,
          ipAddress: ctx.ip,
          userAgent: ctx.userAgent?.slice(0, 500) ?? null,
          statements: [changeOrderAgreementText(row.number, order.orderNumber), SIGNING_CONSENT_TEXT],
        },
      },
    });
    const [signed] = await tx
      .update(changeOrders)
      .set({
        status: "signed",
        signedName: input.fullName,
        signedAt: now,
        ipAddress: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 500) ?? null,
        documentId: filed.documentId,
        updatedAt: now,
      })
      .where(eq(changeOrders.id, id))
      .returning();
    await recordAudit(tx, CUSTOMER, "order.change_order_sign", "order", order.id, {
      changeOrderId: id,
      signedBy: input.fullName,
      totalDeltaCents: row.totalDeltaCents,
    });
    await emitWebhookEvent(
      tx,
      "order.changed",
      {
        orderId: order.id,
        orderNumber: order.orderNumber,
        changeOrderId: id,
        number: row.number,
        totalDelta: row.totalDeltaCents / 100,
        total: changed!.totalCents / 100,
        signedAt: now.toISOString(),
      },
      now,
    );
    return toDto(signed!, changed!, (await ledger(tx, order.id)).allocations);
  });
}
