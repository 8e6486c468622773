import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admin";

/**
 * API keys for integrators, made by the owner in the back office. A key reads `chk_<prefixId>_<secret>`:
 * `prefixId` finds the row, only the SHA-256 of the whole key is kept (`secretHash`; the secret is 256
 * random bits, so a plain hash is enough). `scopes` are `<domain>:read|write` (api/src/contracts/api-keys.ts).
 * `lastUsedAt` is written at most once a minute; a revoked or expired key is refused at once.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    prefixId: text("prefix_id").notNull(),
    name: text("name").notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    createdBy: integer("created_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: integer("revoked_by").references(() => admins.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("api_keys_prefix_idx").on(t.prefixId), index("api_keys_created_idx").on(t.createdAt)],
);
