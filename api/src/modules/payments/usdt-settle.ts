// Settling a seen transfer once (rules 1, 2 and 4 of usdt-transfers.ts): credited to the invoice whose exact
// amount it carries, or put in the staff queue.

import type { BusinessSettings } from "@ch/contracts/settings";
import { type Executor, schema } from "@ch/db";
import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { conflict } from "../../lib/errors";
import { formatUsdt, microToCents } from "../../lib/usdt";
import { type Actor, CUSTOMER, recordAudit, WATCHER } from "../audit";
import { ledger } from "../ledger";
import { enqueue, escapeHtml, type OutboxMessage, paragraphsEmail } from "../notifications";
import { settingsIn } from "../settings";
import { emitWebhookEvent } from "../webhooks";
import { lockOrder, recordPaymentInTx } from "./payments.service";
import type { TronTransfer } from "./trongrid";
import {
  actorOf,
  claimantOf,
  flagsFor,
  OPEN_STATUSES,
  type OrderRow,
  type PaymentRow,
  releaseClaim,
  type Settlement,
  type TransferRow,
  type TransferSource,
} from "./usdt-common";

const { orders, payments, invoices, usdtTransfers } = schema;

/** Notes another order's claim on a transfer in the queue (the first claimant stays claimedByOrderId). */
async function noteClaim(tx: Executor, deps: Deps, row: TransferRow, claimant: OrderRow | null): Promise<TransferRow> {
  if (!claimant || row.claimedByOrderId === claimant.id) return row;
  const now = deps.clock.now();
  if (row.claimedByOrderId === null) {
    const [updated] = await tx
      .update(usdtTransfers)
      .set({ claimedByOrderId: claimant.id, updatedAt: now })
      .where(eq(usdtTransfers.txHash, row.txHash))
      .returning();
    return updated ?? row;
  }
  const line = `Also claimed by order ${claimant.orderNumber}`;
  if (row.note?.includes(line)) return row;
  const [updated] = await tx
    .update(usdtTransfers)
    .set({
      note: row.note ? `${row.note}\n${line} (${now.toISOString()})` : `${line} (${now.toISOString()})`,
      updatedAt: now,
    })
    .where(eq(usdtTransfers.txHash, row.txHash))
    .returning();
  return updated ?? row;
}

/** The open invoice asking for exactly `valueMicro` now, with its order locked and its ledger allocation. */
async function invoiceOfAmount(tx: Executor, valueMicro: bigint) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.usdtAmountMicro, valueMicro), inArray(invoices.status, OPEN_STATUSES)))
    .limit(1);
  if (!invoice) return null;
  const order = await lockOrder(tx, invoice.orderId);
  const l = await ledger(tx, order.id);
  const allocation = l.allocations.find((a) => a.invoice.id === invoice.id);
  // the ledger is the truth (the status column follows it in the same transaction as every payment)
  if (!allocation || !OPEN_STATUSES.includes(allocation.status)) return null;
  if (allocation.invoice.usdtAmountMicro !== valueMicro) return null;
  return { order, allocation };
}

function unmatchedTelegram(row: TransferRow, claimant: OrderRow | null): OutboxMessage {
  return {
    channel: "telegram",
    kind: "usdt-transfer-unmatched",
    bodyText: `💵 <b>USDT transfer to match</b>: ${escapeHtml(formatUsdt(row.valueMicro))} USDT (tx ${escapeHtml(
      row.txHash,
    )}) matches no open invoice's exact amount${
      claimant ? `; submitted for order ${escapeHtml(claimant.orderNumber)}` : ""
    }. It waits in the back office under Unmatched transfers.`,
    entityType: "usdt_transfer",
    payload: { txHash: row.txHash },
  };
}

function inReviewEmail(order: OrderRow, row: TransferRow, company: BusinessSettings["company"]): OutboxMessage {
  const hello = order.firstName.trim() ? `Hello ${order.firstName.trim()},` : "Hello,";
  const lines = [
    `We have received a USDT transfer of ${formatUsdt(row.valueMicro)} USDT (transaction ${row.txHash}) that you told us is for your order ${order.orderNumber}.`,
    "",
    "It does not match the exact amount of an open invoice of the order, so our team will match it by hand and contact you.",
  ];
  return {
    channel: "email",
    kind: "usdt-transfer-in-review",
    recipient: order.email,
    subject: `Your USDT transfer for order ${order.orderNumber} is being reviewed`,
    ...paragraphsEmail(company, hello, lines),
    entityType: "order",
    entityId: order.id,
  };
}

