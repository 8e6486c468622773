// API keys: the owner makes, lists and revokes them; every /api/admin/* request with
// `Authorization: Bearer chk_…` is checked here (no cache: one indexed read per request, with the
// creator's account, so a revoked key, a disabled creator or a role taken away counts on the next request
// in every process). docs/decisions/0017-api-keys.md.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { apiKeyCreateInput } from "@ch/contracts/api-keys";
import type { StaffRole } from "@ch/contracts/staff-roles";
import { type Executor, schema } from "@ch/db";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Deps } from "../../lib/deps";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { countHit, type RateLimitHeaders, rateLimitHit } from "../../lib/rate-limit";
import { type Actor, recordAudit } from "../audit";
import { effectiveScopes } from "./scope-policy";

const { apiKeys, admins } = schema;

/** `chk_` + 12 lowercase hex (finds the row) + `_` + 43 base64url characters (256 random bits). */
const KEY_SHAPE = /^chk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
/** The last-use time is written when it is older than this, not on every request. */
export const LAST_USED_REFRESH_MS = 60_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export const keyPrefix = (prefixId: string) => `chk_${prefixId}`;
/** How the audit log and the request log name a key. */
export const keyActorName = (name: string, prefixId: string) => `api key ${name} (${keyPrefix(prefixId)})`;

const creators = alias(admins, "creators");

const listColumns = {
  id: apiKeys.id,
  prefixId: apiKeys.prefixId,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  createdBy: creators.username,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

type KeyRow = {
  id: number;
  prefixId: string;
  name: string;
  scopes: string[];
  createdAt: Date;
  createdBy: string | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

function toDto(row: KeyRow, now: Date) {
  const status = row.revokedAt
    ? ("revoked" as const)
    : row.expiresAt && row.expiresAt.getTime() <= now.getTime()
      ? ("expired" as const)
      : ("active" as const);
  return {
    id: row.id,
    name: row.name,
    prefix: keyPrefix(row.prefixId),
    scopes: row.scopes,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status,
  };
}

export type ApiKeyDto = ReturnType<typeof toDto>;

export async function listApiKeys(deps: Deps): Promise<ApiKeyDto[]> {
  const rows = await deps.db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(creators, eq(creators.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const now = deps.clock.now();
  return rows.map((row) => toDto(row, now));
}

/** Makes a key; the answer is the only time its secret is shown. */
export async function createApiKey(deps: Deps, actor: Actor, input: z.output<typeof apiKeyCreateInput>) {
  const now = deps.clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw badRequest("Invalid input", [{ path: ["expiresAt"], message: "must be in the future" }]);
  }
  const prefixId = randomBytes(6).toString("hex");
  const secret = `${keyPrefix(prefixId)}_${randomBytes(32).toString("base64url")}`;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        prefixId,
        name: input.name,
        secretHash: sha256(secret),
        scopes: input.scopes,
        createdBy: actor.id,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: apiKeys.id });
    await recordAudit(tx, actor, "apiKey.create", "api_key", row!.id, {
      name: input.name,
      prefix: keyPrefix(prefixId),
      scopes: input.scopes,
      expiresAt: expiresAt?.toISOString() ?? null,
    });
    const key = toDto(
      {
        id: row!.id,
        prefixId,
        name: input.name,
        scopes: input.scopes,
        createdAt: now,
        createdBy: actor.username,
        expiresAt,
        lastUsedAt: null,
        revokedAt: null,
      },
      now,
    );
    return { key, secret };
  });
}

/** Revokes a key at once: the next request with it, to any process, is answered 401. */
export async function revokeApiKey(deps: Deps, actor: Actor, id: number): Promise<ApiKeyDto> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(apiKeys)
      .set({ revokedAt: now, revokedBy: actor.id })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    const [row] = await tx
      .select(listColumns)
      .from(apiKeys)
      .leftJoin(creators, eq(creators.id, apiKeys.createdBy))
      .where(eq(apiKeys.id, id));
    if (!row) throw notFound("API key not found");
    if (updated) {
      await recordAudit(tx, actor, "apiKey.revoke", "api_key", id, { name: row.name, prefix: keyPrefix(row.prefixId) });
    }
    return toDto(row, now);
  });
}

