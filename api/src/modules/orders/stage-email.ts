// The customer's e-mail when their order reaches a stage (stages.service.ts sends it through the outbox).

import { ORDER_STAGE_LABELS, type OrderStage } from "@ch/contracts/stages";
import type { Executor } from "@ch/db";
import type { Deps } from "../../lib/deps";
import { usd } from "../../lib/usd";
import { ledger } from "../ledger";
import {
  composeEmail,
  type EmailBlock,
  followOrderBlocks,
  orderStatusUrl,
  paymentInstructions,
} from "../notifications";
import { settingsIn, siteUrlOf } from "../settings";

/** What moving a stage needs of the dependencies. */
export type StageDeps = Pick<Deps, "db" | "env" | "log" | "clock">;

/** What the customer reads when their order reaches a stage. */
export const STAGE_SENTENCES: Record<OrderStage, string> = {
  awaiting_deposit: "Your order is waiting for its deposit.",
  deposit_received: "We have received your deposit. Your build is scheduled for production.",
  in_production: "Your home is now in production at our yard.",
  quality_check: "Your home is through production and in our quality check.",
  ready_for_delivery:
    "Your home has passed its quality check and is ready for delivery. We will call you to schedule the day.",
  delivered: "Your home has been delivered.",
  balance_paid: "Your home is delivered and your order is paid in full. Thank you!",
  completed: "Your order is complete. Thank you for building with us!",
  cancelled: "Your order has been cancelled.",
};

export interface StageOrder {
  id: number;
  orderNumber: string;
  firstName: string;
  email: string;
  paymentMethod: string;
  proposalId: number | null;
  accessToken: string | null;
}

/**
 * The customer's e-mail about a stage. It greets them by name once the address is known to be theirs:
 * every stage after the deposit follows money they sent, and a proposal's order was addressed by staff.
 * Only a cancellation of a checkout order still awaiting its deposit stays nameless (nobody has proven
 * the typed address is the visitor's). A stage that a milestone of the payment schedule falls due at
 * (the balance on delivery, by default) states what is now due, from the ledger, and how to pay it.
 * Everything is read through `db` (the caller's transaction).
 */
export async function stageEmail(
  db: Executor,
  deps: StageDeps,
  order: StageOrder,
  from: OrderStage,
  to: OrderStage,
  reason: string | null,
  /** The invoices this move made due (markInvoicesDue): the e-mail says what to pay now, and how. */
  fellDue: readonly number[] = [],
) {
  const settings = await settingsIn(db, deps);
  const { company } = settings;
  const proven = order.proposalId !== null || from !== "awaiting_deposit" || to !== "cancelled";
  const hello = proven && order.firstName.trim() ? `Hello ${order.firstName.trim()},` : "Hello,";
  const site = siteUrlOf(deps.env);
  const statusUrl = orderStatusUrl(site, order.orderNumber, order.accessToken);
  const label = ORDER_STAGE_LABELS[to];
  const sentence = STAGE_SENTENCES[to];
  const due = fellDue.length > 0 ? await dueBlocks(db, deps, settings, order, fellDue) : [];
  const { bodyText: text, bodyHtml: html } = composeEmail(company, [
    { heading: `Order ${order.orderNumber}: ${label}` },
    hello,
    sentence,
    ...(reason ? [{ lead: "Reason:", text: reason }] : []),
    ...due,
    ...followOrderBlocks(statusUrl, Boolean(order.accessToken), site),
  ]);
  return {
    channel: "email" as const,
    kind: `order-stage-${to}`,
    recipient: order.email,
    subject: `Your order ${order.orderNumber}: ${label}`,
    bodyText: text,
    bodyHtml: html,
    entityType: "order",
    entityId: order.id,
    payload: { stage: to },
  };
}

/** What the invoices that fell due still ask (the ledger's figures), each with how to pay it. */
async function dueBlocks(
  db: Executor,
  deps: StageDeps,
  settings: Awaited<ReturnType<typeof settingsIn>>,
  order: StageOrder,
  fellDue: readonly number[],
): Promise<EmailBlock[]> {
  const l = await ledger(db, order.id);
  return l.allocations
    .filter((a) => fellDue.includes(a.invoice.id) && a.invoice.amountCents > a.paidCents)
    .flatMap((a): EmailBlock[] => {
      const outstandingCents = a.invoice.amountCents - a.paidCents;
      const strong =
        a.invoice.kind === "balance"
          ? `The balance of ${usd(outstandingCents)} is now due.`
          : `${a.invoice.label}: ${usd(outstandingCents)} is now due.`;
      const pay = paymentInstructions(
        order.paymentMethod,
        { reference: a.invoice.reference, outstandingCents, usdtAmountMicro: a.invoice.usdtAmountMicro },
        deps.env,
        settings,
      );
      return [{ strong }, ...pay];
    });
}
