import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, parentRef, timestamptz } from "./columns";

/**
 * Staff accounts. `role` is owner | sales | content (api/src/modules/access/access-policy.ts says what
 * each may do); the first admin, made by setup, is an owner. A disabled account cannot sign in and its
 * sessions are deleted when it is disabled.
 */
export const admins = pgTable(
  "admins",
  {
    id: id(),
    username: text("username").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull().default("owner"),
    /** Where invites and password resets go; unique without regard to case. */
    email: text("email"),
    disabledAt: timestamptz("disabled_at"),
    createdAt: createdAt(),
    lastLoginAt: timestamptz("last_login_at"),
  },
  (t) => [uniqueIndex("admins_email_idx").on(sql`lower(${t.email})`)],
);

/** The cookie carries a random token; only its SHA-256 is stored here. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    adminId: parentRef("admin_id", () => admins.id),
    createdAt: createdAt(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("sessions_admin_idx").on(t.adminId)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: id(),
    username: text("username").notNull(),
    ipAddress: text("ip_address").notNull(),
    succeeded: integer("succeeded").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("login_attempts_user_idx").on(t.username, t.createdAt)],
);

/** Fixed-window counters shared by every API process. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamptz("window_start").notNull(),
  count: integer("count").notNull(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    adminId: integer("admin_id"),
    adminName: text("admin_name").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_entity_idx").on(t.entityType, t.entityId)],
);

export const notes = pgTable(
  "notes",
  {
    id: id(),
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id").notNull(),
    adminName: text("admin_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("notes_entity_idx").on(t.entityType, t.entityId)],
);

/** Small key/value settings shared by all processes (e.g. the hashed one-time setup token). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
