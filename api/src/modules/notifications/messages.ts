// Texts of staff (Telegram, HTML parse mode) and customer (e-mail) notifications.
// Telegram's HTML mode knows only a few tags and the entities &lt; &gt; &amp; &quot;: every value that
// comes from a visitor goes through escapeHtml, and every staff text through fitTelegram (4096 limit).
// A customer e-mail to an address typed into a public form (nobody has proven it belongs to the
// visitor) says what was received in fixed words and figures the server computed: never the visitor's
// own text (names, messages, addresses), so the shop's sender cannot carry someone else's words to a
// stranger. Such e-mails are marked (UNPROVEN_RECIPIENT for the forms' acknowledgements,
// CHECKOUT_RECIPIENT for the checkout's order confirmation) and capped by the worker, each kind in its own
// buckets (acknowledgement-cap.ts); the staff messages keep every detail.

import { cancellationTerms, deliveryWindow, hoursSentence } from "@ch/contracts/business-facts";
import type { BusinessSettings } from "@ch/contracts/settings";
import { MILESTONE_DUE_LABELS, type MilestoneDue, splitDeposit } from "@ch/contracts/totals";
import type { schema, TaxLineRecord } from "@ch/db";
import type { Env } from "../../env";
import { bankAccountOf, defaultSettings } from "../settings";
import { composeEmail, type EmailBlock, escapeHtml, followOrderBlocks } from "./email-layout";

export { escapeHtml };

import { usd } from "../../lib/usd";
import type { OutboxMessage } from "./outbox";

/**
 * The payload that marks an anonymous form's acknowledgement (contact, quote, call, ROI) to the address
 * typed into it: capped by the worker per mailbox and over the whole shop.
 */
export const UNPROVEN_RECIPIENT = { acknowledgement: "unproven-recipient" } as const;

/**
 * The payload that marks the checkout's order confirmation to the address the buyer typed: mail about
 * the customer's own order, capped per mailbox in a bucket of its own that form traffic cannot fill.
 */
export const CHECKOUT_RECIPIENT = { acknowledgement: "checkout" } as const;

/** Telegram refuses a text longer than 4096 characters (counted in UTF-16 units after entity parsing). */
export const TELEGRAM_TEXT_LIMIT = 4096;
const ELLIPSIS = "\n… (truncated)";

/**
 * Cuts an HTML parse-mode text to Telegram's limit without splitting a tag, an entity or a surrogate
 * pair, and closes the tags left open. The raw length is measured, which is never less than what
 * Telegram counts, so the result is always accepted.
 */
export function fitTelegram(html: string, limit = TELEGRAM_TEXT_LIMIT): string {
  if (html.length <= limit) return html;
  const token = /<\/?([a-z]+)[^>]*>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);|[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/giy;
  const open: string[] = [];
  let out = "";
  const closing = () =>
    open
      .map((tag) => `</${tag}>`)
      .reverse()
      .join("");
  for (let match = token.exec(html); match; match = token.exec(html)) {
    const piece = match[0];
    const tag = match[1]?.toLowerCase();
    const nextOpen = tag && !piece.startsWith("</") ? [...open, tag] : open;
    const reserve = nextOpen.reduce((n, t) => n + t.length + 3, 0) + ELLIPSIS.length;
    if (out.length + piece.length + reserve > limit) break;
    out += piece;
    if (tag) {
      if (piece.startsWith("</")) {
        const at = open.lastIndexOf(tag);
        if (at >= 0) open.splice(at, 1);
      } else {
        open.push(tag);
      }
    }
  }
  return `${out}${closing()}${ELLIPSIS}`;
}

/** The plain text of a Telegram HTML text, for screens that show it (the back office). */
export function telegramPlainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&");
}

// One formatter for every message: building an Intl.NumberFormat costs more than the whole order insert.
const line = (label: string, value: string | null | undefined) =>
  value ? `<b>${escapeHtml(label)}:</b> ${escapeHtml(value)}` : null;

const join = (parts: (string | null)[]) => fitTelegram(parts.filter((p) => p !== null).join("\n"));

/** The order's own columns a message tells; subtotalCents is the lines' sum before the discount. */
type OrderRecordForMessage = Pick<
  typeof schema.orders.$inferSelect,
  | "id"
  | "orderNumber"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "address"
  | "city"
  | "state"
  | "zipCode"
  | "deliveryNotes"
  | "paymentMethod"
  | "subtotalCents"
  | "discountCents"
  | "taxCents"
  | "shippingCents"
>;

