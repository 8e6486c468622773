/**
 * USDT transfers: what the product has seen arrive at the shop's wallet, which invoice each one pays, and
 * the hashes customers (and staff) submit. What is credited goes through the ledger (payments.service).
 *
 * 1. A confirmed, checked transfer pays ONLY the invoice whose unique USDT amount it carries exactly
 *    (invoices.usdt_amount_micro of an open or partially paid invoice: after a partial payment, the rest,
 *    newly tagged). Who submitted its hash changes nothing about where the money goes: the shop's incoming
 *    transfers are public, so a hash proves nothing about who paid.
 * 2. Every transfer seen (the watcher's wallet read, a hash looked up) is kept in usdt_transfers, once
 *    (its hash is the key; the row is locked while it is settled): credited (with its payment), or
 *    unmatched (more, less, an amount already paid, no invoice at all) for staff, who attach it to an
 *    invoice with a reason (audited; the customer gets the ledger's payment e-mail, the owner a Telegram note).
 * 3. A submitted hash: already credited or attached → 409; its transfer pays this order's invoice → 201
 *    recorded; pays another order's invoice → that order is credited and the submitter gets 409, nothing on
 *    its order; matches no open invoice → 202 in_review (the queue, claimed by this order); TronGrid shows
 *    it but not as a USDT transfer to the shop's wallet → 422, nothing stored; not seen yet (or TronGrid
 *    down) → a pending claim (202) that the watcher checks again and that expires after USDT_CLAIM_TTL_MS
 *    (then 422). A pending claim never reserves the transfer for its order (rule 1).
 * 4. Audit: the watcher's credits as "watcher", customers' claims as "customer", staff as themselves.
 */
import { type Executor, schema } from "@ch/db";
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type {
  AdminPaymentDto,
  AttachUsdtTransferAnswer,
  AttachUsdtTransferInput,
  SubmitPaymentAnswer,
  UsdtInvoiceCandidateDto,
  UsdtTransferDto,
  UsdtTransferListQuery,
  UsdtTransferStatus,
} from "../../contracts/payments";
import type { BusinessSettings } from "../../contracts/settings";
import { decodeCursor, encodeCursor } from "../../lib/cursor";
import type { Deps } from "../../lib/deps";
import { AppError, conflict, notFound } from "../../lib/errors";
import { formatUsdt, microToCents } from "../../lib/usdt";
import { type Actor, CUSTOMER, recordAudit, WATCHER } from "../audit";
import { adminPaymentDto, ledger, paymentDto } from "../ledger";
import { enqueue, escapeHtml, type OutboxMessage, paragraphsEmail } from "../notifications";
import { customerOrderRow } from "../orders";
import { settingsIn } from "../settings";
import { lockOrder, recordPaymentInTx } from "./payments.service";
import { lookupTransaction, type TransactionLookup, TronApiError, type TronTransfer } from "./trongrid";

const { orders, payments, invoices, orderEvents, usdtTransfers } = schema;
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type TransferRow = typeof usdtTransfers.$inferSelect;

/** Who brought the transfer in: the watcher's wallet read, or a hash submitted for an order. */
export type TransferSource =
  | { by: "watcher" }
  | { by: "customer"; order: OrderRow }
  | { by: "staff"; order: OrderRow; actor: Actor; note?: string | null };

export type Settlement =
  /** Credited now, to `order` (not necessarily the claimant's). */
  | { outcome: "credited"; transfer: TransferRow; payment: PaymentRow; order: OrderRow }
  /** Credited or attached before. */
  | { outcome: "duplicate"; transfer: TransferRow }
  /** In the unmatched queue (`fresh`: it entered it now). */
  | { outcome: "unmatched"; transfer: TransferRow; fresh: boolean };

const OPEN_STATUSES = ["open", "partially_paid"];
const usdFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usd = (cents: number) => usdFormat.format(cents / 100);
const actorOf = (source: TransferSource): Actor =>
  source.by === "watcher" ? WATCHER : source.by === "customer" ? CUSTOMER : source.actor;
const claimantOf = (source: TransferSource): OrderRow | null => (source.by === "watcher" ? null : source.order);

function ttlText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The reason of an expired claim, and of the 422 its hash answers from then on. */
export const expiredReason = (deps: Pick<Deps, "env">) =>
  `it is not a USDT transfer to the shop's wallet seen within ${ttlText(deps.env.USDT_CLAIM_TTL_MS)}`;

