// One-time sign-in links, e-mailed when someone else's guesses slow down an account's sign-in (wrong
// passwords from many addresses, or wrong codes after a correct password). Opened in a browser, a link
// makes that browser a known device (sign-in-throttle.ts), which the slow-downs let through, so the
// real user signs in at once while a guesser, who cannot read the mailbox, gets no more tries. The
// link does not sign anyone in: the password and the second factor are still asked.
import { createHash, randomBytes } from "node:crypto";
import type { BusinessSettings } from "@ch/contracts/settings";
import { type Executor, schema } from "@ch/db";
import { and, eq, gt, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import type { Deps } from "../../lib/deps";
import { AppError, badRequest } from "../../lib/errors";
import { hitRateLimit, overLimitMemory } from "../../lib/rate-limit";
import { recordAudit } from "../audit";
import { composeEmail, enqueue } from "../notifications";
import { settingsIn } from "../settings";

type Company = BusinessSettings["company"];

const { admins, signInLinks } = schema;

export const SIGN_IN_LINK_TTL_MS = 30 * 60_000;
/** At most one link e-mail per account and reason in this window, however many refusals there are. */
export const SIGN_IN_LINK_MAIL_RULE = { limit: 1, windowSeconds: 15 * 60 };

/** Per process: accounts whose e-mail of this window already went, until the window ends. */
const offered = overLimitMemory();

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Why the link is sent: wrong passwords for the account, or wrong codes after its correct password. */
export type SlowDownReason = "passwords" | "codes";

function messageFor(reason: SlowDownReason, username: string, link: string, company: Company) {
  const why =
    reason === "codes"
      ? `The password of the back-office account "${username}" was entered correctly, followed by repeated wrong two-factor codes. Whoever typed them may know your password: if it was not you, change your password now (Account, then Password).`
      : `Many wrong passwords were tried for the back-office account "${username}". Your password was not accepted for anyone else.`;
  const then =
    "Sign-in to this account from new browsers is slowed down for a while. If you are trying to sign in, open this link in the browser you use; that browser then signs in as usual, with your password and code (the link works once, for 30 minutes):";
  return {
    subject:
      reason === "codes"
        ? "Wrong two-factor codes for your back-office account"
        : "Sign-in to your back-office account is slowed down",
    ...composeEmail(company, [
      why,
      { href: link, label: "Let this browser sign in", text: then },
      "If you are not trying to sign in, you need not do anything else.",
    ]),
  };
}

type Admin = { id: number; username: string };

/** Who is e-mailed: the account (when it is enabled), and for wrong codes the other enabled owners with an address. */
async function recipientsOf(deps: Deps, admin: Admin, reason: SlowDownReason) {
  const [account] = await deps.db
    .select({ email: admins.email })
    .from(admins)
    .where(and(eq(admins.id, admin.id), isNull(admins.disabledAt)))
    .limit(1);
  const owners =
    reason === "codes"
      ? await deps.db
          .select({ email: admins.email })
          .from(admins)
          .where(
            and(
              inArray(admins.role, ["owner"]),
              ne(admins.id, admin.id),
              isNotNull(admins.email),
              isNull(admins.disabledAt),
            ),
          )
      : [];
  return { account, owners };
}

/** Stores the link (when the account has an address) and queues the e-mails and the audit, in one transaction. */
async function sendSignInLink(
  deps: Deps,
  admin: Admin,
  reason: SlowDownReason,
  { account, owners }: Awaited<ReturnType<typeof recipientsOf>>,
  now: Date,
) {
  const token = randomBytes(32).toString("base64url");
  const link = `${deps.env.backofficeOrigin}/admin/sign-in-link#token=${token}`;
  const { company } = await settingsIn(deps.db, deps);
  const message = messageFor(reason, admin.username, link, company);
  const ownerNote = `The password of the back-office account "${admin.username}" was entered correctly, followed by repeated wrong two-factor codes. Whoever typed them may know that password: ask ${admin.username} to change it, or disable the account under Staff.`;
  await deps.db.transaction(async (tx) => {
    if (account?.email) {
      await tx.insert(signInLinks).values({
        tokenHash: sha256(token),
        adminId: admin.id,
        expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
        createdAt: now,
      });
    }
    await enqueue(tx, deps.env, [
      ...(account?.email
        ? [
            {
              channel: "email" as const,
              kind: "staff_sign_in_link",
              recipient: account.email,
              ...message,
              entityType: "admin",
              entityId: admin.id,
            },
          ]
        : []),
      ...owners.map((owner) => ({
        channel: "email" as const,
        kind: "staff_sign_in_alert",
        recipient: owner.email!,
        subject: `Wrong two-factor codes for ${admin.username}`,
        ...composeEmail(company, [ownerNote]),
        entityType: "admin",
        entityId: admin.id,
      })),
    ]);
    await recordAudit(tx, admin, "admin.sign_in_slowed", "admin", admin.id, {
      reason,
      linkSent: Boolean(account?.email),
      ownersTold: owners.length,
    });
  });
}

/**
 * E-mails the account a one-time link to let a browser past the slow-down (at most one e-mail per
 * account and reason every 15 minutes; nothing when the account has no e-mail address). For wrong codes the other
 * owners with an address are told too, without a link. Never throws: a refusal stays a refusal.
 */
export async function offerSignInLink(deps: Deps, admin: Admin, reason: SlowDownReason): Promise<void> {
  const now = deps.clock.now();
  const key = `sign-in-link:${reason}:${admin.id}`;
  // a refusal after the e-mail went costs no query on this process (the database count is the authority)
  if (offered.retryAfter(deps.db, key, now.getTime()) !== undefined) return;
  try {
    try {
      await hitRateLimit(deps.db, key, SIGN_IN_LINK_MAIL_RULE, now);
    } catch (error) {
      if (error instanceof AppError && error.status === 429) {
        offered.remember(deps.db, key, now.getTime(), Number(error.headers["retry-after"]));
        return;
      }
      throw error;
    }
    const { account, owners } = await recipientsOf(deps, admin, reason);
    if (!account?.email && owners.length === 0) return;
    await sendSignInLink(deps, admin, reason, { account, owners }, now);
  } catch (error) {
    deps.log.error({ err: error, adminId: admin.id }, "sign-in link not sent");
  }
}

/** The account with this id while it is enabled (a disabled one signs in to nothing), or undefined. */
export async function enabledAccount(db: Executor, adminId: number): Promise<Admin | undefined> {
  const [admin] = await db
    .select({ id: admins.id, username: admins.username })
    .from(admins)
    .where(and(eq(admins.id, adminId), isNull(admins.disabledAt)))
    .limit(1);
  return admin;
}

const invalidLink = () =>
  badRequest("This sign-in link is not valid any more: it was used or has expired.", [
    { path: ["token"], message: "is used or expired" },
  ]);

/** Spends a link (once, before it expires); the account it lets a browser sign in to. */
export async function useSignInLink(deps: Deps, token: string): Promise<{ id: number; username: string }> {
  const now = deps.clock.now();
  const [used] = await deps.db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.tokenHash, sha256(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ adminId: signInLinks.adminId });
  if (!used) throw invalidLink();
  const admin = await enabledAccount(deps.db, used.adminId);
  if (!admin) throw invalidLink();
  await recordAudit(deps.db, admin, "admin.sign_in_link_used", "admin", admin.id, {});
  return admin;
}
