// Staff accounts: invites (single-use links, 72 h), roles, disabling, and passwords (change; reset by
// e-mail, single-use, 30 min). Tokens are random and only their SHA-256 is stored. Ending an account's
// sessions deletes their rows (access/session-store.ts): the sessions trigger tells every process to forget them.
import { createHash, randomBytes } from "node:crypto";
import { PASSWORD_MIN_LENGTH, ROLE_LABELS, type StaffRole } from "@ch/contracts/staff";
import { type Executor, schema } from "@ch/db";
import argon2 from "argon2";
import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { addressKey } from "../../lib/client-address";
import type { Deps } from "../../lib/deps";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { hitRateLimit } from "../../lib/rate-limit";
import {
  announcingSessionChanges,
  areasOf,
  endAccountSessions,
  type SessionAdmin,
  touchAccountSessions,
} from "../access";
import { isCommonPassword, passwordHashing, verifyCurrentPassword, withHashSlot } from "../admin";
import { revokeKeysOfAccount } from "../api-keys";
import { type Actor, recordAudit } from "../audit";
import { composeEmail, enqueue } from "../notifications";
import { settingsIn } from "../settings";

const { admins, staffInvites, passwordResets } = schema;

export const INVITE_TTL_MS = 72 * 3600_000;
export const RESET_TTL_MS = 30 * 60_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A new password is refused when it is one of the common ones (the length is the contract's rule). */
export function assertStrongPassword(password: string, path = "password"): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw badRequest(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`, [
      { path: [path], message: `must be at least ${PASSWORD_MIN_LENGTH} characters` },
    ]);
  }
  if (isCommonPassword(password)) {
    throw badRequest("This password is too common. Please choose a less predictable password.", [
      { path: [path], message: "is one of the most common passwords" },
    ]);
  }
}

const hashPassword = (password: string) => withHashSlot(() => argon2.hash(password, passwordHashing.options));

// ---- the signed-in account ------------------------------------------------------------------

export async function accountOf(deps: Deps, admin: SessionAdmin) {
  const [row] = await deps.db
    .select({ id: admins.id, username: admins.username, role: admins.role, email: admins.email })
    .from(admins)
    .where(eq(admins.id, admin.id))
    .limit(1);
  if (!row) throw notFound("Account not found");
  return { ...row, role: admin.role, areas: areasOf(admin.role) };
}

/** Sets one's own e-mail (where reset links go); the current password is needed. */
export async function setOwnEmail(
  deps: Deps,
  admin: SessionAdmin,
  input: { email: string; currentPassword: string },
): Promise<{ ok: true; email: string }> {
  await verifyCurrentPassword(deps, admin, input.currentPassword);
  const email = input.email.trim();
  return deps.db.transaction(async (tx) => {
    const [other] = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(sql`lower(${admins.email}) = ${email.toLowerCase()}`, ne(admins.id, admin.id)))
      .limit(1);
    if (other) throw conflict("Another account uses this e-mail address");
    await tx.update(admins).set({ email }).where(eq(admins.id, admin.id));
    await recordAudit(tx, admin, "staff.email", "admin", admin.id, { username: admin.username, email });
    return { ok: true as const, email };
  });
}

/** Needs the current password; ends the account's other sessions (this one stays). */
export async function changePassword(
  deps: Deps,
  admin: SessionAdmin,
  input: { currentPassword: string; newPassword: string },
): Promise<{ ok: true; endedSessions: number }> {
  await verifyCurrentPassword(deps, admin, input.currentPassword);
  assertStrongPassword(input.newPassword, "newPassword");
  if (input.newPassword === input.currentPassword) {
    throw badRequest("The new password must differ from the current one", [
      { path: ["newPassword"], message: "is the same as the current password" },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await announcingSessionChanges(
    deps,
    () =>
      deps.db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash }).where(eq(admins.id, admin.id));
        const ids = await endAccountSessions(tx, admin.id, admin.sessionId);
        await tx
          .update(passwordResets)
          .set({ usedAt: deps.clock.now() })
          .where(and(eq(passwordResets.adminId, admin.id), isNull(passwordResets.usedAt)));
        await recordAudit(tx, admin, "staff.password_change", "admin", admin.id, {
          username: admin.username,
          endedSessions: ids.length,
        });
        return ids;
      }),
    (ids) => ids,
  );
  return { ok: true, endedSessions: ended.length };
}

// ---- password reset by e-mail ---------------------------------------------------------------

export const RESET_ANSWER = {
  ok: true,
  message:
    "If an account uses that address, a link to choose a new password is on its way. It works once, for 30 minutes.",
} as const;

/**
 * The same answer, after the same reads, whether the address belongs to an account or not: the
 * per-address and per-mailbox counters are hit for every request, and the link itself is stored and
 * queued after the answer, so neither the answer nor its timing tells which addresses are staff.
 */
export async function requestPasswordReset(deps: Deps, email: string, ip: string): Promise<typeof RESET_ANSWER> {
  const now = deps.clock.now();
  await hitRateLimit(deps.db, `password-reset:${addressKey(ip)}`, { limit: 10, windowSeconds: 3600 }, now);
  const address = email.trim().toLowerCase();
  // at most 3 reset e-mails an hour to one mailbox; beyond that nothing is sent (the answer is the same)
  let mailboxOk = true;
  try {
    await hitRateLimit(deps.db, `password-reset-mail:${address}`, { limit: 3, windowSeconds: 3600 }, now);
  } catch (error) {
    if (!(error instanceof AppError && error.status === 429)) throw error;
    mailboxOk = false;
  }
  const [admin] = await deps.db
    .select({ id: admins.id, username: admins.username, email: admins.email })
    .from(admins)
    .where(and(sql`lower(${admins.email}) = ${address}`, isNull(admins.disabledAt)))
    .limit(1);
  if (admin?.email && mailboxOk) {
    const account = { id: admin.id, username: admin.username, email: admin.email };
    const job: Promise<void> = sendResetLink(deps, account, ip, now)
      .catch((error: unknown) => deps.log.error({ err: error, adminId: account.id }, "password reset link not queued"))
      .finally(() => pendingResetMails.delete(job));
    pendingResetMails.add(job);
  }
  return RESET_ANSWER;
}

/** Reset links being stored after their answer (tests and a graceful stop may wait for them). */
export const pendingResetMails = new Set<Promise<unknown>>();

async function sendResetLink(
  deps: Deps,
  admin: { id: number; username: string; email: string },
  ip: string,
  now: Date,
): Promise<void> {
  const token = newToken();
  const link = `${deps.env.backofficeOrigin}/admin/reset-password#token=${token}`;
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      adminId: admin.id,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      createdAt: now,
    });
    const { company } = await settingsIn(tx, deps);
    await enqueue(tx, deps.env, [
      {
        channel: "email",
        kind: "staff_password_reset",
        recipient: admin.email,
        subject: `Choose a new password for the ${company.name} back office`,
        ...composeEmail(company, [
          `Someone asked to reset the password of the back-office account "${admin.username}".`,
          {
            href: link,
            label: "Choose a new password",
            after: " (the link works once, for 30 minutes).",
            text: "Choose a new password here (the link works once, for 30 minutes):",
          },
          "If it was not you, ignore this e-mail: your password stays as it is.",
        ]),
        entityType: "admin",
        entityId: admin.id,
      },
    ]);
    await recordAudit(tx, admin, "staff.password_reset_requested", "admin", admin.id, { username: admin.username, ip });
  });
}

