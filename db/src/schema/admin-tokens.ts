import { index, pgTable, text } from "drizzle-orm/pg-core";
import { admins } from "./admin";
import { createdAt, parentRef, timestamptz } from "./columns";

/**
 * A table of single-use tokens e-mailed to one staff account (a password reset, a sign-in link): only
 * the token's SHA-256 is kept, and a token counts once (`usedAt`) before `expiresAt`.
 */
export const adminTokenTable = <TName extends string>(name: TName) =>
  pgTable(
    name,
    {
      tokenHash: text("token_hash").primaryKey(),
      adminId: parentRef("admin_id", () => admins.id),
      expiresAt: timestamptz("expires_at").notNull(),
      usedAt: timestamptz("used_at"),
      createdAt: createdAt(),
    },
    (t) => [index(`${name}_admin_idx`).on(t.adminId)],
  );