export interface OrderForMessage extends OrderRecordForMessage {
  /** The tax per class with its named rate ("TX sales tax (6.25 %)"), from the pricing engine. */
  taxLines?: TaxLineRecord[];
  /** What the delivery fee is for (the ZIP's distance band). */
  deliveryLabel?: string;
  totalCents: number;
  /** Percent of the total due now (the rest on delivery); the settings' when absent. */
  depositPercent?: number;
  lines: { productName: string; quantity: number; unitPriceCents: number }[];
  /** The order's invoices: their payment references and, for USDT, the exact amount each asks for. */
  invoices?: {
    kind: string;
    reference: string;
    amountCents: number;
    usdtAmountMicro: bigint | null;
    label?: string;
    dueOn?: string;
  }[];
}

/** "21558.004217" (the exact USDT amount of an invoice, six decimals). */
const usdtText = (micro: bigint) => `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, "0")}`;

const paymentLabel = (method: string) => (method === "usdt" ? "USDT (TRC20 network)" : "bank transfer");

/** The order's tax rows: one per taxed class, named by its rate; one "Sales tax" row when none is. */
function taxRows(order: Pick<OrderForMessage, "taxCents" | "taxLines">): { label: string; cents: number }[] {
  const taxed = (order.taxLines ?? []).filter((t) => t.taxCents > 0);
  return taxed.length > 0
    ? taxed.map((t) => ({ label: t.label, cents: t.taxCents }))
    : [{ label: "Sales tax", cents: order.taxCents }];
}

/** What the customer is to pay next: one invoice's reference, what it still asks and, for USDT, its exact amount. */
export interface InvoiceToPay {
  reference: string;
  outstandingCents: number;
  usdtAmountMicro: bigint | null;
}

/**
 * How to pay an invoice, as text lines and HTML, per method: USDT (the exact amount to the wallet, which
 * the shop records by itself once the transfer confirms) or bank transfer (the account from the settings
 * and the invoice's reference, which staff match; while the owner has not given the account, the
 * customer is told the details follow by e-mail). One wording for the order e-mail and the stage e-mails.
 */
export function paymentInstructions(
  method: string,
  invoice: InvoiceToPay,
  env: Pick<Env, "USDT_WALLET_ADDRESS">,
  settings: Pick<BusinessSettings, "bankTransfer">,
): EmailBlock[] {
  const amount = usd(invoice.outstandingCents);
  if (method === "usdt") {
    const wallet = env.USDT_WALLET_ADDRESS;
    const sentence =
      invoice.usdtAmountMicro !== null && wallet
        ? `Please send exactly ${usdtText(invoice.usdtAmountMicro)} USDT on the TRC20 network only to the wallet ${wallet} (${amount}). The exact amount, to the last digit, tells us which order your transfer pays: we record it automatically once the transfer confirms. Sending on any other network may lose the funds.`
        : wallet
          ? `Please send ${amount} in USDT on the TRC20 network only to the wallet ${wallet}, then enter the transaction hash on your order page so that we can record it. Sending on any other network may lose the funds.`
          : `USDT payments are unavailable at the moment: reply to this e-mail and we will arrange a bank transfer of ${amount}.`;
    return [sentence];
  }
  const bank = bankAccountOf(settings);
  const reference = `Give the reference ${invoice.reference} with your transfer: it is how we match your payment to your order, and we e-mail you once it is recorded.`;
  if (!bank) return [`Pay ${amount} by bank transfer. We will e-mail you our bank details. ${reference}`];
  return [
    { lead: `Transfer ${amount}`, text: "to:" },
    {
      compact: true,
      table: [
        ["Bank", bank.bankName],
        ["Account name", bank.accountName],
        ["Routing number (ABA)", bank.routingNumber],
        ["Account number", bank.accountNumber],
        ["Reference", invoice.reference],
      ],
    },
    reference,
  ];
}

/**
 * The texts of a new order; the business details and deposit come from the settings (`defaultSettings`
 * in tests). The customer's e-mail names no one and no address: the order number, the catalog's product
 * names and the server's figures only. It is marked CHECKOUT_RECIPIENT (its own per-mailbox cap, never
 * the forms'); `recipientProven` (staff typed the address, as for a proposal) leaves it out of every cap.
 */
