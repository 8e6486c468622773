// Texts of staff (Telegram, HTML parse mode) and customer (e-mail) notifications.
// Telegram's HTML mode knows only a few tags and the entities &lt; &gt; &amp; &quot;: every value that
// comes from a visitor goes through escapeHtml, and every staff text through fitTelegram (4096 limit).
// A customer e-mail to an address typed into a public form (nobody has proven it belongs to the
// visitor) says what was received in fixed words and figures the server computed: never the visitor's
// own text (names, messages, addresses), so the shop's sender cannot carry someone else's words to a
// stranger. Such e-mails are marked (UNPROVEN_RECIPIENT for the forms' acknowledgements,
// CHECKOUT_RECIPIENT for the checkout's order confirmation) and capped by the worker, each kind in its own
// buckets (acknowledgement-cap.ts); the staff messages keep every detail.

import type { TaxLineRecord } from "@ch/db";
import { cancellationTerms, deliveryWindow, hoursSentence } from "../../contracts/business-facts";
import type { BusinessSettings } from "../../contracts/settings";
import { splitDeposit } from "../../contracts/totals";
import type { Env } from "../../env";
import { bankAccountOf, defaultSettings } from "../settings";
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

export const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

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
const usdFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usd = (cents: number) => usdFormat.format(cents / 100);

const line = (label: string, value: string | null | undefined) =>
  value ? `<b>${escapeHtml(label)}:</b> ${escapeHtml(value)}` : null;

const join = (parts: (string | null)[]) => fitTelegram(parts.filter((p) => p !== null).join("\n"));