const unprocessable = (reason: string) =>
  new AppError(422, `That transaction cannot pay this order: ${reason}`, [{ path: ["txHash"], message: reason }]);

// ---- settling a seen transfer ---------------------------------------------------------------------

/**
 * Takes a submitted claim's hash off its ledger row (a pending claim becomes rejected) so that the transfer
 * can be recorded where its amount says; the hash stays in the row's reason and in the order's timeline.
 */
async function releaseClaim(tx: Executor, deps: Deps, claim: PaymentRow, reason: string, actor: Actor) {
  await tx
    .update(payments)
    .set({
      status: claim.status === "pending_verification" ? "rejected" : claim.status,
      txHash: null,
      // an earlier reason (staff's rejection, the expiry) is kept before this one
      reason: `${claim.reason ? `${claim.reason}; then ` : ""}${reason} (transaction ${claim.txHash})`,
      nextCheckAt: null,
    })
    .where(eq(payments.id, claim.id));
  await tx.insert(orderEvents).values({
    orderId: claim.orderId,
    kind: "payment_claim_closed",
    data: { paymentId: claim.id, txHash: claim.txHash, reason },
    actor: actor.username,
    createdAt: deps.clock.now(),
  });
}

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

function flagsFor(
  allocation: { invoice: { amountCents: number; validUntil: Date | null }; paidCents: number },
  amountCents: number,
  blockTimestamp: number,
): string[] {
  const owed = allocation.invoice.amountCents - allocation.paidCents;
  const flags: string[] = [];
  if (amountCents < owed) flags.push("partial");
  if (amountCents > owed) flags.push("excess");
  if (allocation.invoice.validUntil && blockTimestamp > allocation.invoice.validUntil.getTime()) flags.push("late");
  return flags;
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
    const row = locked!;
    if (inserted.length === 0) {
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
    const match = await invoiceOfAmount(tx, transfer.valueMicro);
    if (match) {
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

    // no open invoice asks for exactly this amount: the staff queue, claimed by the first order that asked
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
    return { outcome: "unmatched", transfer: queued, fresh: true };
  });
}

export type TransferOutcome = "recorded" | "duplicate" | "unmatched";

/** The watcher's way in: a confirmed, checked transfer from the wallet read. */
export async function recordUsdtTransfer(deps: Deps, transfer: TronTransfer): Promise<TransferOutcome> {
  const settled = await settleTransfer(deps, transfer, { by: "watcher" });
  return settled.outcome === "credited" ? "recorded" : settled.outcome;
}

// ---- pending claims (hashes TronGrid did not show yet) ---------------------------------------------

/** Pending hash submissions, oldest first (the watcher checks them again). */
export async function pendingSubmissions(db: Executor) {
  return db
    .select({
      id: payments.id,
      txHash: payments.txHash,
      orderId: payments.orderId,
      createdAt: orders.createdAt,
      claimedAt: payments.createdAt,
      checkAttempts: payments.checkAttempts,
      nextCheckAt: payments.nextCheckAt,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, "pending_verification"), isNotNull(payments.txHash)))
    .orderBy(asc(payments.id));
}

/** Counts checks of pending submissions (shown to staff) and says when to look again. */
export async function notePendingChecked(db: Executor, ids: number[], nextCheckAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(payments)
    .set({ checkAttempts: sql`${payments.checkAttempts} + 1`, nextCheckAt })
    .where(and(inArray(payments.id, ids), eq(payments.status, "pending_verification")));
}

/** Marks claims expired (with why) and notes it on their orders' timelines. */
async function expireClaims(tx: Executor, deps: Deps, where: ReturnType<typeof and>, reason: string, actor: Actor) {
  const rows = await tx
    .update(payments)
    .set({ status: "expired", reason, nextCheckAt: null })
    .where(and(eq(payments.status, "pending_verification"), where))
    .returning();
  for (const row of rows) {
    await tx.insert(orderEvents).values({
      orderId: row.orderId,
      kind: "payment_expired",
      data: { paymentId: row.id, txHash: row.txHash, reason },
      actor: actor.username,
      createdAt: deps.clock.now(),
    });
    await recordAudit(tx, actor, "usdt-claim.expire", "order", row.orderId, {
      paymentId: row.id,
      txHash: row.txHash,
      reason,
    });
  }
  return rows;
}

/** Pending claims older than USDT_CLAIM_TTL_MS become expired; returns how many. */
export async function expirePendingClaims(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.env.USDT_CLAIM_TTL_MS);
  const rows = await deps.db.transaction((tx) =>
    expireClaims(
      tx,
      deps,
      and(eq(payments.method, "usdt"), lte(payments.createdAt, cutoff)),
      expiredReason(deps),
      WATCHER,
    ),
  );
  return rows.length;
}

