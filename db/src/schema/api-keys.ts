import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admin";
import { createdAt, id, optionalRef, timestamptz } from "./columns";

/**
 * API keys for integrators, made by the owner in the back office. A key reads `chk_<prefixId>_<secret>`:
 * `prefixId` finds the row, only the SHA-256 of the whole key is kept (`secretHash`; the secret is 256
 * random bits, so a plain hash is enough). `scopes` are `<domain>:read|write` (contracts/src/api-keys.ts).
 * `lastUsedAt` is written at most once a minute; a revoked or expired key is refused at once.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    prefixId: text("prefix_id").notNull(),
    name: text("name").notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    createdBy: optionalRef("created_by", () => admins.id),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at"),
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
    revokedBy: optionalRef("revoked_by", () => admins.id),
  },
  (t) => [uniqueIndex("api_keys_prefix_idx").on(t.prefixId), index("api_keys_created_idx").on(t.createdAt)],
);