export interface OrderForMessage {
  id: number;
  orderNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  deliveryNotes: string | null;
  paymentMethod: string;
  /** The lines' sum before the discount. */
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  /** The tax per class with its named rate ("TX sales tax (6.25 %)"), from the pricing engine. */
  taxLines?: TaxLineRecord[];
  /** What the delivery fee is for (the ZIP's distance band). */
  deliveryLabel?: string;
  totalCents: number;
  /** Percent of the total due now (the rest on delivery); the settings' when absent. */
  depositPercent?: number;
  lines: { productName: string; quantity: number; unitPriceCents: number }[];
  /** The order's invoices: their payment references and, for USDT, the exact amount each asks for. */
  invoices?: { kind: string; reference: string; amountCents: number; usdtAmountMicro: bigint | null }[];
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

/** The shop's line at the end of every customer e-mail's text part. */
export const emailFooterText = (company: BusinessSettings["company"]): string =>
  `${company.name} · ${company.phone} · ${company.email}`;

/** A customer e-mail's HTML part: simple markup with inline styles, which mail clients render alike. */
export function emailHtml(company: BusinessSettings["company"], body: string): string {
  const footer = `${escapeHtml(company.name)} · ${escapeHtml(company.phone)} · <a href="mailto:${escapeHtml(company.email)}">${escapeHtml(company.email)}</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
${body}
<p style="margin-top:24px;font-size:13px;color:#57534e">${footer}</p>
</div></body></html>`;
}

/** A plain e-mail of paragraphs (the first one the greeting), in the shop's layout: its text and HTML parts. */
export function paragraphsEmail(
  company: BusinessSettings["company"],
  greeting: string,
  paragraphs: readonly string[],
): { bodyText: string; bodyHtml: string } {
  return {
    bodyText: [greeting, "", ...paragraphs, "", emailFooterText(company)].join("\n"),
    bodyHtml: emailHtml(
      company,
      [greeting, ...paragraphs]
        .filter(Boolean)
        .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
        .join("\n"),
    ),
  };
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
): { text: string[]; html: string } {
  const amount = usd(invoice.outstandingCents);
  if (method === "usdt") {
    const wallet = env.USDT_WALLET_ADDRESS;
    const sentence =
      invoice.usdtAmountMicro !== null && wallet
        ? `Please send exactly ${usdtText(invoice.usdtAmountMicro)} USDT on the TRC20 network only to the wallet ${wallet} (${amount}). The exact amount, to the last digit, tells us which order your transfer pays: we record it automatically once the transfer confirms. Sending on any other network may lose the funds.`
        : wallet
          ? `Please send ${amount} in USDT on the TRC20 network only to the wallet ${wallet}, then enter the transaction hash on your order page so that we can record it. Sending on any other network may lose the funds.`
          : `USDT payments are unavailable at the moment: reply to this e-mail and we will arrange a bank transfer of ${amount}.`;
    return { text: [sentence], html: `<p>${escapeHtml(sentence)}</p>` };
  }
  const bank = bankAccountOf(settings);
  const reference = `Give the reference ${invoice.reference} with your transfer: it is how we match your payment to your order, and we e-mail you once it is recorded.`;
  if (!bank) {
    const sentence = `Pay ${amount} by bank transfer. We will e-mail you our bank details. ${reference}`;
    return { text: [sentence], html: `<p>${escapeHtml(sentence)}</p>` };
  }
  const rows: [string, string][] = [
    ["Bank", bank.bankName],
    ["Account name", bank.accountName],
    ["Routing number (ABA)", bank.routingNumber],
    ["Account number", bank.accountNumber],
    ["Reference", invoice.reference],
  ];
  return {
    text: [`Transfer ${amount} to:`, ...rows.map(([label, value]) => `${label}: ${value}`), reference],
    html: `<p>Transfer <strong>${escapeHtml(amount)}</strong> to:</p>
<table role="presentation" style="border-collapse:collapse">
${rows.map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#57534e">${escapeHtml(label)}</td><td style="padding:2px 0"><strong>${escapeHtml(value)}</strong></td></tr>`).join("\n")}
</table>
<p>${escapeHtml(reference)}</p>`,
  };
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
  const terms = [
    `Delivery: ${deliveryWindow(settings)}.`,
    cancellation.window ?? cancellation.beforeProduction,
    `Our terms: ${site}/terms-of-service`,
  ];
  const amount = (cents: number) => usd(cents);
  const discountCents = order.discountCents;
  const text = [
    "Thank you for your order!",
    "",
    `Order number: ${order.orderNumber}`,
    "",
    ...order.lines.map((l) => `${l.productName} × ${l.quantity}: ${amount(l.unitPriceCents * l.quantity)}`),
    "",
    `Subtotal: ${amount(order.subtotalCents)}`,
    ...(discountCents > 0 ? [`Discount: −${amount(discountCents)}`] : []),
    `${deliveryLabel}: ${amount(order.shippingCents)}`,
    ...taxes.map((t) => `${t.label}: ${amount(t.cents)}`),
    `Total: ${amount(order.totalCents)}`,
    `Due now (${deposit.depositPercent}% deposit): ${amount(deposit.depositCents)}`,
    `Balance due on delivery: ${amount(deposit.balanceCents)}`,
    "",
    `Payment by ${paymentLabel(order.paymentMethod)}:`,
    ...pay.text,
    "",
    `Follow your order: ${statusUrl}`,
    ...(options.accessToken ? [] : ["(look it up with your order number and this e-mail address)"]),
    "",
    ...terms,
    "",
    emailFooterText(company),
  ].join("\n");
  const cell = 'style="padding:4px 0"';
  const right = 'style="padding:4px 0;text-align:right;white-space:nowrap"';
  const row = (label: string, value: string, strong = false) =>
    strong
      ? `<tr><td ${cell}><strong>${label}</strong></td><td ${right}><strong>${value}</strong></td></tr>`
      : `<tr><td ${cell}>${label}</td><td ${right}>${value}</td></tr>`;
  const html = emailHtml(
    company,
    `<h1 style="font-size:20px;margin:0 0 12px">Thank you for your order!</h1>
<p><strong>Order number:</strong> ${escapeHtml(order.orderNumber)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse">
${order.lines.map((l) => row(`${escapeHtml(l.productName)} × ${l.quantity}`, amount(l.unitPriceCents * l.quantity))).join("\n")}
${row("Subtotal", amount(order.subtotalCents))}
${discountCents > 0 ? row("Discount", `−${amount(discountCents)}`) : ""}
${row(escapeHtml(deliveryLabel), amount(order.shippingCents))}
${taxes.map((t) => row(escapeHtml(t.label), amount(t.cents))).join("\n")}
${row("Total", amount(order.totalCents), true)}
${row(`Due now (${deposit.depositPercent}% deposit)`, amount(deposit.depositCents), true)}
${row("Balance due on delivery", amount(deposit.balanceCents))}
</table>
<h2 style="font-size:16px;margin:16px 0 4px">Payment by ${escapeHtml(paymentLabel(order.paymentMethod))}</h2>
${pay.html}
<p><a href="${escapeHtml(statusUrl)}">Follow your order</a>${options.accessToken ? "" : " (look it up with your order number and this e-mail address)"}</p>
<p style="font-size:13px;color:#57534e">${escapeHtml(terms[0]!)} ${escapeHtml(terms[1]!)} <a href="${escapeHtml(`${site}/terms-of-service`)}">Our terms</a></p>`,
  );
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
    const text = [
      "Hello,",
      "",
      `${ack.thanks} A member of our team will get back to you within 24 hours (our hours: ${hours}).`,
      ...(ack.figures ? ["", "Your figures:", ack.figures] : []),
      "",
      `If you need us sooner, call ${company.phone} or reply to ${company.email}.`,
      "",
      emailFooterText(company),
    ].join("\n");
    const html = emailHtml(
      company,
      `<p>Hello,</p>
<p>${escapeHtml(ack.thanks)} A member of our team will get back to you within 24 hours (our hours: ${escapeHtml(hours)}).</p>
${ack.figures ? `<p><strong>Your figures:</strong><br>${escapeHtml(ack.figures)}</p>` : ""}
<p>If you need us sooner, call ${escapeHtml(company.phone)} or reply to ${escapeHtml(company.email)}.</p>`,
    );
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