/**
 * The watcher looks a pending claim's hash up again: confirmed → settled (rule 1); shown but not a USDT
 * transfer to the shop's wallet → expired with that reason; not seen → unseen. Throws TronApiError.
 */
export async function recheckClaim(
  deps: Deps,
  claim: { id: number; txHash: string | null },
  signal?: AbortSignal,
): Promise<Settlement | "unseen" | "expired"> {
  if (!claim.txHash) return "unseen";
  const found = await lookupTransaction(deps.env, claim.txHash, signal);
  if (found.kind === "unseen") return "unseen";
  if (found.kind === "invalid") {
    await deps.db.transaction((tx) => expireClaims(tx, deps, eq(payments.id, claim.id), found.reason, WATCHER));
    return "expired";
  }
  return settleTransfer(deps, found.transfer, { by: "watcher" });
}

// ---- a submitted hash (customer or staff) ----------------------------------------------------------

type ClaimResult =
  | { kind: "recorded"; payment: PaymentRow }
  | { kind: "pending"; payment: PaymentRow }
  | { kind: "in_review"; transfer: TransferRow };

async function lookupOrNull(deps: Deps, hash: string): Promise<TransactionLookup | null> {
  try {
    return await lookupTransaction(deps.env, hash);
  } catch (error) {
    if (!(error instanceof TronApiError)) throw error;
    deps.log.warn({ err: error.message }, "TronGrid unavailable; the submitted hash waits for verification");
    return null;
  }
}

async function orderOfPayment(db: Executor, paymentId: number | null): Promise<number | null> {
  if (paymentId === null) return null;
  const [p] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  return p?.orderId ?? null;
}

const alreadyRecorded = (mine: boolean) =>
  conflict(
    mine
      ? "That transaction is already recorded for this order"
      : "That transaction is already recorded for another order",
  );

/** What a settled transfer means for the order that submitted its hash. */
async function forClaimant(deps: Deps, order: OrderRow, settled: Settlement): Promise<ClaimResult> {
  if (settled.outcome === "unmatched") return { kind: "in_review", transfer: settled.transfer };
  if (settled.outcome === "credited") {
    if (settled.order.id === order.id) return { kind: "recorded", payment: settled.payment };
    throw conflict("That transaction pays another order's invoice: it is recorded there, not for this order");
  }
  const owner = await orderOfPayment(deps.db, settled.transfer.paymentId);
  throw alreadyRecorded(owner === order.id);
}

async function insertPending(
  deps: Deps,
  order: OrderRow,
  hash: string,
  source: TransferSource,
): Promise<PaymentRow | null> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        method: "usdt",
        status: "pending_verification",
        amountCents: 0,
        txHash: hash,
        note: source.by === "staff" ? (source.note ?? null) : null,
        recordedBy: source.by === "staff" ? source.actor.username : "customer",
        nextCheckAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: "payment_submitted",
      data: { paymentId: row.id, txHash: hash },
      actor: actorOf(source).username,
      createdAt: now,
    });
    await recordAudit(tx, actorOf(source), "usdt-claim.submit", "order", order.id, { paymentId: row.id, txHash: hash });
    return row;
  });
}

/**
 * A hash submitted for `order` (rule 3). Settles it when TronGrid shows it; else keeps a pending claim.
 * Throws 409 (already credited, or it pays another order) and 422 (not a USDT transfer to the shop's wallet,
 * or a claim that expired unseen).
 */
