// The one layout of every e-mail the product sends (customers and staff): a template says what the e-mail
// holds as blocks, and composeEmail makes its text part and its HTML part from them, with the shop's
// footer. No template writes HTML of its own.
import type { BusinessSettings } from "@ch/contracts/settings";
import { escapeHtml } from "../../lib/html";

type Company = BusinessSettings["company"];

export { escapeHtml };

export type EmailBlock =
  /** A paragraph (an empty string is left out). */
  | string
  | { heading: string }
  /** A paragraph in bold. */
  | { strong: string }
  /** A paragraph with a `lead` in bold before the rest. */
  | { lead: string; text: string }
  /** A link: in the text part `text` then the address on its own line; in HTML `label` linked, then `after`. */
  | { href: string; label: string; text: string; after?: string }
  | { subheading: string }
  /** Label and value rows (figures, bank details): "label: value" lines in text. */
  | { table: readonly (readonly [label: string, value: string, strong?: boolean])[]; compact?: boolean }
  /** Small print, with an optional link after it. */
  | { small: string; link?: { href: string; label: string } };

/** The customer's portal, linked from the order and proposal e-mails (sign-in by a link to the same address). */
export const portalBlock = (site: string): EmailBlock => ({
  href: `${site}/portal`,
  label: "All your projects",
  text: "All your projects, proposals and payments in one place (sign in with this e-mail address):",
});

/**
 * An order e-mail's links: the order's own page (with its access token, else its look-up by number and
 * e-mail), then the portal.
 */
/** The customer's order page: with the order's access token it opens at once, else it asks for the e-mail. */
export const orderStatusUrl = (site: string, orderNumber: string, accessToken: string | null) =>
  accessToken
    ? `${site}/order-status?order=${encodeURIComponent(orderNumber)}&t=${encodeURIComponent(accessToken)}`
    : `${site}/order-status?order=${encodeURIComponent(orderNumber)}`;

export function followOrderBlocks(statusUrl: string, hasToken: boolean, site: string): EmailBlock[] {
  const lookUp = " (look it up with your order number and this e-mail address)";
  return [
    {
      href: statusUrl,
      label: "Follow your order",
      text: `Follow your order${hasToken ? "" : lookUp}:`,
      ...(hasToken ? {} : { after: lookUp }),
    },
    portalBlock(site),
  ];
}

/** The shop's line at the end of every e-mail's text part. */
export const emailFooterText = (company: Company): string => `${company.name} · ${company.phone} · ${company.email}`;

/** The HTML part around a body: simple markup with inline styles, which mail clients render alike. */
function emailHtml(company: Company, body: string): string {
  const footer = `${escapeHtml(company.name)} · ${escapeHtml(company.phone)} · <a href="mailto:${escapeHtml(company.email)}">${escapeHtml(company.email)}</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
${body}
<p style="margin-top:24px;font-size:13px;color:#57534e">${footer}</p>
</div></body></html>`;
}

function blockText(block: EmailBlock): string[] {
  if (typeof block === "string") return [block];
  // in plain text a heading is the first sentence: it ends as one
  if ("heading" in block) return [/[.!?:]$/.test(block.heading) ? block.heading : `${block.heading}.`];
  if ("strong" in block) return [block.strong];
  if ("lead" in block) return [`${block.lead} ${block.text}`];
  if ("href" in block) return [block.text, block.href];
  if ("subheading" in block) return [`${block.subheading}:`];
  if ("table" in block) return block.table.map(([label, value]) => `${label}: ${value}`);
  return [block.link ? `${block.small} ${block.link.label}: ${block.link.href}` : block.small];
}

function blockHtml(block: EmailBlock): string {
  if (typeof block === "string") return `<p>${escapeHtml(block)}</p>`;
  if ("heading" in block) return `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(block.heading)}</h1>`;
  if ("strong" in block) return `<p><strong>${escapeHtml(block.strong)}</strong></p>`;
  if ("lead" in block) return `<p><strong>${escapeHtml(block.lead)}</strong> ${escapeHtml(block.text)}</p>`;
  if ("href" in block) {
    return `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a>${block.after ? escapeHtml(block.after) : ""}</p>`;
  }
  if ("subheading" in block) return `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(block.subheading)}</h2>`;
  if ("table" in block) return tableHtml(block.table, block.compact ?? false);
  const link = block.link ? ` <a href="${escapeHtml(block.link.href)}">${escapeHtml(block.link.label)}</a>` : "";
  return `<p style="font-size:13px;color:#57534e">${escapeHtml(block.small)}${link}</p>`;
}

function tableHtml(rows: readonly (readonly [string, string, boolean?])[], compact: boolean): string {
  const cell = compact ? 'style="padding:2px 12px 2px 0;color:#57534e"' : 'style="padding:4px 0"';
  const right = compact ? 'style="padding:2px 0"' : 'style="padding:4px 0;text-align:right;white-space:nowrap"';
  const strong = (text: string, on: boolean | undefined) =>
    on ? `<strong>${escapeHtml(text)}</strong>` : escapeHtml(text);
  const body = rows
    .map(
      ([label, value, bold]) =>
        `<tr><td ${cell}>${strong(label, bold)}</td><td ${right}>${strong(value, bold || compact)}</td></tr>`,
    )
    .join("\n");
  return `<table role="presentation" style="${compact ? "" : "width:100%;"}border-collapse:collapse">\n${body}\n</table>`;
}

/** An e-mail's text and HTML parts from its blocks, in the shop's layout (blank lines between blocks in text). */
export function composeEmail(company: Company, blocks: readonly EmailBlock[]): { bodyText: string; bodyHtml: string } {
  const shown = blocks.filter((b) => b !== "");
  return {
    bodyText: [...shown.map((b) => blockText(b).join("\n")), emailFooterText(company)].reduce(
      // a block that ends with a colon leads into the next one: no blank line between them
      (text, part) => (text === "" ? part : `${text}${text.endsWith(":") ? "\n" : "\n\n"}${part}`),
      "",
    ),
    bodyHtml: emailHtml(company, shown.map(blockHtml).join("\n")),
  };
}

/** A plain e-mail of paragraphs, the first one the greeting. */
export function paragraphsEmail(company: Company, greeting: string, paragraphs: readonly string[]) {
  return composeEmail(company, [greeting, ...paragraphs]);
}