const invalidLink = (what: string) =>
  badRequest(`This ${what} link is not valid any more: it was used, replaced or has expired.`, [
    { path: ["token"], message: "is used, replaced or expired" },
  ]);

/** Sets the new password, uses the link up and ends every session of the account. */
export async function resetPassword(
  deps: Deps,
  input: { token: string; password: string },
  ip: string,
): Promise<{ ok: true; username: string }> {
  const now = deps.clock.now();
  await hitRateLimit(deps.db, `password-reset-use:${addressKey(ip)}`, { limit: 20, windowSeconds: 3600 }, now);
  const tokenHash = sha256(input.token);
  const live = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
  // cheap checks before the hash
  const [pending] = await deps.db.select({ adminId: passwordResets.adminId }).from(passwordResets).where(live).limit(1);
  if (!pending) throw invalidLink("reset");
  assertStrongPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const result = await announcingSessionChanges(
    deps,
    () =>
      deps.db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(live)
          .returning({ adminId: passwordResets.adminId });
        if (!used) throw invalidLink("reset");
        const [admin] = await tx
          .update(admins)
          .set({ passwordHash })
          .where(and(eq(admins.id, used.adminId), isNull(admins.disabledAt)))
          .returning({ id: admins.id, username: admins.username });
        if (!admin) throw invalidLink("reset");
        // every other reset link of the account is spent too
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.adminId, admin.id), isNull(passwordResets.usedAt)));
        const ids = await endAccountSessions(tx, admin.id);
        await recordAudit(tx, admin, "staff.password_reset", "admin", admin.id, {
          username: admin.username,
          ip,
          endedSessions: ids.length,
        });
        return { admin, ids };
      }),
    (r) => r.ids,
  );
  return { ok: true, username: result.admin.username };
}

