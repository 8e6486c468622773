// Strong sign-in: TOTP secrets and recovery codes, the pending step between password and code,
// devices that signed in before, and the per-user sign-in throttle (see docs/decisions/0014).
import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admin";
import { adminTokenTable } from "./admin-tokens";
import { createdAt, id, parentRef, timestamptz } from "./columns";

/** One TOTP secret per admin; `enabledAt` is null while enrolment waits for its first code. */
export const adminTwoFactor = pgTable("admin_two_factor", {
  adminId: parentRef("admin_id", () => admins.id).primaryKey(),
  secret: text("secret").notNull(),
  enabledAt: timestamptz("enabled_at"),
  /** The 30-second step of the last code accepted: a code of this step or an older one is refused. */
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes; only their SHA-256 is stored. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: id(),
    adminId: parentRef("admin_id", () => admins.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admin_recovery_codes_code_idx").on(t.adminId, t.codeHash)],
);

/** A password accepted for an account with a second factor: the session is made only after the code. */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    id: text("id").primaryKey(),
    adminId: parentRef("admin_id", () => admins.id),
    /** "code": enter a TOTP or recovery code; "enrol": the owner requires 2FA, enrol before the session. */
    purpose: text("purpose").notNull(),
    ipAddress: text("ip_address").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("sign_in_challenges_admin_idx").on(t.adminId)],
);

/** Browsers that completed a sign-in: their cookie's token hash lets them past the per-user slow-down. */
export const knownDevices = pgTable(
  "known_devices",
  {
    id: text("id").primaryKey(),
    adminId: parentRef("admin_id", () => admins.id),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at").notNull().defaultNow(),
  },
  (t) => [index("known_devices_admin_idx").on(t.adminId)],
);

/**
 * Sign-in counters reserved atomically before any password is hashed: one row per (user, address)
 * pair and one per user. `granted` is the outcome of the last reservation (RETURNING shows new values).
 */
export const signInThrottle = pgTable("sign_in_throttle", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  windowStart: timestamptz("window_start").notNull(),
  lastAttemptAt: timestamptz("last_attempt_at").notNull(),
  nextAt: timestamptz("next_at").notNull(),
  granted: boolean("granted").notNull(),
});

/**
 * One-time links e-mailed to an account whose sign-in is slowed down by someone else's guesses: opened
 * in a browser, the link makes it a known device, so the real user gets past the slow-down without
 * anyone else getting more guesses. Only the token's SHA-256 is stored.
 */
export const signInLinks = adminTokenTable("sign_in_links");