async function claimTransfer(deps: Deps, order: OrderRow, hash: string, source: TransferSource): Promise<ClaimResult> {
  for (let attempt = 0; ; attempt++) {
    const [seen] = await deps.db.select().from(usdtTransfers).where(eq(usdtTransfers.txHash, hash)).limit(1);
    if (seen) {
      if (seen.status !== "unmatched")
        throw alreadyRecorded((await orderOfPayment(deps.db, seen.paymentId)) === order.id);
      const transfer: TronTransfer = {
        txId: seen.txHash,
        from: seen.fromAddress,
        to: deps.env.USDT_WALLET_ADDRESS ?? "",
        valueMicro: seen.valueMicro,
        blockTimestamp: seen.blockTimestamp.getTime(),
      };
      return forClaimant(deps, order, await settleTransfer(deps, transfer, source));
    }

    let [claim] = await deps.db.select().from(payments).where(eq(payments.txHash, hash)).limit(1);
    if (claim?.status === "recorded") throw alreadyRecorded(claim.orderId === order.id);
    if (
      claim?.status === "pending_verification" &&
      claim.createdAt.getTime() + deps.env.USDT_CLAIM_TTL_MS <= deps.clock.now().getTime()
    ) {
      const id = claim.id;
      await deps.db.transaction((tx) => expireClaims(tx, deps, eq(payments.id, id), expiredReason(deps), WATCHER));
      [claim] = await deps.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    }

    const found = await lookupOrNull(deps, hash);
    if (found?.kind === "invalid") {
      if (claim?.status === "pending_verification") {
        const id = claim.id;
        await deps.db.transaction((tx) => expireClaims(tx, deps, eq(payments.id, id), found.reason, WATCHER));
      }
      throw unprocessable(found.reason);
    }
    if (found?.kind === "confirmed")
      return forClaimant(deps, order, await settleTransfer(deps, found.transfer, source));

    // TronGrid does not show it (or could not be asked)
    if (claim) {
      if (claim.status === "expired") throw unprocessable(claim.reason ?? expiredReason(deps));
      if (claim.status === "rejected") {
        throw conflict(
          claim.orderId === order.id
            ? "That transaction was rejected for this order by our team"
            : "That transaction is already claimed by another order",
        );
      }
      throw conflict(
        claim.orderId === order.id
          ? "That transaction was already submitted for this order and is waiting for verification"
          : "That transaction was submitted for another order and is waiting for verification; once confirmed, it is recorded for the invoice whose exact amount it carries",
      );
    }
    const pending = await insertPending(deps, order, hash, source);
    if (pending) return { kind: "pending", payment: pending };
    // someone submitted the same hash at this moment: answer as for their claim
    if (attempt >= 1) throw conflict("That transaction was just submitted; please try again in a moment");
  }
}

/**
 * The customer's hash (order number + e-mail as for the look-up; the same 404 for a wrong pair): 201
 * recorded, 202 pending_verification or in_review, 409, 422 (rule 3).
 */
export async function submitTransactionHash(
  deps: Deps,
  orderNumber: string,
  email: string,
  hash: string,
): Promise<{ status: 201 | 202; body: SubmitPaymentAnswer }> {
  const order = await customerOrderRow(deps.db, orderNumber, email);
  if (!deps.env.USDT_WALLET_ADDRESS) throw conflict("USDT payments are not available at the moment");
  const result = await claimTransfer(deps, order, hash.toLowerCase(), { by: "customer", order });
  if (result.kind === "recorded") {
    return {
      status: 201,
      body: {
        status: "recorded",
        payment: paymentDto(result.payment),
        message: "Thank you: your payment is recorded.",
      },
    };
  }
  if (result.kind === "pending") {
    return {
      status: 202,
      body: {
        status: "pending_verification",
        payment: paymentDto(result.payment),
        message: `The TRON network does not show this transaction as a confirmed USDT transfer to our wallet yet. We check it again for ${ttlText(
          deps.env.USDT_CLAIM_TTL_MS,
        )}; once confirmed, it is recorded for the invoice whose exact amount it carries.`,
      },
    };
  }
  return {
    status: 202,
    body: {
      status: "in_review",
      transfer: {
        txHash: result.transfer.txHash,
        usdtAmount: formatUsdt(result.transfer.valueMicro),
        receivedAt: result.transfer.blockTimestamp.toISOString(),
      },
      message:
        "This transfer reached our wallet but does not match the exact amount of an open invoice (more, less, or an amount already paid). Our team will match it by hand and contact you.",
    },
  };
}

/**
 * Staff record a USDT payment for an order by its hash (recordStaffPayment calls it for method "usdt"):
 * verified on chain like a customer's (rule 3): credited only when it pays this order's invoice; 409 when it
 * pays another order's or is already recorded, and when it matches no invoice exactly (it waits in the
 * unmatched queue: attach it there with a reason); 422 when it is not a USDT transfer to the shop's wallet;
 * not seen yet → a pending claim. Audited with the actor.
 */
