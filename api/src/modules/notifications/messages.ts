// Texts of staff (Telegram, HTML parse mode) and customer (e-mail) notifications.
import type { Env } from "../../env";
import type { OutboxMessage } from "./outbox";

export const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const usd = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

const line = (label: string, value: string | null | undefined) =>
  value ? `<b>${escapeHtml(label)}:</b> ${escapeHtml(value)}` : null;

const join = (parts: (string | null)[]) => parts.filter((p) => p !== null).join("\n");

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
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  lines: { productName: string; quantity: number; unitPriceCents: number }[];
}

const paymentLabel = (method: string) => (method === "usdt" ? "USDT (TRC20)" : "Bank transfer");

export function orderMessages(order: OrderForMessage, env: Env): OutboxMessage[] {
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
    line("Total", usd(order.totalCents)),
  ]);
  const statusUrl = `${env.PUBLIC_SITE_URL ?? env.storefrontOrigin}/order-status?order=${encodeURIComponent(order.orderNumber)}`;
  const instructions =
    order.paymentMethod === "usdt"
      ? `Please send ${usd(order.totalCents)} in USDT on the TRC20 network only to ${env.USDT_WALLET_ADDRESS}. Sending on any other network may lose the funds. After paying, e-mail your receipt to ${env.COMPANY_EMAIL}.`
      : `A member of our team will e-mail you our bank details within 1 business hour. After paying, e-mail your receipt to ${env.COMPANY_EMAIL}.`;
  const textLines = [
    `Thank you for your order, ${order.firstName}!`,
    "",
    `Order number: ${order.orderNumber}`,
    "",
    ...order.lines.map((l) => `${l.productName} x ${l.quantity} — ${usd(l.unitPriceCents * l.quantity)}`),
    "",
    `Subtotal: ${usd(order.subtotalCents)}`,
    `Tax (8%): ${usd(order.taxCents)}`,
    `Shipping & delivery: ${usd(order.shippingCents)}`,
    `Total: ${usd(order.totalCents)}`,
    "",
    `Payment (${paymentLabel(order.paymentMethod)}): ${instructions}`,
    "",
    `Follow your order: ${statusUrl}`,
    "",
    `${env.COMPANY_NAME} · ${env.COMPANY_PHONE} · ${env.COMPANY_EMAIL}`,
  ];
  const html = `<p>Thank you for your order, ${escapeHtml(order.firstName)}!</p>
<p><strong>Order number:</strong> ${escapeHtml(order.orderNumber)}</p>
<table>${order.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.productName)} × ${l.quantity}</td><td>${usd(l.unitPriceCents * l.quantity)}</td></tr>`,
    )
    .join("")}
<tr><td>Subtotal</td><td>${usd(order.subtotalCents)}</td></tr>
<tr><td>Tax (8%)</td><td>${usd(order.taxCents)}</td></tr>
<tr><td>Shipping &amp; delivery</td><td>${usd(order.shippingCents)}</td></tr>
<tr><td><strong>Total</strong></td><td><strong>${usd(order.totalCents)}</strong></td></tr></table>
<p><strong>Payment (${paymentLabel(order.paymentMethod)}):</strong> ${escapeHtml(instructions)}</p>
<p><a href="${escapeHtml(statusUrl)}">Follow your order</a></p>
<p>${escapeHtml(env.COMPANY_NAME)} · ${escapeHtml(env.COMPANY_PHONE)} · ${escapeHtml(env.COMPANY_EMAIL)}</p>`;
  return [
    { channel: "telegram", kind: "order", bodyText: staff, entityType: "order", entityId: order.id },
    {
      channel: "email",
      kind: "order-confirmation",
      recipient: order.email,
      subject: `Your order ${order.orderNumber}`,
      bodyText: textLines.join("\n"),
      bodyHtml: html,
      entityType: "order",
      entityId: order.id,
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
}

const sourceLabel: Record<string, string> = {
  "contact-form": "Contact form",
  "contact-page": "Contact page",
  "quote-request": "Quote request",
  "call-request": "Call request",
  roi: "ROI calculator",
  chat: "Chat",
};

export function enquiryMessages(enquiry: EnquiryForMessage, env: Env): OutboxMessage[] {
  const label = sourceLabel[enquiry.source] ?? enquiry.source;
  const staff = join([
    `📩 <b>${escapeHtml(label)}</b>`,
    line("Name", `${enquiry.firstName} ${enquiry.lastName}`.trim()),
    line("Email", enquiry.email),
    line("Phone", enquiry.phone),
    line("Product", enquiry.productName),
    line("Project type", enquiry.projectType),
    line("Budget", enquiry.budget),
    line("Preferred time", enquiry.preferredTime),
    line("Message", enquiry.message),
  ]);
  const messages: OutboxMessage[] = [
    { channel: "telegram", kind: "enquiry", bodyText: staff, entityType: "enquiry", entityId: enquiry.id },
  ];
  if (enquiry.email) {
    const what =
      enquiry.source === "call-request"
        ? "call request"
        : enquiry.source === "quote-request"
          ? "quote request"
          : "message";
    const text = [
      `Hello ${enquiry.firstName || "there"},`,
      "",
      `Thank you for your ${what}. A member of our team will get back to you within 24 hours (Monday to Friday 8:00 AM to 6:00 PM, Saturday 9:00 AM to 4:00 PM).`,
      ...(enquiry.message ? ["", "Your message:", enquiry.message] : []),
      "",
      `${env.COMPANY_NAME} · ${env.COMPANY_PHONE} · ${env.COMPANY_EMAIL}`,
    ].join("\n");
    messages.push({
      channel: "email",
      kind: "enquiry-acknowledgement",
      recipient: enquiry.email,
      subject: `We received your ${what}`,
      bodyText: text,
      bodyHtml: text
        .split("\n\n")
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
        .join("\n"),
      entityType: "enquiry",
      entityId: enquiry.id,
    });
  }
  return messages;
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
  ipAddress: string;
  referrer: string | null;
}): OutboxMessage {
  return {
    channel: "telegram",
    kind: "new-visitor",
    bodyText: join([
      "👀 <b>New visitor</b>",
      line("Page", visit.path),
      line("Device", `${visit.deviceType} · ${visit.browser}`),
      line("IP", visit.ipAddress),
      line("From", visit.referrer ?? "Direct"),
    ]),
    entityType: "visit",
    entityId: visit.id,
  };
}