/** A transfer seen for the first time, with what settling it needs to know. */
interface FirstSight {
  transfer: TronTransfer;
  source: TransferSource;
  actor: Actor;
  claimant: OrderRow | null;
  /** A claim submitted for its hash before it was seen (not recorded). */
  claim: PaymentRow | undefined;
  row: TransferRow;
  now: Date;
  claimedBy: number | null;
  usdtAmount: string;
}

type InvoiceMatch = NonNullable<Awaited<ReturnType<typeof invoiceOfAmount>>>;

/** Keeps the transfer in usdt_transfers (once) and locks its row; `fresh`: it was inserted now. */
async function insertAndLock(tx: Executor, transfer: TronTransfer, now: Date) {
  const inserted = await tx
    .insert(usdtTransfers)
    .values({
      txHash: transfer.txId,
      fromAddress: transfer.from,
      valueMicro: transfer.valueMicro,
      blockTimestamp: new Date(transfer.blockTimestamp),
      status: "unmatched",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ txHash: usdtTransfers.txHash });
  const [locked] = await tx
    .select()
    .from(usdtTransfers)
    .where(eq(usdtTransfers.txHash, transfer.txId))
    .for("update")
    .limit(1);
  return { row: locked!, fresh: inserted.length > 0 };
}

/** Credits the invoice whose exact amount the transfer carries; a claim for another order is closed. */
async function creditMatch(tx: Executor, deps: Deps, seen: FirstSight, match: InvoiceMatch): Promise<Settlement> {
  const { transfer, source, actor, claimant, claim, row, now, claimedBy, usdtAmount } = seen;
  const { order, allocation } = match;
  const amountCents = microToCents(transfer.valueMicro);
  const ownClaim = claim?.status === "pending_verification" && claim.orderId === order.id ? claim : undefined;
  if (claim && !ownClaim) {
    await releaseClaim(tx, deps, claim, "the transfer pays another order's invoice", actor);
  }
  const byClaimant = claimant?.id === order.id;
  // who recorded it: the claim's submitter, the claimant (customer or staff), else the watcher's match
  const recorder: Actor = ownClaim
    ? ownClaim.recordedBy === "customer" || ownClaim.recordedBy === null
      ? CUSTOMER
      : { id: null, username: ownClaim.recordedBy }
    : byClaimant
      ? actor
      : WATCHER;
  const payment = await recordPaymentInTx(
    tx,
    deps,
    order,
    {
      invoiceId: allocation.invoice.id,
      method: "usdt",
      amountCents,
      usdtAmountMicro: transfer.valueMicro,
      txHash: transfer.txId,
      fromAddress: transfer.from || null,
      note: byClaimant && source.by === "staff" ? (source.note ?? null) : null,
      flags: flagsFor(allocation, amountCents, transfer.blockTimestamp),
      receivedAt: new Date(transfer.blockTimestamp),
      recordedBy: recorder.username,
      actorId: recorder.id,
    },
    ownClaim?.id,
  );
  if (!payment) throw conflict("That transaction is already recorded");
  const [updated] = await tx
    .update(usdtTransfers)
    .set({ status: "credited", paymentId: payment.id, claimedByOrderId: claimedBy, updatedAt: now })
    .where(eq(usdtTransfers.txHash, row.txHash))
    .returning();
  await recordAudit(tx, actor, "usdt-transfer.credit", "order", order.id, {
    txHash: transfer.txId,
    invoiceId: allocation.invoice.id,
    paymentId: payment.id,
    usdtAmount,
    ...(claimedBy !== null ? { claimedByOrderId: claimedBy } : {}),
  });
  return { outcome: "credited", transfer: updated!, payment, order };
}

