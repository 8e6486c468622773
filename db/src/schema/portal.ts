import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns";

/**
 * The customer portal's credentials, only their SHA-256 kept: `link`, a single-use sign-in link e-mailed
 * to an address that has a proposal or an order (spent or replaced: `usedAt`), and `session`, a signed-in
 * browser's cookie (signed out: `usedAt`), each until `expiresAt`. Rows, so every web process reads the
 * same ones.
 */
export const portalTokens = pgTable(
  "portal_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").$type<"link" | "session">().notNull(),
    /** Lower-cased, as orders and proposals are matched. */
    email: text("email").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    /** A link spent or replaced by a newer one; a session signed out. */
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("portal_tokens_email_idx").on(t.email, t.kind)],
);

/**
 * A 6-digit code e-mailed to sign a document (a proposal's acceptance, a change order): only its SHA-256
 * kept, 10 minutes, 5 tries. `subject` names what it signs ("proposal:12"); a newer code ends the older
 * ones (`usedAt`), and signing spends it.
 */
export const signingCodes = pgTable(
  "signing_codes",
  {
    id: id(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("signing_codes_subject_idx").on(t.subject)],
);
