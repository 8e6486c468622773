// Staff record a payment from the back office: a bank transfer or refund here, a USDT hash through the
// transfers module (usdt-transfers.ts), which checks it against TronGrid first.

import type { AdminPaymentDto, recordPaymentInput } from "@ch/contracts/payments";
import { schema } from "@ch/db";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Deps } from "../../lib/deps";
import { AppError, conflict } from "../../lib/errors";
import { usd } from "../../lib/usd";
import type { Actor } from "../audit";
import { adminPaymentDto, ledger } from "../ledger";
import { lockOrder, recordPaymentInTx } from "./payments.service";
import { recordStaffUsdtPayment } from "./usdt-transfers";

const { invoices } = schema;

/** Staff record a bank transfer (positive) or a refund (negative); partial payments add up. */
export async function recordStaffPayment(
  deps: Deps,
  actor: Actor,
  orderId: number,
  input: z.output<typeof recordPaymentInput>,
): Promise<AdminPaymentDto> {
  if (input.method === "usdt") {
    return recordStaffUsdtPayment(deps, actor, orderId, { txHash: input.txHash!, note: input.note ?? null });
  }
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (input.invoiceId !== undefined) {
      const [invoice] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, input.invoiceId), eq(invoices.orderId, orderId)))
        .limit(1);
      if (!invoice)
        throw new AppError(400, "That invoice is not one of this order's", [
          { path: ["invoiceId"], message: "not an invoice of this order" },
        ]);
    }
    const amountCents = Math.round(input.amount! * 100);
    const l = await ledger(tx, orderId);
    if (l.recordedCents + amountCents < 0) {
      throw conflict(`A refund of ${usd(-amountCents)} is more than the ${usd(l.recordedCents)} paid`, {
        paid: l.recordedCents / 100,
      });
    }
    const target =
      input.invoiceId ?? l.allocations.find((a) => a.status === "open" || a.status === "partially_paid")?.invoice.id;
    const outstanding = Math.max(0, l.dueCents - l.recordedCents);
    const flags = amountCents > outstanding ? ["excess"] : [];
    const row = await recordPaymentInTx(tx, deps, order, {
      invoiceId: target ?? null,
      method: input.method,
      amountCents,
      reference: input.reference,
      note: input.note,
      flags,
      receivedAt: new Date(input.receivedAt!),
      recordedBy: actor.username,
      actorId: actor.id,
      reason: input.reason ?? null,
    });
    return adminPaymentDto(row!);
  });
}
