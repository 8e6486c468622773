// The reminder of a milestone still unpaid 7 days after it fell due: one e-mail per invoice, ever (until an
// undo makes it not due again). Any number of processes may run the job: each claims its invoices by
// setting reminded_at under FOR UPDATE SKIP LOCKED, in the transaction that writes the e-mail to the outbox.
import { humanDate } from "@ch/contracts/business-facts";
import type { BusinessSettings } from "@ch/contracts/settings";
import { type Executor, rowsOf } from "@ch/db";
import { sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import type { Job } from "../../lib/job-runner";
import { usd } from "../../lib/usd";
import { invoiceDueText, ledger } from "../ledger";
import {
  composeEmail,
  enqueue,
  followOrderBlocks,
  type OutboxMessage,
  orderStatusUrl,
  paymentInstructions,
} from "../notifications";
import { settingsIn, siteUrlOf } from "../settings";

export const REMINDER_AFTER_DAYS = 7;
const BATCH = 50;

interface ClaimedInvoice {
  id: number;
  order_id: number;
  due_at: Date | string;
}

interface ReminderOrder {
  id: number;
  order_number: string;
  first_name: string;
  email: string;
  payment_method: string;
  access_token: string | null;
}

/** Claims the invoices due 7 days ago and more, unpaid and not reminded, of orders still under way. */
async function claimDueInvoices(tx: Executor, now: Date): Promise<ClaimedInvoice[]> {
  const cutoff = new Date(now.getTime() - REMINDER_AFTER_DAYS * 86_400_000);
  return rowsOf<ClaimedInvoice>(
    await tx.execute(sql`
      update invoices set reminded_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      where id in (
        select i.id from invoices i join orders o on o.id = i.order_id
        where i.due_at <= ${cutoff.toISOString()}::timestamptz and i.reminded_at is null
          and i.status in ('open', 'partially_paid') and o.stage not in ('cancelled', 'completed')
        order by i.id
        limit ${BATCH}
        for update of i skip locked
      )
      returning id, order_id, due_at`),
  );
}

async function reminderEmail(
  tx: Executor,
  deps: Deps,
  settings: BusinessSettings,
  invoice: ClaimedInvoice,
): Promise<OutboxMessage | null> {
  const [order] = rowsOf<ReminderOrder>(
    await tx.execute(sql`
      select id, order_number, first_name, email, payment_method, access_token from orders where id = ${invoice.order_id}`),
  );
  const allocation = (await ledger(tx, invoice.order_id)).allocations.find((a) => a.invoice.id === invoice.id);
  if (!order || !allocation) return null;
  const outstandingCents = allocation.invoice.amountCents - allocation.paidCents;
  if (outstandingCents <= 0) return null;
  const site = siteUrlOf(deps.env);
  const statusUrl = orderStatusUrl(site, order.order_number, order.access_token);
  const label = allocation.invoice.label || allocation.invoice.kind;
  const dueDay = humanDate(new Date(invoice.due_at), settings.timeZone);
  const { bodyText, bodyHtml } = composeEmail(settings.company, [
    { heading: `Order ${order.order_number}: payment reminder` },
    order.first_name.trim() ? `Hello ${order.first_name.trim()},` : "Hello,",
    `This is a friendly reminder: the payment "${label}" (${invoiceDueText(allocation.invoice)}) fell due on ${dueDay}.`,
    { strong: `Still to pay on it: ${usd(outstandingCents)}.` },
    ...paymentInstructions(
      order.payment_method,
      {
        reference: allocation.invoice.reference,
        outstandingCents,
        usdtAmountMicro: allocation.invoice.usdtAmountMicro,
      },
      deps.env,
      settings,
    ),
    "If you have paid it in the last few days, thank you: please ignore this e-mail.",
    ...followOrderBlocks(statusUrl, Boolean(order.access_token), site),
  ]);
  return {
    channel: "email",
    kind: "payment-reminder",
    recipient: order.email,
    subject: `Reminder: ${usd(outstandingCents)} due for your order ${order.order_number}`,
    bodyText,
    bodyHtml,
    entityType: "order",
    entityId: order.id,
    payload: { invoiceId: invoice.id },
  };
}

/** One pass: reminds of up to BATCH invoices; returns how many e-mails it wrote. */
export async function sendPaymentReminders(deps: Deps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const claimed = await claimDueInvoices(tx, deps.clock.now());
    if (claimed.length === 0) return 0;
    const settings = await settingsIn(tx, deps);
    const messages: OutboxMessage[] = [];
    for (const invoice of claimed) {
      const message = await reminderEmail(tx, deps, settings, invoice);
      if (message) messages.push(message);
    }
    if (messages.length > 0) await enqueue(tx, deps.env, messages);
    return messages.length;
  });
}

export const createPaymentReminderJob = (deps: Deps): Job<number> => ({
  name: "payment-reminders",
  intervalMs: 15 * 60_000,
  run: () => sendPaymentReminders(deps),
});