export async function recordStaffUsdtPayment(
  deps: Deps,
  actor: Actor,
  orderId: number,
  input: { txHash?: string | null | undefined; note?: string | null | undefined },
): Promise<AdminPaymentDto> {
  const parsed = z
    .string()
    .trim()
    .transform((v) => v.replace(/^0x/i, "").toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{64}$/))
    .safeParse(input.txHash ?? "");
  if (!parsed.success) {
    throw new AppError(400, "A USDT payment needs its transaction hash", [
      { path: ["txHash"], message: "must be a transaction hash: 64 hexadecimal characters" },
    ]);
  }
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound("Order not found");
  if (!deps.env.USDT_WALLET_ADDRESS) throw conflict("USDT payments are not available: no wallet is configured");
  const hash = parsed.data;
  const result = await claimTransfer(deps, order, hash, { by: "staff", order, actor, note: input.note ?? null });
  if (result.kind === "in_review") {
    throw conflict(
      `That transfer of ${formatUsdt(result.transfer.valueMicro)} USDT matches no open invoice's exact amount; it waits under Unmatched transfers: attach it to an invoice there, with a reason`,
      { txHash: hash },
    );
  }
  // audited: a recorded one by the ledger (payment.record), a pending claim as usdt-claim.submit
  return adminPaymentDto(result.payment);
}

// ---- the staff queue -------------------------------------------------------------------------------

const transferKeyShape = z
  .tuple([z.iso.datetime({ offset: true }), z.string().regex(/^[0-9a-f]{64}$/)])
  .transform(([at, txHash]) => ({ at: new Date(at), txHash }));

/** Newest block first (block_timestamp desc, tx_hash desc). */
export const transferCursor = {
  encode: (row: UsdtTransferDto) => encodeCursor([row.receivedAt, row.txHash]),
  decode: (raw: string | undefined) => (raw === undefined ? undefined : decodeCursor(raw, transferKeyShape)),
};

async function candidatesFor(db: Executor, row: TransferRow): Promise<UsdtInvoiceCandidateDto[]> {
  const distance = sql<string>`abs(${invoices.usdtAmountMicro} - ${row.valueMicro.toString()}::bigint)`;
  const near = sql`${distance} <= greatest(${(row.valueMicro / 100n).toString()}::bigint, 10000000)`;
  const open = and(inArray(invoices.status, OPEN_STATUSES), isNotNull(invoices.usdtAmountMicro));
  const select = () =>
    db
      .select({ invoice: invoices, orderNumber: orders.orderNumber })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId));
  // the five nearest amounts (within 1 %, or 10 USDT), and always the claiming order's open invoices
  const nearest = await select().where(and(open, near)).orderBy(distance, asc(invoices.id)).limit(5);
  const claimed =
    row.claimedByOrderId === null
      ? []
      : await select()
          .where(and(open, eq(invoices.orderId, row.claimedByOrderId)))
          .orderBy(asc(invoices.id));
  const gap = (i: { usdtAmountMicro: bigint | null }) => {
    const d = (i.usdtAmountMicro ?? 0n) - row.valueMicro;
    return d < 0n ? -d : d;
  };
  const rows = [...nearest, ...claimed.filter((c) => !nearest.some((n) => n.invoice.id === c.invoice.id))].sort(
    (a, b) => {
      const d = gap(a.invoice) - gap(b.invoice);
      return d < 0n ? -1 : d > 0n ? 1 : a.invoice.id - b.invoice.id;
    },
  );
  const owed = new Map<number, Map<number, number>>();
  const out: UsdtInvoiceCandidateDto[] = [];
  for (const { invoice, orderNumber } of rows) {
    let perInvoice = owed.get(invoice.orderId);
    if (!perInvoice) {
      const l = await ledger(db, invoice.orderId);
      perInvoice = new Map(l.allocations.map((a) => [a.invoice.id, a.invoice.amountCents - a.paidCents]));
      owed.set(invoice.orderId, perInvoice);
    }
    out.push({
      invoiceId: invoice.id,
      orderId: invoice.orderId,
      orderNumber,
      kind: invoice.kind as UsdtInvoiceCandidateDto["kind"],
      reference: invoice.reference,
      usdtAmount: invoice.usdtAmountMicro === null ? null : formatUsdt(invoice.usdtAmountMicro),
      outstanding: (perInvoice.get(invoice.id) ?? invoice.amountCents) / 100,
      status: invoice.status,
    });
  }
  return out;
}

