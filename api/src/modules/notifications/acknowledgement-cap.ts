// Caps the e-mails the shop sends to addresses typed into public forms (contact, quote, call, ROI,
// checkout), which nobody has proven belong to the visitor: a few a day to one address and a number an
// hour overall, counted in rate_limits (one count for every process). Beyond a cap the e-mail is not
// sent: the form has already succeeded and the staff were told with every detail; the outbox row is
// settled "failed" with the reason, so the back office shows why.
import type { Executor } from "@ch/db";
import { queryRows } from "../../lib/prepared";
import { type RateRule, rateLimitHit, rateLimitUpsertSql } from "../../lib/rate-limit";
import { UNPROVEN_RECIPIENT } from "./messages";

export interface AcknowledgementCaps {
  perRecipient: RateRule;
  overall: RateRule;
}

/** The real sizes; scaled by PUBLIC_RATE_LIMIT_SCALE like the public write limits (tests and benches raise them). */
export const ACKNOWLEDGEMENT_CAPS: AcknowledgementCaps = {
  perRecipient: { limit: 3, windowSeconds: 86_400 },
  overall: { limit: 60, windowSeconds: 3_600 },
};

export function acknowledgementCapsFromEnv(env: { PUBLIC_RATE_LIMIT_SCALE: number }): AcknowledgementCaps {
  const scale = (rule: RateRule) => ({
    limit: Math.max(1, Math.round(rule.limit * env.PUBLIC_RATE_LIMIT_SCALE)),
    windowSeconds: rule.windowSeconds,
  });
  return { perRecipient: scale(ACKNOWLEDGEMENT_CAPS.perRecipient), overall: scale(ACKNOWLEDGEMENT_CAPS.overall) };
}

/** Whether an outbox row is an acknowledgement to an unproven address (the cap applies). */
export function isCappedAcknowledgement(row: { channel: string; payload: unknown }): boolean {
  const payload = row.payload as Record<string, unknown> | null;
  return row.channel === "email" && payload?.acknowledgement === UNPROVEN_RECIPIENT.acknowledgement;
}

/**
 * One mailbox, however it is spelled: lower case, without a "+tag", and without the dots Gmail
 * ignores, so victim+1@, victim+2@ and v.ictim@ share one count.
 */
export function mailboxKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 0) return trimmed;
  let local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "gmail.com" || domain === "googlemail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

const HIT_SQL = rateLimitUpsertSql("$1", "$2");

async function count(db: Executor, key: string, rule: RateRule, now: Date): Promise<boolean> {
  const hit = rateLimitHit(key, rule, now);
  const [row] = await queryRows<{ count: number }>(db, HIT_SQL, [hit.key, hit.windowStart.toISOString()]);
  return (row?.count ?? 0) <= hit.limit;
}

/**
 * Counts one acknowledgement to `recipient`; null when it may go, else the reason it may not. The
 * address is counted first, and the overall count only when the address is within its cap, so a flood
 * to one address does not use up what other customers' acknowledgements need.
 */
export async function acknowledgementRefusal(
  db: Executor,
  caps: AcknowledgementCaps,
  recipient: string,
  now: Date,
): Promise<string | null> {
  if (!(await count(db, `ack-to:${mailboxKey(recipient)}`, caps.perRecipient, now))) {
    return `Not sent: ${caps.perRecipient.limit} acknowledgements already went to this address today (a cap against mail abuse of the public forms); the record itself is stored.`;
  }
  if (!(await count(db, "ack-all", caps.overall, now))) {
    return `Not sent: ${caps.overall.limit} acknowledgements already went out this hour (a cap against mail abuse of the public forms); the record itself is stored.`;
  }
  return null;
}
