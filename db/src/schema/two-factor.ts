// Strong sign-in: TOTP secrets and recovery codes, the pending step between password and code,
// devices that signed in before, and the per-user sign-in throttle (see docs/decisions/0014).
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admin";

/** One TOTP secret per admin; `enabledAt` is null while enrolment waits for its first code. */
export const adminTwoFactor = pgTable("admin_two_factor", {
  adminId: integer("admin_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The 30-second step of the last code accepted: a code of this step or an older one is refused. */
  lastUsedStep: integer("last_used_step"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes; only their SHA-256 is stored. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("admin_recovery_codes_code_idx").on(t.adminId, t.codeHash)],
);

/** A password accepted for an account with a second factor: the session is made only after the code. */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    id: text("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    /** "code": enter a TOTP or recovery code; "enrol": the owner requires 2FA, enrol before the session. */
    purpose: text("purpose").notNull(),
    ipAddress: text("ip_address").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sign_in_challenges_admin_idx").on(t.adminId)],
);

/** Browsers that completed a sign-in: their cookie's token hash lets them past the per-user slow-down. */
export const knownDevices = pgTable(
  "known_devices",
  {
    id: text("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
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
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }).notNull(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
  granted: boolean("granted").notNull(),
});

/**
 * One-time links e-mailed to an account whose sign-in is slowed down by someone else's guesses: opened
 * in a browser, the link makes it a known device, so the real user gets past the slow-down without
 * anyone else getting more guesses. Only the token's SHA-256 is stored.
 */
export const signInLinks = pgTable(
  "sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_links_admin_idx").on(t.adminId)],
);