export function orderMessages(
  order: OrderForMessage,
  env: Env,
  settings: BusinessSettings = defaultSettings(env),
  options: { recipientProven?: boolean; accessToken?: string } = {},
): OutboxMessage[] {
  const { company } = settings;
  // the ledger's invoices when the order has them (the deposit, then the balance); else the settings' split
  const split = splitDeposit(order.totalCents, order.depositPercent ?? settings.depositPercent);
  const depositInvoice = order.invoices?.find((i) => i.kind === "deposit");
  const balanceInvoice = order.invoices?.find((i) => i.kind === "balance");
  const deposit = {
    depositPercent: split.depositPercent,
    depositCents: depositInvoice?.amountCents ?? split.depositCents,
    balanceCents: order.invoices?.length ? (balanceInvoice?.amountCents ?? 0) : split.balanceCents,
  };
  const taxes = taxRows(order);
  const deliveryLabel = order.deliveryLabel ? `Delivery (${order.deliveryLabel})` : "Shipping & delivery";
  const items = order.lines.map((l) => `• ${l.productName} × ${l.quantity} @ ${usd(l.unitPriceCents)}`);
  const staff = join([
    `🛒 <b>New order ${escapeHtml(order.orderNumber)}</b>`,
    line("Customer", `${order.firstName} ${order.lastName}`),
    line("Email", order.email),
    line("Phone", order.phone),
    line("Deliver to", `${order.address}, ${order.city}, ${order.state} ${order.zipCode}`),
    line("Notes", order.deliveryNotes),
    line("Payment", paymentLabel(order.paymentMethod)),
    escapeHtml(items.join("\n")),
    line("Total", `${usd(order.totalCents)} (incl. tax ${usd(order.taxCents)}, delivery ${usd(order.shippingCents)})`),
    line(
      "Due now",
      `${usd(deposit.depositCents)} (${deposit.depositPercent}% deposit), balance ${usd(deposit.balanceCents)}`,
    ),
  ]);
  const site = env.PUBLIC_SITE_URL ?? env.storefrontOrigin;
  // the customer's own link (the order's access token), else the look-up by number and e-mail
  const statusUrl = options.accessToken
    ? `${site}/order-confirmation?order=${encodeURIComponent(order.orderNumber)}&t=${encodeURIComponent(options.accessToken)}`
    : `${site}/order-status?order=${encodeURIComponent(order.orderNumber)}`;
  // what is due now is the ledger's first invoice (the deposit), with its reference
  const first = depositInvoice ?? order.invoices?.[0];
  const pay = paymentInstructions(
    order.paymentMethod,
    first
      ? { reference: first.reference, outstandingCents: first.amountCents, usdtAmountMicro: first.usdtAmountMicro }
      : { reference: order.orderNumber, outstandingCents: deposit.depositCents, usdtAmountMicro: null },
    env,
    settings,
  );
  const cancellation = cancellationTerms(settings.cancellation);
  const terms = [`Delivery: ${deliveryWindow(settings)}.`, cancellation.window ?? cancellation.beforeProduction];
  const discountCents = order.discountCents;
  const { bodyText: text, bodyHtml: html } = composeEmail(company, [
    { heading: "Thank you for your order!" },
    { lead: "Order number:", text: order.orderNumber },
    {
      table: [
        ...order.lines.map((l) => [`${l.productName} × ${l.quantity}`, usd(l.unitPriceCents * l.quantity)] as const),
        ["Subtotal", usd(order.subtotalCents)],
        ...(discountCents > 0 ? [["Discount", `−${usd(discountCents)}`] as const] : []),
        [deliveryLabel, usd(order.shippingCents)],
        ...taxes.map((t) => [t.label, usd(t.cents)] as const),
        ["Total", usd(order.totalCents), true],
        [`Due now (${deposit.depositPercent}% deposit)`, usd(deposit.depositCents), true],
        ...laterPayments(order, deposit.balanceCents),
      ],
    },
    { subheading: `Payment by ${paymentLabel(order.paymentMethod)}` },
    ...pay,
    ...followOrderBlocks(statusUrl, Boolean(options.accessToken), site),
    { small: `${terms[0]} ${terms[1]}`, link: { href: `${site}/terms-of-service`, label: "Our terms" } },
  ]);
  return [
    { channel: "telegram", kind: "order", bodyText: staff, entityType: "order", entityId: order.id },
    {
      channel: "email",
      kind: "order-confirmation",
      recipient: order.email,
      subject: `Your order ${order.orderNumber}`,
      bodyText: text,
      bodyHtml: html,
      entityType: "order",
      entityId: order.id,
      ...(options.recipientProven ? {} : { payload: CHECKOUT_RECIPIENT }),
    },
  ];
}

/** The payments after the deposit: the balance on delivery, or each milestone of the order's schedule. */
function laterPayments(order: OrderForMessage, balanceCents: number): (readonly [string, string])[] {
  const later = (order.invoices ?? []).filter((i) => i.kind !== "deposit");
  if (!later.some((i) => i.kind === "milestone")) return [["Balance due on delivery", usd(balanceCents)]];
  return later.map(
    (i) =>
      [
        `${i.label ?? i.kind}, due ${MILESTONE_DUE_LABELS[i.dueOn as MilestoneDue] ?? "later"}`,
        usd(i.amountCents),
      ] as const,
  );
}