// ---- staff list, invites, roles ------------------------------------------------------------

export async function listStaff(deps: Deps) {
  const now = deps.clock.now();
  const accounts = await deps.db
    .select({
      id: admins.id,
      username: admins.username,
      email: admins.email,
      role: admins.role,
      disabledAt: admins.disabledAt,
      createdAt: admins.createdAt,
      lastLoginAt: admins.lastLoginAt,
    })
    .from(admins)
    .orderBy(asc(admins.id));
  const invites = await deps.db
    .select({
      id: staffInvites.id,
      email: staffInvites.email,
      role: staffInvites.role,
      expiresAt: staffInvites.expiresAt,
      createdAt: staffInvites.createdAt,
    })
    .from(staffInvites)
    .where(and(isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)))
    .orderBy(desc(staffInvites.createdAt));
  return {
    accounts: accounts.map((a) => ({
      ...a,
      role: a.role as StaffRole,
      disabledAt: iso(a.disabledAt),
      createdAt: a.createdAt.toISOString(),
      lastLoginAt: iso(a.lastLoginAt),
    })),
    invites: invites.map((i) => ({
      ...i,
      role: i.role as StaffRole,
      expired: i.expiresAt.getTime() <= now.getTime(),
      expiresAt: i.expiresAt.toISOString(),
      createdAt: i.createdAt.toISOString(),
    })),
  };
}

/**
 * The invitation e-mail. It comes from the shop (its name in the subject and the first line, its footer
 * at the end); the person who sent it is named by their role and back-office account, since accounts have
 * no display name.
 */
async function inviteMessage(
  db: Executor,
  deps: Deps,
  invite: { email: string; role: StaffRole; token: string },
  inviter: Actor,
) {
  const { company } = await settingsIn(db, deps);
  const [account] =
    inviter.id === null
      ? []
      : await db.select({ role: admins.role }).from(admins).where(eq(admins.id, inviter.id)).limit(1);
  const inviterRole = account ? ROLE_LABELS[account.role as StaffRole]?.toLowerCase() : null;
  const sender = `${inviterRole ? `the ${inviterRole}'s account` : "the account"} “${inviter.username}”`;
  const link = `${deps.env.backofficeOrigin}/admin/accept-invite#token=${invite.token}`;
  const role = ROLE_LABELS[invite.role] ?? invite.role;
  const invites = `${company.name} invites you to its back office as a member of staff with the ${role} role.`;
  const sentBy = `The invitation was sent from ${sender}.`;
  const ignore = "If you did not expect it, ignore this e-mail: no account is made until you choose a password.";
  return {
    channel: "email" as const,
    kind: "staff_invite",
    recipient: invite.email,
    subject: `You are invited to the ${company.name} back office`,
    ...composeEmail(company, [
      "Hello,",
      `${invites} ${sentBy}`,
      {
        href: link,
        label: "Choose your username and password",
        after: " (the link works once, within 72 hours).",
        text: "Choose your username and password here (the link works once, within 72 hours):",
      },
      ignore,
    ]),
  };
}