/** No open invoice asks for exactly this amount: the staff queue, claimed by the first order that asked. */
async function queueUnmatched(tx: Executor, deps: Deps, seen: FirstSight): Promise<Settlement> {
  const { source, actor, claimant, claim, row, now, usdtAmount } = seen;
  let claimOrder = claimant;
  if (claim) {
    await releaseClaim(tx, deps, claim, "in review: the transfer matches no open invoice's exact amount", actor);
    if (claimant?.id !== claim.orderId) {
      const [first] = await tx.select().from(orders).where(eq(orders.id, claim.orderId)).limit(1);
      claimOrder = first ?? claimant;
    }
  }
  const [updated] = await tx
    .update(usdtTransfers)
    .set({ status: "unmatched", claimedByOrderId: claimOrder?.id ?? null, updatedAt: now })
    .where(eq(usdtTransfers.txHash, row.txHash))
    .returning();
  // a second order asking for it is noted for staff
  const queued = await noteClaim(tx, deps, updated!, claimant);
  await recordAudit(tx, actor, "usdt-transfer.unmatched", "usdt_transfer", row.txHash, {
    usdtAmount,
    ...(claimOrder ? { claimedByOrderId: claimOrder.id } : {}),
  });
  const messages: OutboxMessage[] = [unmatchedTelegram(queued, claimOrder)];
  // a claim submitted before the transfer was seen: its customer hears that staff will match it
  if (claim && claimOrder && claimOrder.id === claim.orderId && source.by === "watcher") {
    messages.push(inReviewEmail(claimOrder, queued, (await settingsIn(tx, deps)).company));
  }
  await enqueue(tx, deps.env, messages);
  await emitWebhookEvent(
    tx,
    "usdt_transfer.unmatched",
    {
      txHash: queued.txHash,
      fromAddress: queued.fromAddress,
      usdtAmount,
      blockTimestamp: queued.blockTimestamp.toISOString(),
      claimedByOrderId: claimOrder?.id ?? null,
      claimedByOrderNumber: claimOrder?.orderNumber ?? null,
    },
    now,
  );
  return { outcome: "unmatched", transfer: queued, fresh: true };
}

/**
 * Settles a confirmed, checked transfer once: keeps it in usdt_transfers and credits the invoice whose exact
 * amount it carries (rule 1), or puts it in the unmatched queue. A claim submitted for its hash earlier is
 * settled with it (recorded when it pays the claimant's own invoice; else closed). Seen before → as it was.
 */
export async function settleTransfer(deps: Deps, transfer: TronTransfer, source: TransferSource): Promise<Settlement> {
  const actor = actorOf(source);
  const claimant = claimantOf(source);
  return deps.db.transaction(async (tx): Promise<Settlement> => {
    const now = deps.clock.now();
    const { row, fresh } = await insertAndLock(tx, transfer, now);
    if (!fresh) {
      if (row.status !== "unmatched") return { outcome: "duplicate", transfer: row };
      return { outcome: "unmatched", transfer: await noteClaim(tx, deps, row, claimant), fresh: false };
    }

    // first sight: a claim submitted before it was seen, or a ledger entry from before this table
    const [claim] = await tx.select().from(payments).where(eq(payments.txHash, transfer.txId)).for("update").limit(1);
    if (claim?.status === "recorded") {
      const [updated] = await tx
        .update(usdtTransfers)
        .set({ status: "credited", paymentId: claim.id, updatedAt: now })
        .where(eq(usdtTransfers.txHash, row.txHash))
        .returning();
      return { outcome: "duplicate", transfer: updated! };
    }
    const claimedBy = claimant?.id ?? claim?.orderId ?? null;
    const usdtAmount = formatUsdt(transfer.valueMicro);
    const seen: FirstSight = { transfer, source, actor, claimant, claim, row, now, claimedBy, usdtAmount };
    const match = await invoiceOfAmount(tx, transfer.valueMicro);
    if (match) return creditMatch(tx, deps, seen, match);
    return queueUnmatched(tx, deps, seen);
  });
}

export type TransferOutcome = "recorded" | "duplicate" | "unmatched";

/** The watcher's way in: a confirmed, checked transfer from the wallet read. */
export async function recordUsdtTransfer(deps: Deps, transfer: TronTransfer): Promise<TransferOutcome> {
  const settled = await settleTransfer(deps, transfer, { by: "watcher" });
  return settled.outcome === "credited" ? "recorded" : settled.outcome;
}
