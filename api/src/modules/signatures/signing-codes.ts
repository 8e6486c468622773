// Signing codes (E-SIGN Act / UETA attribution): a 6-digit code e-mailed to the signer's address, valid 10
// minutes for 5 tries, that a signature must carry. Only its SHA-256 is kept; a newer code ends the older
// ones. Checking and spending are apart: a wrong code counts a try even when the signing fails, and the code
// is spent inside the signing's transaction, so a signing refused for another reason (a stale version)
// leaves it usable.
import { createHash, randomInt } from "node:crypto";
import { type Executor, schema } from "@ch/db";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { badRequest, conflict } from "../../lib/errors";
import { hitRateLimit } from "../../lib/rate-limit";
import { purgeSingleUse } from "../../lib/single-use";
import { composeEmail, enqueue } from "../notifications";
import { settingsIn } from "../settings";

const { signingCodes } = schema;

export const SIGNING_CODE_TTL_MS = 10 * 60_000;
export const SIGNING_CODE_TRIES = 5;
/** At most 5 codes an hour for one document, however often they are asked for. */
export const SIGNING_CODE_MAIL_RULE = { limit: 5, windowSeconds: 3600 };

const hashOf = (subject: string, code: string) => createHash("sha256").update(`${subject}:${code}`).digest("hex");

/** d•••@example.com: enough for the signer to know which mailbox to open. */
export const maskedEmail = (email: string) => {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 1)}•••@${domain}`;
};

export interface SigningCodeRequest {
  /** What the code signs, e.g. "proposal:12". */
  subject: string;
  email: string;
  /** The document's name in the e-mail: "proposal #12 (version 2)". */
  document: string;
}

/** E-mails a new code for `subject` and ends the older ones; 429 past 5 codes an hour. */
export async function sendSigningCode(deps: Deps, request: SigningCodeRequest) {
  const now = deps.clock.now();
  await hitRateLimit(deps.db, `signing-code:${request.subject}`, SIGNING_CODE_MAIL_RULE, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const { company } = await settingsIn(deps.db, deps);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(signingCodes)
      .set({ usedAt: now })
      .where(and(eq(signingCodes.subject, request.subject), isNull(signingCodes.usedAt)));
    await tx.insert(signingCodes).values({
      subject: request.subject,
      email: request.email,
      codeHash: hashOf(request.subject, code),
      expiresAt: new Date(now.getTime() + SIGNING_CODE_TTL_MS),
      createdAt: now,
    });
    await enqueue(tx, deps.env, [
      {
        channel: "email",
        kind: "signing_code",
        recipient: request.email,
        subject: `Your signing code: ${code}`,
        ...composeEmail(company, [
          `Your code to sign ${request.document} is ${code}.`,
          "Type it on the page where you are signing. It works for 10 minutes.",
          "If you are not signing anything with us, you need not do anything: nobody can sign without this code.",
        ]),
        entityType: "signing",
        entityId: null,
      },
    ]);
  });
  return {
    ok: true as const,
    sentTo: maskedEmail(request.email),
    message: `A 6-digit code is on its way to ${maskedEmail(request.email)}. It works for 10 minutes.`,
  };
}

const codeRefused = (message: string) => badRequest(message, [{ path: ["code"], message }]);

/**
 * Checks `code` against the newest live code of `subject`; a wrong one counts a try (kept whatever happens
 * next). Returns the code's id, to spend with spendSigningCode in the signing's transaction.
 */
export async function checkSigningCode(deps: Pick<Deps, "db" | "clock">, subject: string, code: string) {
  const now = deps.clock.now();
  const [live] = await deps.db
    .select()
    .from(signingCodes)
    .where(and(eq(signingCodes.subject, subject), isNull(signingCodes.usedAt)))
    .orderBy(desc(signingCodes.id))
    .limit(1);
  if (!live) throw codeRefused("ask for a signing code first: we e-mail it to you");
  if (live.expiresAt.getTime() <= now.getTime()) throw codeRefused("this code has expired: ask for a new one");
  if (live.attempts >= SIGNING_CODE_TRIES) throw codeRefused("this code was tried 5 times: ask for a new one");
  if (live.codeHash !== hashOf(subject, code)) {
    const [counted] = await deps.db
      .update(signingCodes)
      .set({ attempts: sql`${signingCodes.attempts} + 1` })
      .where(eq(signingCodes.id, live.id))
      .returning({ attempts: signingCodes.attempts });
    const left = SIGNING_CODE_TRIES - (counted?.attempts ?? SIGNING_CODE_TRIES);
    throw codeRefused(
      left > 0
        ? `is not the code we sent (${left} ${left === 1 ? "try" : "tries"} left)`
        : "is not the code we sent, and that was the last try: ask for a new one",
    );
  }
  return live.id;
}

/** Spends the checked code in the signing's transaction: 409 when a concurrent signing spent it first. */
export async function spendSigningCode(tx: Executor, id: number, now: Date) {
  const [spent] = await tx
    .update(signingCodes)
    .set({ usedAt: now })
    .where(and(eq(signingCodes.id, id), isNull(signingCodes.usedAt)))
    .returning({ id: signingCodes.id });
  if (!spent) throw conflict("This signing code was just used: ask for a new one");
}

/** Housekeeping: codes past their end, and those spent a day ago. */
export function purgeSigningCodes(deps: Pick<Deps, "db" | "clock">): Promise<number> {
  return purgeSingleUse(deps.db, signingCodes, deps.clock.now());
}