async function emailInUse(db: Executor, email: string, exceptInvite?: number): Promise<string | null> {
  const address = email.trim().toLowerCase();
  const [account] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.email}) = ${address}`)
    .limit(1);
  if (account) return "An account already uses this e-mail address";
  const [invite] = await db
    .select({ id: staffInvites.id })
    .from(staffInvites)
    .where(
      and(
        sql`lower(${staffInvites.email}) = ${address}`,
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
        exceptInvite ? ne(staffInvites.id, exceptInvite) : undefined,
      ),
    )
    .limit(1);
  return invite ? "An invitation to this address is already waiting: re-send it instead" : null;
}

export async function inviteStaff(deps: Deps, actor: Actor, input: { email: string; role: StaffRole }) {
  const now = deps.clock.now();
  const token = newToken();
  return deps.db.transaction(async (tx) => {
    const inUse = await emailInUse(tx, input.email);
    if (inUse) throw conflict(inUse);
    const [invite] = await tx
      .insert(staffInvites)
      .values({
        email: input.email.trim(),
        role: input.role,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
        invitedBy: actor.id,
        createdAt: now,
      })
      .returning({
        id: staffInvites.id,
        email: staffInvites.email,
        role: staffInvites.role,
        expiresAt: staffInvites.expiresAt,
      });
    await enqueue(tx, deps.env, [
      {
        ...(await inviteMessage(tx, deps, { email: invite!.email, role: input.role, token }, actor)),
        entityType: "staff_invite",
        entityId: invite!.id,
      },
    ]);
    await recordAudit(tx, actor, "staff.invite", "staff_invite", invite!.id, {
      email: invite!.email,
      role: input.role,
    });
    return { ...invite!, role: input.role, expiresAt: invite!.expiresAt.toISOString() };
  });
}

/** A new link (the old one stops working) and a fresh 72 hours. */
export async function resendInvite(deps: Deps, actor: Actor, id: number) {
  const now = deps.clock.now();
  const token = newToken();
  return deps.db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITE_TTL_MS) })
      .where(and(eq(staffInvites.id, id), isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)))
      .returning({
        id: staffInvites.id,
        email: staffInvites.email,
        role: staffInvites.role,
        expiresAt: staffInvites.expiresAt,
      });
    if (!invite) throw notFound("No waiting invitation with this id");
    await enqueue(tx, deps.env, [
      {
        ...(await inviteMessage(tx, deps, { email: invite.email, role: invite.role as StaffRole, token }, actor)),
        entityType: "staff_invite",
        entityId: invite.id,
      },
    ]);
    await recordAudit(tx, actor, "staff.invite_resent", "staff_invite", invite.id, {
      email: invite.email,
      role: invite.role,
    });
    return { ...invite, role: invite.role as StaffRole, expiresAt: invite.expiresAt.toISOString() };
  });
}

export async function revokeInvite(deps: Deps, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ revokedAt: deps.clock.now() })
      .where(and(eq(staffInvites.id, id), isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)))
      .returning({ id: staffInvites.id, email: staffInvites.email });
    if (!invite) throw notFound("No waiting invitation with this id");
    await recordAudit(tx, actor, "staff.invite_revoked", "staff_invite", invite.id, { email: invite.email });
    return { ok: true as const };
  });
}

function liveInvite(tokenHash: string, now: Date) {
  return and(
    eq(staffInvites.tokenHash, tokenHash),
    isNull(staffInvites.acceptedAt),
    isNull(staffInvites.revokedAt),
    gt(staffInvites.expiresAt, now),
  );
}

/** What the accept page shows before the form: the address and the role. */
export async function invitePreview(deps: Deps, token: string) {
  const [invite] = await deps.db
    .select({ email: staffInvites.email, role: staffInvites.role, expiresAt: staffInvites.expiresAt })
    .from(staffInvites)
    .where(liveInvite(sha256(token), deps.clock.now()))
    .limit(1);
  if (!invite) throw invalidLink("invitation");
  return { email: invite.email, role: invite.role as StaffRole, expiresAt: invite.expiresAt.toISOString() };
}

/** Creates the account (username and password chosen here) and uses the invitation up. */
export async function acceptInvite(
  deps: Deps,
  input: { token: string; username: string; password: string },
  ip: string,
): Promise<{ id: number; username: string; role: StaffRole }> {
  const now = deps.clock.now();
  await hitRateLimit(deps.db, `invite-accept:${addressKey(ip)}`, { limit: 20, windowSeconds: 3600 }, now);
  const tokenHash = sha256(input.token);
  const [pending] = await deps.db
    .select({ id: staffInvites.id })
    .from(staffInvites)
    .where(liveInvite(tokenHash, now))
    .limit(1);
  if (!pending) throw invalidLink("invitation");
  assertStrongPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ acceptedAt: now })
      .where(liveInvite(tokenHash, now))
      .returning({ id: staffInvites.id, email: staffInvites.email, role: staffInvites.role });
    if (!invite) throw invalidLink("invitation");
    const [taken] = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(sql`lower(${admins.username}) = ${input.username.toLowerCase()}`)
      .limit(1);
    if (taken) {
      throw new AppError(409, "This username is taken: choose another", [{ path: ["username"], message: "is taken" }]);
    }
    if (await emailInUse(tx, invite.email, invite.id)) throw conflict("An account already uses this e-mail address");
    const [admin] = await tx
      .insert(admins)
      .values({ username: input.username, passwordHash, role: invite.role, email: invite.email, createdAt: now })
      .returning({ id: admins.id, username: admins.username, role: admins.role });
    await tx.update(staffInvites).set({ adminId: admin!.id }).where(eq(staffInvites.id, invite.id));
    await recordAudit(tx, admin!, "staff.invite_accepted", "admin", admin!.id, {
      username: admin!.username,
      email: invite.email,
      role: invite.role,
    });
    return { id: admin!.id, username: admin!.username, role: admin!.role as StaffRole };
  });
}

async function ownersLeft(tx: Executor, without: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(admins)
    .where(and(eq(admins.role, "owner"), isNull(admins.disabledAt), ne(admins.id, without)));
  return row?.n ?? 0;
}

/** Changes an account's role; its sessions stay, and every process reads the new role at once. */
export async function setRole(deps: Deps, actor: Actor, id: number, role: StaffRole) {
  if (id === actor.id) throw conflict("You cannot change your own role");
  await announcingSessionChanges(
    deps,
    () =>
      deps.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ role: admins.role, username: admins.username })
          .from(admins)
          .where(eq(admins.id, id))
          .for("update");
        if (!before) throw notFound("No account with this id");
        if (before.role === "owner" && role !== "owner" && (await ownersLeft(tx, id)) === 0) {
          throw conflict("The business needs at least one owner");
        }
        await tx.update(admins).set({ role }).where(eq(admins.id, id));
        // touching the session rows makes the trigger tell every process to read them (and the role) again
        const ids = await touchAccountSessions(tx, id);
        await recordAudit(tx, actor, "staff.role", "admin", id, {
          username: before.username,
          from: before.role,
          to: role,
        });
        return ids;
      }),
    (ids) => ids,
  );
  return { ok: true as const };
}

/** Disables an account (its sessions end and the API keys it made are revoked, at once) or enables it again. */
export async function setDisabled(deps: Deps, actor: Actor, id: number, disabled: boolean) {
  if (disabled && id === actor.id) throw conflict("You cannot disable your own account");
  const ended = await announcingSessionChanges(
    deps,
    () =>
      deps.db.transaction(async (tx) => {
        const [target] = await tx
          .update(admins)
          .set({ disabledAt: disabled ? deps.clock.now() : null })
          .where(eq(admins.id, id))
          .returning({ username: admins.username, role: admins.role });
        if (!target) throw notFound("No account with this id");
        if (disabled && target.role === "owner" && (await ownersLeft(tx, id)) === 0) {
          throw conflict("The business needs at least one owner");
        }
        const ids = disabled ? await endAccountSessions(tx, id) : [];
        const revokedKeys = disabled ? await revokeKeysOfAccount(tx, actor, id, deps.clock.now()) : 0;
        await recordAudit(tx, actor, disabled ? "staff.disable" : "staff.enable", "admin", id, {
          username: target.username,
          endedSessions: ids.length,
          ...(revokedKeys > 0 ? { revokedKeys } : {}),
        });
        return ids;
      }),
    (ids) => ids,
  );
  return { ok: true as const, endedSessions: ended.length };
}
