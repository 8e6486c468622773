// Staff attach an unmatched transfer to an invoice, with a reason (rule 2 of usdt-transfers.ts).

import type { AttachUsdtTransferAnswer, AttachUsdtTransferInput } from "@ch/contracts/payments";
import { type Executor, schema } from "@ch/db";
import { eq } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { AppError, conflict } from "../../lib/errors";
import { lockedRow } from "../../lib/locked-row";
import { usd } from "../../lib/usd";
import { formatUsdt, microToCents } from "../../lib/usdt";
import { type Actor, recordAudit } from "../audit";
import { adminPaymentDto, ledger } from "../ledger";
import { enqueue, escapeHtml } from "../notifications";
import { lockOrder, recordPaymentInTx } from "./payments.service";
import { flagsFor, type OrderRow, type PaymentRow, releaseClaim, type TransferRow } from "./usdt-common";
import { transferDtos } from "./usdt-queue";

const { payments, invoices, orderEvents, usdtTransfers } = schema;

/** The seen transfer, locked; 404 unknown, 409 already credited or attached. */
async function lockUnmatched(tx: Executor, hash: string): Promise<TransferRow> {
  const row = await lockedRow(
    tx.select().from(usdtTransfers).where(eq(usdtTransfers.txHash, hash)).limit(1),
    "No USDT transfer with that transaction hash has been seen",
  );
  if (row.status !== "unmatched") {
    throw conflict(
      row.status === "attached"
        ? "That transfer is already attached to an invoice"
        : "That transfer is already credited to the invoice whose amount it carries",
    );
  }
  return row;
}

/** The invoice staff named; 400 naming invoiceId when there is none or it is void. */
async function invoiceToAttach(tx: Executor, invoiceId: number) {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!invoice) {
    throw new AppError(400, "No invoice has that id", [{ path: ["invoiceId"], message: "is not an invoice" }]);
  }
  if (invoice.status === "void") {
    throw new AppError(400, "That invoice is void", [{ path: ["invoiceId"], message: "is a void invoice" }]);
  }
  return invoice;
}

interface Attached {
  row: TransferRow;
  invoice: typeof invoices.$inferSelect;
  order: OrderRow;
  payment: PaymentRow;
  flags: string[];
  reason: string;
}

/** Marks the transfer attached, notes it on the order's timeline, audits it and tells the owner on Telegram. */
async function markAttached(tx: Executor, deps: Deps, actor: Actor, attached: Attached): Promise<TransferRow> {
  const { row, invoice, order, payment, flags, reason } = attached;
  const hash = row.txHash;
  const amountCents = microToCents(row.valueMicro);
  const now = deps.clock.now();
  const [updated] = await tx
    .update(usdtTransfers)
    .set({
      status: "attached",
      paymentId: payment.id,
      note: row.note ? `${reason}\n${row.note}` : reason,
      updatedAt: now,
    })
    .where(eq(usdtTransfers.txHash, hash))
    .returning();
  await tx.insert(orderEvents).values({
    orderId: order.id,
    kind: "payment_attached",
    data: { paymentId: payment.id, txHash: hash, invoiceId: invoice.id, reason },
    actor: actor.username,
    createdAt: now,
  });
  await recordAudit(tx, actor, "usdt-transfer.attach", "usdt_transfer", hash, {
    invoiceId: invoice.id,
    invoiceReference: invoice.reference,
    orderId: order.id,
    orderNumber: order.orderNumber,
    paymentId: payment.id,
    usdtAmount: formatUsdt(row.valueMicro),
    amount: amountCents / 100,
    flags,
    reason,
    claimedByOrderId: row.claimedByOrderId,
  });
  await enqueue(tx, deps.env, [
    {
      channel: "telegram",
      kind: "usdt-transfer-attached",
      bodyText: `🔗 <b>USDT transfer attached</b> by ${escapeHtml(actor.username)}: ${escapeHtml(
        formatUsdt(row.valueMicro),
      )} USDT (${escapeHtml(usd(amountCents))}, tx ${escapeHtml(hash)}) to invoice ${escapeHtml(
        invoice.reference,
      )} of order ${escapeHtml(order.orderNumber)}${flags.length ? ` [${escapeHtml(flags.join(", "))}]` : ""}. Reason: ${escapeHtml(
        reason,
      )}`,
      entityType: "order",
      entityId: order.id,
    },
  ]);
  return updated!;
}

/**
 * Staff put an unmatched transfer on an invoice, with a reason: recorded through the ledger (method usdt,
 * its hash, its amount in whole cents, flagged partial/excess against what the invoice still asks, late
 * after its validity), the transfer marked attached, audited with the actor, the owner told on Telegram
 * (the customer gets the ledger's payment e-mail). 404 unknown transfer; 409 already credited or attached;
 * 400 naming invoiceId for an unknown invoice.
 */
export async function attachUsdtTransfer(
  deps: Deps,
  actor: Actor,
  txHash: string,
  input: AttachUsdtTransferInput,
): Promise<AttachUsdtTransferAnswer> {
  const hash = txHash.toLowerCase();
  const answer = await deps.db.transaction(async (tx) => {
    const row = await lockUnmatched(tx, hash);
    const invoice = await invoiceToAttach(tx, input.invoiceId);
    const order = await lockOrder(tx, invoice.orderId);
    const l = await ledger(tx, order.id);
    const allocation = l.allocations.find((a) => a.invoice.id === invoice.id)!;
    // a ledger row still holding the hash (a claim closed before this table, say) gives it up
    const [holder] = await tx.select().from(payments).where(eq(payments.txHash, hash)).for("update").limit(1);
    if (holder?.status === "recorded") throw conflict("That transaction is already recorded");
    if (holder)
      await releaseClaim(tx, deps, holder, `staff attached the transfer to invoice ${invoice.reference}`, actor);
    const amountCents = microToCents(row.valueMicro);
    const flags = flagsFor(allocation, amountCents, row.blockTimestamp.getTime());
    const payment = await recordPaymentInTx(tx, deps, order, {
      invoiceId: invoice.id,
      method: "usdt",
      amountCents,
      usdtAmountMicro: row.valueMicro,
      txHash: hash,
      fromAddress: row.fromAddress || null,
      reason: input.reason,
      flags,
      receivedAt: row.blockTimestamp,
      recordedBy: actor.username,
      actorId: actor.id,
    });
    if (!payment) throw conflict("That transaction is already recorded");
    const updated = await markAttached(tx, deps, actor, { row, invoice, order, payment, flags, reason: input.reason });
    return { transfer: updated, payment };
  });
  const [dto] = await transferDtos(deps.db, [answer.transfer]);
  return { transfer: dto!, payment: adminPaymentDto(answer.payment) };
}