async function transferDtos(db: Executor, rows: TransferRow[]): Promise<UsdtTransferDto[]> {
  const paymentIds = rows.flatMap((r) => (r.paymentId !== null ? [r.paymentId] : []));
  const paymentOrders = new Map<number, number>();
  if (paymentIds.length > 0) {
    for (const p of await db
      .select({ id: payments.id, orderId: payments.orderId })
      .from(payments)
      .where(inArray(payments.id, paymentIds))) {
      paymentOrders.set(p.id, p.orderId);
    }
  }
  const orderIds = [
    ...new Set([
      ...paymentOrders.values(),
      ...rows.flatMap((r) => (r.claimedByOrderId !== null ? [r.claimedByOrderId] : [])),
    ]),
  ];
  const numbers = new Map<number, string>();
  if (orderIds.length > 0) {
    for (const o of await db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(inArray(orders.id, orderIds))) {
      numbers.set(o.id, o.orderNumber);
    }
  }
  const ref = (id: number | null | undefined) =>
    id !== null && id !== undefined && numbers.has(id) ? { id, orderNumber: numbers.get(id)! } : null;
  const out: UsdtTransferDto[] = [];
  for (const r of rows) {
    out.push({
      txHash: r.txHash,
      fromAddress: r.fromAddress,
      usdtAmount: formatUsdt(r.valueMicro),
      amount: microToCents(r.valueMicro) / 100,
      receivedAt: r.blockTimestamp.toISOString(),
      status: r.status as UsdtTransferStatus,
      paymentId: r.paymentId,
      order: ref(r.paymentId !== null ? paymentOrders.get(r.paymentId) : null),
      claimedBy: ref(r.claimedByOrderId),
      note: r.note,
      candidates: r.status === "unmatched" ? await candidatesFor(db, r) : [],
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    });
  }
  return out;
}

/** A page of seen transfers (`status`, default unmatched), newest block first; `limit` rows after `cursor`. */
export async function listUsdtTransfersPage(
  db: Executor,
  filter: { status: UsdtTransferListQuery["status"] },
  page: { limit: number; cursor?: { at: Date; txHash: string } | undefined },
): Promise<UsdtTransferDto[]> {
  const rows = await db
    .select()
    .from(usdtTransfers)
    .where(
      and(
        filter.status === "all" ? undefined : eq(usdtTransfers.status, filter.status),
        page.cursor
          ? sql`(${usdtTransfers.blockTimestamp}, ${usdtTransfers.txHash}) < (${page.cursor.at.toISOString()}::timestamptz, ${page.cursor.txHash})`
          : undefined,
      ),
    )
    .orderBy(desc(usdtTransfers.blockTimestamp), desc(usdtTransfers.txHash))
    .limit(page.limit);
  return transferDtos(db, rows);
}

/** The tRPC form of the list: the same page and an opaque cursor for the next one (null at the end). */
export async function listUsdtTransfers(
  db: Executor,
  query: UsdtTransferListQuery,
): Promise<{ items: UsdtTransferDto[]; nextCursor: string | null }> {
  const rows = await listUsdtTransfersPage(
    db,
    { status: query.status },
    { limit: query.limit + 1, cursor: transferCursor.decode(query.cursor) },
  );
  const items = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? items[items.length - 1] : undefined;
  return { items, nextCursor: last ? transferCursor.encode(last) : null };
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
    const [row] = await tx.select().from(usdtTransfers).where(eq(usdtTransfers.txHash, hash)).for("update").limit(1);
    if (!row) throw notFound("No USDT transfer with that transaction hash has been seen");
    if (row.status !== "unmatched") {
      throw conflict(
        row.status === "attached"
          ? "That transfer is already attached to an invoice"
          : "That transfer is already credited to the invoice whose amount it carries",
      );
    }
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId)).limit(1);
    if (!invoice) {
      throw new AppError(400, "No invoice has that id", [{ path: ["invoiceId"], message: "is not an invoice" }]);
    }
    if (invoice.status === "void") {
      throw new AppError(400, "That invoice is void", [{ path: ["invoiceId"], message: "is a void invoice" }]);
    }
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
    const now = deps.clock.now();
    const [updated] = await tx
      .update(usdtTransfers)
      .set({
        status: "attached",
        paymentId: payment.id,
        note: row.note ? `${input.reason}\n${row.note}` : input.reason,
        updatedAt: now,
      })
      .where(eq(usdtTransfers.txHash, hash))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: "payment_attached",
      data: { paymentId: payment.id, txHash: hash, invoiceId: invoice.id, reason: input.reason },
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
      reason: input.reason,
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
          input.reason,
        )}`,
        entityType: "order",
        entityId: order.id,
      },
    ]);
    return { transfer: updated!, payment };
  });
  const [dto] = await transferDtos(deps.db, [answer.transfer]);
  return { transfer: dto!, payment: adminPaymentDto(answer.payment) };
}