/**
 * Revokes every live key an account made, in the transaction that disables the account (staff.service.ts
 * setDisabled), each audited; answers how many.
 */
export async function revokeKeysOfAccount(tx: Executor, actor: Actor, adminId: number, now: Date): Promise<number> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: now, revokedBy: actor.id })
    .where(and(eq(apiKeys.createdBy, adminId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, name: apiKeys.name, prefixId: apiKeys.prefixId });
  for (const key of revoked) {
    await recordAudit(tx, actor, "apiKey.revoke", "api_key", key.id, {
      name: key.name,
      prefix: keyPrefix(key.prefixId),
      reason: "creator disabled",
    });
  }
  return revoked.length;
}

/** A request's key, once checked: what it may do and whom it acts for. */
export interface KeyPrincipal {
  keyId: number;
  prefix: string;
  name: string;
  /** What the key may do now: its scopes that its creator's current role covers too (scope-policy.ts). */
  scopes: string[];
  /** The scopes the key was given. */
  heldScopes: string[];
  /** The account that made the key: services record their changes against it, under the key's name. */
  actor: { id: number; username: string; role: StaffRole; sessionId: string };
  /** Where the key stands against its per-minute limit after this request (RateLimit-* headers). */
  rateLimit: RateLimitHeaders;
}

const invalidKey = (message = "Invalid API key") =>
  new AppError(401, message, [], {}, { "www-authenticate": 'Bearer realm="api", error="invalid_token"' });

/**
 * Checks a bearer key: unknown, malformed, revoked or expired → 401 (also when the account that made it
 * is disabled or gone); then counts the request against the key's limit (429 with Retry-After). The
 * creator's role is read in the same query: the answer's scopes are cut to what that role covers now.
 */
export async function authenticateApiKey(deps: Deps, token: string): Promise<KeyPrincipal> {
  const match = KEY_SHAPE.exec(token);
  if (!match) throw invalidKey();
  const prefixId = match[1]!;
  const [row] = await deps.db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      creatorId: admins.id,
      creatorRole: admins.role,
      creatorDisabledAt: admins.disabledAt,
    })
    .from(apiKeys)
    .leftJoin(admins, eq(admins.id, apiKeys.createdBy))
    .where(eq(apiKeys.prefixId, prefixId))
    .limit(1);
  const given = Buffer.from(sha256(token), "hex");
  if (!row || !timingSafeEqual(given, Buffer.from(row.secretHash, "hex"))) throw invalidKey();
  const now = deps.clock.now();
  if (row.revokedAt) throw invalidKey("API key revoked");
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) throw invalidKey("API key expired");
  // the account was deleted (created_by is set null) or disabled: its keys work no more
  if (row.creatorId === null) throw invalidKey("API key's account no longer exists");
  if (row.creatorDisabledAt) throw invalidKey("API key's account is disabled");
  const role = row.creatorRole as StaffRole;
  const rateLimit = await countHit(
    deps.db,
    rateLimitHit(`apikey:${prefixId}`, { limit: deps.env.API_KEY_RATE_LIMIT, windowSeconds: 60 }, now),
  );
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_REFRESH_MS) {
    const stale = new Date(now.getTime() - LAST_USED_REFRESH_MS).toISOString();
    // the condition keeps concurrent requests (several processes) to one write a minute
    await deps.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${stale}::timestamptz`))),
      );
  }
  return {
    keyId: row.id,
    prefix: keyPrefix(prefixId),
    name: row.name,
    scopes: effectiveScopes(row.scopes, role),
    heldScopes: row.scopes,
    actor: {
      id: row.creatorId,
      username: keyActorName(row.name, prefixId),
      role,
      sessionId: `api-key:${row.id}`,
    },
    rateLimit,
  };
}
