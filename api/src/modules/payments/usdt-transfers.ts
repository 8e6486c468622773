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
// The files: usdt-settle (a seen transfer, once), usdt-pending (claims TronGrid did not show yet),
// usdt-claims (a submitted hash), usdt-queue and usdt-attach (staff's queue), usdt-common (what they share).
// This file keeps the names the rest of the module, the watcher and the tests import from it.
export { attachUsdtTransfer } from "./usdt-attach";
export { recordStaffUsdtPayment, submitTransactionHash } from "./usdt-claims";
export { expiredReason, type Settlement, type TransferSource } from "./usdt-common";
export { expirePendingClaims, notePendingChecked, pendingSubmissions, recheckClaim } from "./usdt-pending";
export { listUsdtTransfers, listUsdtTransfersPage, transferCursor } from "./usdt-queue";
export { recordUsdtTransfer, settleTransfer, type TransferOutcome } from "./usdt-settle";