export interface EnquiryForMessage {
  id: number;
  source: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  projectType: string | null;
  budget: string | null;
  message: string | null;
  preferredTime: string | null;
  productName?: string | null;
  deliveryZip?: string | null;
  deliveryState?: string | null;
}

const sourceLabel: Record<string, string> = {
  "contact-form": "Contact form",
  "contact-page": "Contact page",
  "quote-request": "Quote request",
  "call-request": "Call request",
  roi: "ROI calculator",
  chat: "Chat",
};

export function enquiryMessages(
  enquiry: EnquiryForMessage,
  env: Env,
  settings: BusinessSettings = defaultSettings(env),
): OutboxMessage[] {
  const { company } = settings;
  const hours = hoursSentence(settings);
  const label = sourceLabel[enquiry.source] ?? enquiry.source;
  const staff = join([
    `📩 <b>${escapeHtml(label)}</b>`,
    line("Name", `${enquiry.firstName} ${enquiry.lastName}`.trim()),
    line("Email", enquiry.email),
    line("Phone", enquiry.phone),
    line("Product", enquiry.productName),
    line("Project type", enquiry.projectType),
    line("Budget", enquiry.budget),
    line("Delivery to", [enquiry.deliveryZip, enquiry.deliveryState].filter(Boolean).join(", ") || null),
    line("Preferred time", enquiry.preferredTime),
    line("Message", enquiry.message),
  ]);
  const messages: OutboxMessage[] = [
    { channel: "telegram", kind: "enquiry", bodyText: staff, entityType: "enquiry", entityId: enquiry.id },
  ];
  if (enquiry.email) {
    // fixed words only: the visitor's name, message and preferred time stay with the staff message
    const ack = acknowledgement(enquiry);
    const { bodyText: text, bodyHtml: html } = composeEmail(company, [
      "Hello,",
      `${ack.thanks} A member of our team will get back to you within 24 hours (our hours: ${hours}).`,
      ...(ack.figures ? [{ lead: "Your figures:", text: ack.figures }] : []),
      `If you need us sooner, call ${company.phone} or reply to ${company.email}.`,
    ]);
    messages.push({
      channel: "email",
      kind: "enquiry-acknowledgement",
      recipient: enquiry.email,
      subject: ack.subject,
      bodyText: text,
      bodyHtml: html,
      entityType: "enquiry",
      entityId: enquiry.id,
      payload: UNPROVEN_RECIPIENT,
    });
  }
  return messages;
}

/** "the Abilene", but "The Abilene" as it is: a catalog name that already starts with its article. */
export const withArticle = (name: string): string =>
  /^(the|a|an)\s/i.test(name.trim()) ? name.trim() : `the ${name.trim()}`;

/**
 * The subject and thanks of an acknowledgement. Only the product's name (from the catalog) and, for the
 * ROI calculator, the figures the server computed (saveRoi writes that message from numbers alone) are
 * quoted.
 */
function acknowledgement(enquiry: EnquiryForMessage): { subject: string; thanks: string; figures: string | null } {
  switch (enquiry.source) {
    case "call-request":
      return { subject: "We received your call request", thanks: "Thank you for your call request.", figures: null };
    case "quote-request":
      return {
        subject: "We received your quote request",
        thanks: `Thank you for your quote request${enquiry.productName ? ` for ${withArticle(enquiry.productName)}` : ""}.`,
        figures: null,
      };
    case "roi":
      return {
        subject: "Your ROI calculation",
        thanks: "Thank you for using our ROI calculator.",
        figures: enquiry.message,
      };
    default:
      return { subject: "We received your message", thanks: "Thank you for your message.", figures: null };
  }
}

export function chatForwardMessage(forward: {
  id: number;
  message: string;
  currentPage: string;
  device: string;
  browser: string;
}): OutboxMessage {
  return {
    channel: "telegram",
    kind: "chat-forward",
    bodyText: join([
      "💬 <b>Chat message from the website</b>",
      escapeHtml(forward.message),
      line("Page", forward.currentPage),
      line("Device", `${forward.device} · ${forward.browser}`),
    ]),
    entityType: "chat_forward",
    entityId: forward.id,
  };
}

export function newVisitorMessage(visit: {
  id: number;
  path: string;
  deviceType: string;
  browser: string;
  referrer: string | null;
}): OutboxMessage {
  return {
    channel: "telegram",
    kind: "new-visitor",
    bodyText: join([
      "👀 <b>New visitor</b>",
      line("Page", visit.path),
      line("Device", `${visit.deviceType} · ${visit.browser}`),
      line("From", visit.referrer ?? "Direct"),
    ]),
    entityType: "visit",
    entityId: visit.id,
  };
}
