// Staff invites and password resets: single-use links whose tokens are stored only as SHA-256.
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { admins } from "./admin";
import { adminTokenTable } from "./admin-tokens";
import { createdAt, id, optionalRef, timestamptz } from "./columns";

/** An owner's invitation: accepted once (a new account with this role), within its expiry (72 h). */
export const staffInvites = pgTable(
  "staff_invites",
  {
    id: id(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamptz("expires_at").notNull(),
    invitedBy: optionalRef("invited_by", () => admins.id),
    acceptedAt: timestamptz("accepted_at"),
    adminId: optionalRef("admin_id", () => admins.id),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("staff_invites_email_idx").on(t.email)],
);

/** A password reset sent by e-mail: used once, within 30 minutes. */
export const passwordResets = adminTokenTable("password_resets");
