// Caps the e-mails the shop sends to addresses typed into public pages, which nobody has proven belong
// to the visitor, counted in rate_limits (one count for every process). Two kinds, in separate buckets:
// - the acknowledgements of the anonymous forms (contact, quote, call, ROI): a few a day to one mailbox
//   and a number an hour over the whole shop;
// - the checkout's order confirmation (the order number, the amount to send and where): a bucket of its
//   own per mailbox, and never the forms' caps. It is mail about the customer's own order, so form traffic
//   must not be able to spend it (issue 22, hole 3: 60 contact forms used up the shop-wide hour and a real
//   USDT order got no confirmation). It keeps a per-mailbox cap because the checkout is a public form too:
//   without one, orders typed with a stranger's address would mail-bomb that stranger. The bucket is
//   generous (a real customer rarely orders ten times a day) and only checkouts fill it; beyond it the
//   order is stored, the staff were told, and the order's page shows the payment details.
// E-mails to addresses staff typed or that belong to an order already placed (proposals, payments,
// stages) carry no marker and are never counted. Beyond a cap the e-mail is not sent: the form has
// already succeeded; the outbox row is settled "failed" with the reason, so the back office shows why.
import { domainToASCII } from "node:url";
import type { Executor } from "@ch/db";
import { queryRows } from "../../lib/prepared";
import { type RateRule, rateLimitHit, rateLimitUpsertSql } from "../../lib/rate-limit";
import { CHECKOUT_RECIPIENT, UNPROVEN_RECIPIENT } from "./messages";

export interface AcknowledgementCaps {
  /** Form acknowledgements to one mailbox. */
  perRecipient: RateRule;
  /** Form acknowledgements over the whole shop. */
  overall: RateRule;
  /** Checkout order confirmations to one mailbox (a bucket of their own: forms do not fill it). */
  checkoutPerRecipient: RateRule;
}

/** The real sizes; scaled by PUBLIC_RATE_LIMIT_SCALE like the public write limits (tests and benches raise them). */
export const ACKNOWLEDGEMENT_CAPS: AcknowledgementCaps = {
  perRecipient: { limit: 3, windowSeconds: 86_400 },
  overall: { limit: 60, windowSeconds: 3_600 },
  checkoutPerRecipient: { limit: 10, windowSeconds: 86_400 },
};

export function acknowledgementCapsFromEnv(env: { PUBLIC_RATE_LIMIT_SCALE: number }): AcknowledgementCaps {
  const scale = (rule: RateRule) => ({
    limit: Math.max(1, Math.round(rule.limit * env.PUBLIC_RATE_LIMIT_SCALE)),
    windowSeconds: rule.windowSeconds,
  });
  return {
    perRecipient: scale(ACKNOWLEDGEMENT_CAPS.perRecipient),
    overall: scale(ACKNOWLEDGEMENT_CAPS.overall),
    checkoutPerRecipient: scale(ACKNOWLEDGEMENT_CAPS.checkoutPerRecipient),
  };
}

/** Which cap an outbox row counts against: a form's acknowledgement, a checkout confirmation, or none. */
export type AcknowledgementBucket = "form" | "checkout";

export function acknowledgementBucket(row: {
  channel: string;
  kind: string;
  payload: unknown;
}): AcknowledgementBucket | null {
  if (row.channel !== "email") return null;
  const marker = (row.payload as Record<string, unknown> | null)?.acknowledgement;
  if (marker === CHECKOUT_RECIPIENT.acknowledgement) return "checkout";
  // an order confirmation queued before the two buckets were split still carries the forms' marker
  if (marker === UNPROVEN_RECIPIENT.acknowledgement) return row.kind === "order-confirmation" ? "checkout" : "form";
  return null;
}

const GMAIL = "gmail.com";
const GMAIL_ALIASES = new Set([GMAIL, "googlemail.com"]);

/**
 * One mailbox, however it is spelled: Unicode-normalised and lower case, trimmed, without a "+tag",
 * the domain without a trailing dot and in its ASCII (IDN) form, googlemail.com as gmail.com, and
 * without the dots Gmail ignores; so victim+1@, VICTIM@GMAIL.COM., v.ictim@ and victim@googlemail.com
 * share one count. Merging two real mailboxes only makes the cap stricter, never looser.
 */
export function mailboxKey(address: string): string {
  const trimmed = address.normalize("NFKC").trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 0) return trimmed;
  let local = trimmed.slice(0, at);
  const written = trimmed.slice(at + 1).replace(/\.+$/, "");
  // "" for what is not a domain name (an address literal): kept as written
  let domain = domainToASCII(written) || written;
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_ALIASES.has(domain)) {
    domain = GMAIL;
    local = local.replace(/\./g, "");
  }
  return `${local}@${domain}`;
}

const HIT_SQL = rateLimitUpsertSql("$1", "$2");

async function count(db: Executor, key: string, rule: RateRule, now: Date): Promise<boolean> {
  const hit = rateLimitHit(key, rule, now);
  const [row] = await queryRows<{ count: number }>(db, HIT_SQL, [hit.key, hit.windowStart.toISOString()]);
  return (row?.count ?? 0) <= hit.limit;
}

/**
 * Counts one e-mail of `bucket` to `recipient`; null when it may go, else the reason it may not. A
 * form's acknowledgement counts against its mailbox first, and against the shop's hour only when the
 * mailbox is within its cap, so a flood to one address does not use up what other visitors need. A
 * checkout confirmation counts against its mailbox's checkout bucket alone.
 */
export async function acknowledgementRefusal(
  db: Executor,
  caps: AcknowledgementCaps,
  bucket: AcknowledgementBucket,
  recipient: string,
  now: Date,
): Promise<string | null> {
  const mailbox = mailboxKey(recipient);
  if (bucket === "checkout") {
    if (!(await count(db, `order-ack-to:${mailbox}`, caps.checkoutPerRecipient, now))) {
      return `Not sent: ${caps.checkoutPerRecipient.limit} order confirmations already went to this address today (a cap against mail abuse of the checkout); the order itself is stored and its page shows the payment details.`;
    }
    return null;
  }
  if (!(await count(db, `ack-to:${mailbox}`, caps.perRecipient, now))) {
    return `Not sent: ${caps.perRecipient.limit} acknowledgements already went to this address today (a cap against mail abuse of the public forms); the record itself is stored.`;
  }
  if (!(await count(db, "ack-all", caps.overall, now))) {
    return `Not sent: ${caps.overall.limit} acknowledgements already went out this hour (a cap against mail abuse of the public forms); the record itself is stored.`;
  }
  return null;
}
